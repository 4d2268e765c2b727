import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL

/// Waits until a session of the server runs `sql` (read from `information_schema.PROCESSLIST`),
/// at most a minute.
func waitUntilRunning(_ sql: String, admin: MySQLDatabase) async throws {
  let deadline = Date().addingTimeInterval(60)
  while Date() < deadline {
    let running = try admin.fetchOne(
      RenderedSQL(sql: "SELECT count(*) FROM information_schema.PROCESSLIST WHERE INFO = ?", bindings: [.text(sql)]), as: Int.self)
    if running ?? 0 > 0 { return }
    try await Task.sleep(for: .milliseconds(50))
  }
  Issue.record("no session ran \(sql) within a minute")
}
