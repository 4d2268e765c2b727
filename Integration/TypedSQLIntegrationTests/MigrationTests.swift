import Foundation
import Synchronization
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite

/// The migrator on SQLite and PostgreSQL, and schema verification on those and MariaDB.
@Suite struct MigrationTests {
  enum Check: String, CaseIterable, Sendable {
    case appliesTheHistoryFromEmpty, appliesOnlyWhatIsNew, refusesAChangedHistory, rollsBackAForeignKeyViolation
    case erasesInDevelopment

    func run(on db: some SchemaAwareDatabase) throws {
      switch self {
      case .appliesTheHistoryFromEmpty: try MigrationChecks.appliesTheHistoryFromEmpty(db)
      case .appliesOnlyWhatIsNew: try MigrationChecks.appliesOnlyWhatIsNew(db)
      case .refusesAChangedHistory: try MigrationChecks.refusesAChangedHistory(db)
      case .rollsBackAForeignKeyViolation: try MigrationChecks.rollsBackAForeignKeyViolation(db)
      case .erasesInDevelopment: try MigrationChecks.erasesInDevelopment(db)
      }
    }
  }

  @Test("SQLite", arguments: Check.allCases)
  func sqlite(check: Check) throws {
    try onSQLite(schema: "") { try check.run(on: $0) }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: Check.allCases)
  func postgres(check: Check) throws {
    try onPostgres(schema: "") { try check.run(on: $0) }
  }

  @Test func sqliteReportsEachSchemaMismatch() throws {
    try onSQLite(schema: sqliteMismatchSchema) { try MigrationChecks.reportsEachSchemaMismatch($0, text: "TEXT") }
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresReportsEachSchemaMismatch() throws {
    try onPostgres(schema: postgresMismatchSchema) { try MigrationChecks.reportsEachSchemaMismatch($0, text: "text") }
  }

  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDBReportsEachSchemaMismatch() throws {
    try onMySQL(schema: mysqlMismatchSchema) { try MigrationChecks.reportsEachSchemaMismatch($0, text: "text") }
  }

  /// Every value table of the value checks, as MariaDB declares it, holds what its Swift type
  /// stores: each representation's column type is accepted.
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDBAcceptsEveryValueTable() throws {
    try onMySQL(schema: mysqlValueSchema) { db throws in
      try db.verifySchema(of: Event.self, Token.self, Document.self, Chore.self, Day.self, Gauge.self)
      let tokens = try #require(try db.declaredColumns(of: "tokens", schema: nil))
      #expect(tokens.map(\.type) == ["bigint(20)", "char(36)", "char(36)", "longblob", "char(36)"])
    }
  }

  /// Table names are compared by their bytes, as the server names tables: a table of the same
  /// name in other capitals is another table, and a type reads only its own.
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDBNamesTablesByTheirBytes() throws {
    try onMySQL(schema: #"CREATE TABLE "Codes" ("id" bigint PRIMARY KEY, "code" text NOT NULL)"#) { db throws in
      #expect(try db.declaredColumns(of: "codes", schema: nil) == nil)
      #expect(try db.declaredColumns(of: "Codes", schema: nil)?.map(\.name) == ["id", "code"])
      #expect(try db.schemaMismatches(of: [MisKeyedCode.self]) == [.missingTable(table: "codes")])
    }
  }

  /// Two processes (two connections) migrate the same schema at once: the advisory lock makes
  /// one wait for the other, and each migration runs exactly once.
  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresMigratorsRunEachMigrationOnce() throws {
    let url = try PostgresTestServer.shared.get().url
    try onPostgres(schema: "") { db in
      let schema = try #require(try db.fetchOne(RenderedSQL(sql: "SELECT current_schema()::text"), as: String.self))
      var migrator = MigrationHistory.migrator()
      migrator.registerMigration("Slow", sql: #"CREATE TABLE "runs" ("id" integer); SELECT pg_sleep(0.3); INSERT INTO "runs" VALUES (1)"#)
      let connections = try (0..<2).map { _ in
        let connection = try PostgresDatabase(url: url)
        try connection.execute("SET search_path TO \"\(schema)\"")
        return connection
      }
      let results = Mutex<[Result<[String], any Error>]>([])
      let migratorToRun = migrator
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        let result = Result { try migratorToRun.migrate(connections[index]) }
        results.withLock { $0.append(result) }
      }
      let applied = try results.withLock { try $0.map { try $0.get() } }
      #expect(applied.flatMap { $0 }.sorted() == migrator.migrationNames.sorted())
      #expect(applied.contains([]))
      #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "runs""#), as: Int.self) == 1)
      connections.forEach { $0.close() }
    }
  }
}
