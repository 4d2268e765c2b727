import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The trigger and view checks on SQLite, PostgreSQL and MariaDB.
@Suite struct TriggerTests {
  enum Check: String, CaseIterable, Sendable {
    case countsAndLogs, touchUpdatedAt, touchesReadTheOldAndNewRows, updateOfAColumnWhenItChanges
    case viewsQueriedAndWrittenThrough

    /// The checks that run on MariaDB: all but those it refuses.
    static let runOnMariaDB: [Check] = allCases.filter { check in !refusedOnMariaDB.contains { $0.check == check } }

    /// The checks MariaDB refuses, each with the feature its refusal names: its triggers cannot
    /// tell which columns an update names, and it has no `INSTEAD OF` triggers (the view is
    /// created and queried before the refusal).
    static let refusedOnMariaDB: [(check: Check, feature: String)] = [
      (.updateOfAColumnWhenItChanges, "UPDATE OF columns on a trigger (the server's triggers cannot tell which columns an update names)"),
      (.viewsQueriedAndWrittenThrough, "INSTEAD OF triggers"),
    ]

    func run(on db: some Database) throws {
      switch self {
      case .countsAndLogs: try TriggerChecks.countsAndLogs(db)
      case .touchUpdatedAt: try TriggerChecks.touchUpdatedAt(db)
      case .touchesReadTheOldAndNewRows: try TriggerChecks.touchesReadTheOldAndNewRows(db)
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

  @Test("MariaDB", .enabled(if: MySQLTestServer.suitesRun), arguments: Check.runOnMariaDB)
  func mariaDB(check: Check) throws {
    try onMySQL(schema: mysqlTriggerSchema) { try check.run(on: $0) }
  }

  @Test("MariaDB refuses by name", .enabled(if: MySQLTestServer.suitesRun), arguments: Check.refusedOnMariaDB)
  func mariaDBRefuses(check: Check, feature: String) throws {
    try withMySQL { db throws in
      try db.execute(mysqlTriggerSchema)
      let error = #expect(throws: DialectError.self) { try check.run(on: db) }
      #expect(error == .unsupported(feature: feature, dialect: db.dialect.name))
    }
  }
}
