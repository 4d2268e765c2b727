import CSQLite
import Foundation
import TypedSQLCore

/// How a connection waits for a lock another connection holds: as `sqlite3_busy_timeout` does,
/// retrying with SQLite's own growing pauses until `timeout` has passed, except that it gives up
/// at once when the `async` work waiting was cancelled (see `Interruption`). The statement then
/// fails with SQLITE_BUSY, and the cancelled call throws `CancellationError`.
final class SQLiteBusyWait {
  /// The longest wait, in milliseconds.
  private let timeout: Int
  private let interruption: Interruption

  /// SQLite's pauses between attempts, in milliseconds; later ones repeat the last.
  private static let pauses = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
  /// How long the pauses before each attempt add up to.
  private static let waitedBefore = pauses.reduce(into: [0]) { $0.append($0.last! + $1) }
  /// The longest a cancelled wait sleeps before it notices.
  private static let slice = 10

  init(timeout: Duration, interruption: Interruption) {
    self.timeout = Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
    self.interruption = interruption
  }

  /// Installs this wait on `handle`, which must not outlive it.
  func install(on handle: OpaquePointer) {
    sqlite3_busy_handler(handle, { wait, attempts in
      guard let wait else { return 0 }
      return Unmanaged<SQLiteBusyWait>.fromOpaque(wait).takeUnretainedValue().pause(afterAttempts: Int(attempts)) ? 1 : 0
    }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Sleeps before the next attempt and returns `true`, or returns `false` to give up.
  private func pause(afterAttempts attempts: Int) -> Bool {
    let count = Self.pauses.count
    let waited = attempts < count
      ? Self.waitedBefore[attempts] : Self.waitedBefore[count] + (attempts - count) * Self.pauses[count - 1]
    var remaining = min(Self.pauses[min(attempts, count - 1)], timeout - waited)
    guard remaining > 0 else { return false }
    while remaining > 0 {
      if interruption.isRequestedOnCurrentThread { return false }
      let slice = min(remaining, Self.slice)
      usleep(UInt32(slice * 1000))
      remaining -= slice
    }
    return !interruption.isRequestedOnCurrentThread
  }
}
