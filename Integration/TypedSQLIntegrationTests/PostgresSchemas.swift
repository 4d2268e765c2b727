import Foundation
import TypedSQLPostgres
import TypedSQLTestServers

/// Runs an `async` test body with the address of a fresh schema on the PostgreSQL test server,
/// created from `schema`: every connection opened with that address (a pool's, say) works in
/// that schema. The schema is dropped afterwards.
func withPostgresSchema(_ schema: String, _ body: (String) async throws -> Void) async throws {
  let server = try PostgresTestServer.shared.get()
  let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  let admin = try PostgresDatabase(url: server.url)
  try admin.execute("CREATE SCHEMA \"\(name)\"; SET search_path TO \"\(name)\"; \(schema)")
  defer { try? admin.execute("DROP SCHEMA \"\(name)\" CASCADE") }
  try await body(postgresAddress(server.url, settingOption: "search_path", to: name))
  IntegrationRunCounter.shared.record("PostgreSQL")
}
