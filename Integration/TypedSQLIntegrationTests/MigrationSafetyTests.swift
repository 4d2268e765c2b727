import Foundation
import Synchronization
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// Migrations that never half-apply and never touch another object, on SQLite and PostgreSQL:
/// the portable checks of ``MigrationSafetyChecks``, and each database's own twins of a name
/// (SQLite's `temp` tables, PostgreSQL's `pg_temp` and `search_path`).
@Suite struct MigrationSafetyTests {
  enum Check: String, CaseIterable, Sendable {
    case transactionControlInTheTextAppliesNothing, renamedToACanonicalTwinIsReported, migrationOutsideATransaction

    func run(on db: some SchemaAwareDatabase) throws {
      switch self {
      case .transactionControlInTheTextAppliesNothing: try MigrationSafetyChecks.transactionControlInTheTextAppliesNothing(db)
      case .renamedToACanonicalTwinIsReported: try MigrationSafetyChecks.renamedToACanonicalTwinIsReported(db)
      case .migrationOutsideATransaction: try MigrationSafetyChecks.migrationOutsideATransaction(db)
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

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresInvalidIndexIsReported() throws {
    try onPostgres(schema: "") { try MigrationSafetyChecks.postgresInvalidIndexIsReported($0) }
  }

  /// A `temp` table of the same name as a main one: the erase drops the main table, never the
  /// temporary one; the history is the main database's; verification checks the table that
  /// queries read, the temporary one.
  @Test func sqliteTempTwinsAreLeftAlone() throws {
    let db = try SQLiteDatabase()
    try MigrationHistory.migrator().migrate(db)
    try MigratedItem.insert { MigratedItem(id: 1, listID: 1, title: "Milk", notes: nil) }.execute(db)
    try db.execute(#"CREATE TEMP TABLE "items" ("kept" TEXT); INSERT INTO "temp"."items" VALUES ('keep me')"#)
    try db.execute(#"CREATE TEMP TABLE "typedsql_migrations" ("position" INTEGER, "name" TEXT, "checksum" TEXT, "appliedAt" TEXT)"#)

    var changed = DatabaseMigrator()
    changed.eraseDatabaseOnSchemaChange = true
    changed.registerMigration("Create lists", sql: #"CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "color" TEXT)"#)
    changed.registerMigration("Create items", sql: #"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
    #expect(try changed.migrate(db) == ["Create lists", "Create items"])
    #expect(try db.fetchAll(RenderedSQL(sql: #"SELECT "kept" FROM "temp"."items""#), as: String.self) == ["keep me"])
    #expect(try db.declaredColumns(of: "items", schema: "main")?.map(\.name) == ["id", "name"])
    #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "temp"."typedsql_migrations""#), as: Int.self) == 0)
    #expect(try changed.appliedMigrations(db).map(\.name) == ["Create lists", "Create items"])
    // Queries read the temporary table: verification reports it.
    #expect(throws: SchemaVerificationError.self) { try db.verifySchema(of: MigratedItem.self) }
    reportSurvived("SQLite erase and history beside temp tables of the same names: wrong objects touched 0")
  }

  /// A second connection to the same file that read the history before the first applied the
  /// migrations applies nothing and fails nothing: each migration's transaction takes the write
  /// lock, then finds the first connection's record.
  @Test func sqliteSecondMigratorFindsTheFirstsWork() throws {
    let path = NSTemporaryDirectory() + "typedsql-migrators-\(UUID().uuidString).db"
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let migrator = MigrationHistory.migrator()
    let first = try SQLiteDatabase(path: path)
    try DatabaseMigrator().migrate(first)  // the history table, empty
    let sink = CapturingLogHandler.Sink()
    let second = try SQLiteDatabase(path: path, busyTimeout: .seconds(30), log: StatementLog(CapturingLogHandler.logger(level: .debug, into: sink)))

    let outcome = Mutex<Result<[String], any Error>?>(nil)
    try first.transaction { first in
      // The second migrator reads the history (empty), then waits for the write lock the first
      // holds.
      Thread { outcome.withLock { $0 = Result { try migrator.migrate(second) } } }.start()
      func hasReadTheHistory() -> Bool {
        sink.records.withLock {
          $0.contains { $0.metadata["db.query.text"].map { $0.contains("typedsql_migrations") && $0.contains("ORDER BY") } ?? false }
        }
      }
      while !hasReadTheHistory() { usleep(1000) }
      usleep(100_000)
      let applied = try migrator.migrate(first)
      #expect(applied == migrator.migrationNames)
    }
    while outcome.withLock({ $0 == nil }) { usleep(1000) }
    #expect(try outcome.withLock { try $0!.get() } == [])
    #expect(try MigratedList.all.fetchAll(first) == [MigratedList(id: 1, title: "Inbox")])
    #expect(try migrator.appliedMigrations(first).count == 3)
  }

  /// A temporary table (found before any schema) and another schema of `search_path` holding
  /// tables of the history's name: the migrator reads and writes the current schema's.
  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresTwinsOnTheSearchPathAreLeftAlone() throws {
    try onPostgres(schema: "") { db in
      let schema = try #require(try db.fetchOne(RenderedSQL(sql: "SELECT current_schema()::text"), as: String.self))
      let other = schema + "_other"
      try db.execute("""
        CREATE SCHEMA "\(other)";
        CREATE TABLE "\(other)"."typedsql_migrations" ("position" integer, "name" text, "checksum" text, "appliedAt" text);
        INSERT INTO "\(other)"."typedsql_migrations" VALUES (0, 'Create lists', '', '');
        SET search_path TO "\(schema)", "\(other)";
        CREATE TEMP TABLE "typedsql_migrations" ("position" integer, "name" text, "checksum" text, "appliedAt" text);
        INSERT INTO pg_temp."typedsql_migrations" VALUES (0, 'Create lists', '', ''), (1, 'Create items', '', '');
        """)
      defer { try? db.execute("DROP SCHEMA \"\(other)\" CASCADE; DROP TABLE pg_temp.\"typedsql_migrations\", pg_temp.\"lists\"") }
      let migrator = MigrationHistory.migrator()
      #expect(try migrator.migrate(db) == migrator.migrationNames)
      try db.execute(#"CREATE TEMP TABLE "lists" ("id" integer PRIMARY KEY, "name" text)"#)
      #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "\#(schema)"."typedsql_migrations""#), as: Int.self) == 3)
      #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM pg_temp."typedsql_migrations""#), as: Int.self) == 2)
      #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "\#(other)"."typedsql_migrations""#), as: Int.self) == 1)
      // Queries read the temporary "lists": verification reports it.
      #expect(throws: SchemaVerificationError.self) { try db.verifySchema(of: MigratedList.self) }
      try db.verifySchema(of: MigratedItem.self)

      // The erase drops the current schema; the temporary twin stays.
      var changed = DatabaseMigrator()
      changed.eraseDatabaseOnSchemaChange = true
      changed.registerMigration("Create lists", sql: #"CREATE TABLE "lists" ("id" integer PRIMARY KEY)"#)
      #expect(try changed.migrate(db) == ["Create lists"])
      #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM pg_temp."typedsql_migrations""#), as: Int.self) == 2)
      reportSurvived("PostgreSQL history, erase and verification beside pg_temp and search_path twins: wrong objects touched 0")
    }
  }
}
