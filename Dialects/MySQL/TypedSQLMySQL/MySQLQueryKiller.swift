import CMariaDB
import Foundation

/// Stops the statement a connection runs, from any thread: it opens a connection of its own and
/// sends `KILL QUERY` with the session's id, and the statement fails with error 1317 ("Query
/// execution was interrupted"; the server rolls back what the statement changed, the transaction
/// stays open). The connection renews the id each time it connects, since each server session
/// has its own.
///
/// As with PostgreSQL's cancel request, the kill reaches whatever the session runs when it
/// arrives: ``MySQLDatabase`` sends it only while the cancelled work holds the connection.
final class MySQLQueryKiller: @unchecked Sendable {
  private let lock = NSLock()
  private let options: MySQLConnectionOptions
  /// The server's id of the current session, or `nil` while the connection is closed.
  private var sessionID: UInt?

  init(options: MySQLConnectionOptions) {
    self.options = options
  }

  /// Takes the id of the session `connection` has just opened; `nil` as it closes.
  func renew(for connection: UnsafeMutablePointer<MYSQL>?) {
    let id = connection.map { mysql_thread_id($0) }
    lock.withLock { sessionID = id }
  }

  /// Sends the kill; one that cannot be delivered (the server unreachable) is dropped, and the
  /// statement then runs to its end.
  func send() {
    lock.withLock {
      guard let sessionID, let killer = try? MySQLConnection.open(options) else { return }
      let sql = "KILL QUERY \(sessionID)"
      _ = mysql_real_query(killer, sql, UInt(sql.utf8.count))
      mysql_close(killer)
    }
  }
}
