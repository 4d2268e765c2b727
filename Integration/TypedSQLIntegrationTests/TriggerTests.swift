import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The trigger and view checks on SQLite and PostgreSQL.
@Suite struct TriggerTests {
  enum Check: String, CaseIterable, Sendable {
    case countsAndLogs, touchUpdatedAt, updateOfAColumnWhenItChanges, viewsQueriedAndWrittenThrough

    func run(on db: some Database) throws {
      switch self {
      case .countsAndLogs: try TriggerChecks.countsAndLogs(db)
      case .touchUpdatedAt: try TriggerChecks.touchUpdatedAt(db)
      case .updateOfAColumnWhenItChanges: try TriggerChecks.updateOfAColumnWhenItChanges(db)
      case .viewsQueriedAndWrittenThrough: try TriggerChecks.viewsQueriedAndWrittenThrough(db)
      }
    }
  }

  @Test("SQLite", arguments: Check.allCases)
  func sqlite(check: Check) throws {
    try onSQLite(schema: sqliteTriggerSchema) { try check.run(on: $0) }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: Check.allCases)
  func postgres(check: Check) throws {
    try onPostgres(schema: postgresTriggerSchema) { try check.run(on: $0) }
  }
}
