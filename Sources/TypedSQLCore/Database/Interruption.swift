import CTypedSQLThreads
import Foundation

/// How the cancellation of an `async` call reaches the connection doing its work.
///
/// The call's work runs on the connection's own thread (see ``ConnectionThread``). When its task
/// is cancelled, the statement it is running is interrupted (SQLite stops it at its next progress
/// check; PostgreSQL gets a cancel request), and each later statement of that work throws
/// `CancellationError` before it starts, until the work returns. Statements that end a
/// transaction by rolling it back are exempt, so the work's transaction rolls back and a
/// cancelled transaction never commits.
///
/// Only the thread of the cancelled work sees the request: another thread that takes the
/// connection meanwhile (a blocking caller) runs as usual.
@usableFromInline
package final class Interruption: @unchecked Sendable {
  /// The thread whose work was cancelled, or 0. Read on every statement, with no lock.
  @usableFromInline
  let cancelledThread: UnsafeMutablePointer<UInt>
  private let lock = NSLock()
  /// Stops the statement the connection runs now, given the thread whose work was cancelled;
  /// `nil` while the connection has none to stop (closed, or not open yet).
  private var interruptStatement: (@Sendable (_ thread: UInt) -> Void)?

  package init() {
    cancelledThread = .allocate(capacity: 1)
    cancelledThread.initialize(to: 0)
  }

  deinit {
    cancelledThread.deallocate()
  }

  /// Whether the work running on the calling thread was cancelled.
  @inlinable
  package var isRequestedOnCurrentThread: Bool {
    let thread = typedsql_load_relaxed(cancelledThread)
    return thread != 0 && thread == typedsql_current_thread()
  }

  /// Throws `CancellationError` when the work running on the calling thread was cancelled.
  @inlinable
  package func checkNotRequested() throws {
    if isRequestedOnCurrentThread { throw CancellationError() }
  }

  /// Sets how the connection's running statement is stopped; `nil` when there is nothing left to
  /// stop, as the connection closes.
  package func setStatementInterrupter(_ interrupter: (@Sendable (_ thread: UInt) -> Void)?) {
    lock.withLock { interruptStatement = interrupter }
  }

  /// Asks the work running on `thread` to stop: its statement now, its later statements as they
  /// start.
  package func request(forWorkOn thread: UInt) {
    lock.withLock {
      typedsql_store_relaxed(cancelledThread, thread)
      interruptStatement?(thread)
    }
  }

  /// Forgets a request, as the work it was for ends.
  package func clear() {
    lock.withLock { typedsql_store_relaxed(cancelledThread, 0) }
  }
}
