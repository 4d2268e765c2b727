import Foundation

/// Whether the caller that is opening a connection on this thread has given up: its task was
/// cancelled. A driver checks it while it waits for a server, so that cancelling a task ends a
/// connection attempt promptly instead of when the server answers.
///
/// The opening may run on the task's own thread (a blocking initializer called from `async`
/// code) or on a thread ``ConnectionThread/runDetached(_:)`` started for the task (a pool's); both
/// are seen.
package enum OpeningCancellation {
  /// Whether the work on the calling thread was cancelled.
  package static var isRequested: Bool {
    if withUnsafeCurrentTask(body: { $0?.isCancelled }) == true { return true }
    return (Thread.current.threadDictionary[flagKey] as? Flag)?.isRaised == true
  }

  /// Runs `body` on the calling thread, with `flag` as what ``isRequested`` reads there.
  static func run<Result>(raising flag: Flag, _ body: () throws -> Result) rethrows -> Result {
    Thread.current.threadDictionary[flagKey] = flag
    defer { Thread.current.threadDictionary[flagKey] = nil }
    return try body()
  }

  private static let flagKey = "TypedSQL.OpeningCancellation"

  /// A request to give up, raised from another thread.
  final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    /// Whether the request was made.
    var isRaised: Bool { lock.withLock { raised } }

    /// Makes the request.
    func raise() { lock.withLock { raised = true } }
  }
}
