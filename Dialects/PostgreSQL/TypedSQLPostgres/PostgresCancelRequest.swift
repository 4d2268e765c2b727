import CLibPQ
import Foundation

/// Asks the server to cancel the statement a connection runs, from any thread: libpq's
/// `PQcancel`, which opens a connection of its own to deliver the request. The connection
/// renews the request's key each time it connects, since each server session has its own.
final class PostgresCancelRequest: @unchecked Sendable {
  private let lock = NSLock()
  /// The current session's key, or `nil` while the connection is closed.
  private var cancel: OpaquePointer?

  deinit {
    PQfreeCancel(cancel)
  }

  /// Takes the key of the session `connection` has just opened; `nil` as it closes.
  func renew(for connection: OpaquePointer?) {
    let key = connection.flatMap { PQgetCancel($0) }
    lock.withLock {
      PQfreeCancel(cancel)
      cancel = key
    }
  }

  /// Sends the request; the server cancels the statement its session runs, if any, and the
  /// statement fails with SQLSTATE 57014. A request that cannot be delivered is dropped: the
  /// statement then runs to its end.
  func send() {
    lock.withLock {
      guard let cancel else { return }
      var message = [CChar](repeating: 0, count: 256)
      _ = PQcancel(cancel, &message, Int32(message.count))
    }
  }
}
