import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL

/// Waits until the server's session `session` (its `CONNECTION_ID()`) runs `sql` (read from
/// `information_schema.PROCESSLIST`), at most ``testPatience``. The session is named because
/// tests running beside this one may run the same statement.
func waitUntilRunning(_ sql: String, onSession session: Int, admin: MySQLDatabase) async throws {
  let deadline = Date().addingTimeInterval(testPatienceSeconds)
  while Date() < deadline {
    let running = try admin.fetchOne(
      RenderedSQL(
        sql: "SELECT count(*) FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO = ?",
        bindings: [.int(Int64(session)), .text(sql)]),
      as: Int.self)
    if running ?? 0 > 0 { return }
    try await Task.sleep(for: .milliseconds(50))
  }
  Issue.record("session \(session) did not run \(sql) within \(testPatience)")
}
