import Foundation
import Testing
import TypedSQL

/// Regressions of migrations that applied in part or touched another object, run on SQLite and
/// PostgreSQL. Each failed before its fix.
enum MigrationSafetyChecks {
  /// The tables of the current schema whose names start with `c`, the ones these checks create.
  static func tablesNamedC(_ db: some SchemaAwareDatabase) throws -> [String] {
    try ["c1", "c2", "c3", "c4", "c5"].filter { try db.declaredColumns(of: $0, schema: nil) != nil }
  }

  /// A migration whose text ends its transaction (`COMMIT`, `END`, `ROLLBACK`, `BEGIN`) is
  /// refused before any of it applies: nothing stays, nothing is recorded, and once corrected
  /// it applies whole.
  static func transactionControlInTheTextAppliesNothing(_ db: some SchemaAwareDatabase) throws {
    let isSQLite = db.dialectFamily == .sqlite
    let texts = [
      #"CREATE TABLE "c1" ("id" INTEGER); COMMIT; CREATE TABLE "c2" ("id" INTEGER); INSERT INTO "no_such_table" VALUES (1)"#,
      #"CREATE TABLE "c3" ("id" INTEGER); COMMIT; CREATE TABLE "c4" ("id" INTEGER)"#,
      #"CREATE TABLE "c1" ("id" INTEGER); END; CREATE TABLE "c2" ("id" INTEGER)"#,
      #"CREATE TABLE "c1" ("id" INTEGER); ROLLBACK; CREATE TABLE "c2" ("id" INTEGER)"#,
      #"BEGIN; CREATE TABLE "c1" ("id" INTEGER); COMMIT"#,
      #"CREATE TABLE "c1" ("id" INTEGER); /* a comment */ commit; CREATE TABLE "c2" ("id" INTEGER)"#,
      // A savepoint the text did not open: the migration's own, on SQLite.
      #"CREATE TABLE "c1" ("id" INTEGER); RELEASE "typedsql_savepoint_0"; CREATE TABLE "c2" ("id" INTEGER)"#,
    ]
    var halfApplied = 0
    for text in texts {
      var migrator = DatabaseMigrator()
      migrator.registerMigration("First", sql: #"CREATE TABLE "c5" ("id" INTEGER)"#)
      migrator.registerMigration("Ends its transaction", sql: text)
      #expect {
        try migrator.migrate(db)
      } throws: { error in
        guard case .transactionControl(let migration, _) = error as? MigrationError else { return false }
        return migration == "Ends its transaction"
      }
      if try tablesNamedC(db) != ["c5"] { halfApplied += 1 }
      #expect(try tablesNamedC(db) == ["c5"], "after \(text)")
      #expect(try migrator.appliedMigrations(db).map(\.name) == ["First"])
      // Run again, it fails the same way, not on a table the first run left.
      #expect {
        try migrator.migrate(db)
      } throws: { error in
        if case .transactionControl = error as? MigrationError { true } else { false }
      }
      try db.execute(#"DROP TABLE "c5""#)
      try db.execute(#"DELETE FROM "typedsql_migrations""#)
    }

    // The same text in a migration written in Swift.
    var coded = DatabaseMigrator()
    coded.registerMigration("Commits in code") { db in
      try db.execute(#"CREATE TABLE "c1" ("id" INTEGER)"#)
      try db.execute("COMMIT")
      try db.execute(#"CREATE TABLE "c2" ("id" INTEGER)"#)
    }
    #expect(throws: MigrationError.self) { try coded.migrate(db) }
    #expect(try tablesNamedC(db) == [])
    if try !tablesNamedC(db).isEmpty { halfApplied += 1 }
    reportSurvived(
      "\(db.dialectFamily) migrations ending their own transaction: \(texts.count + 1) refused, half-applied \(halfApplied)")
    #expect(try coded.appliedMigrations(db) == [])

    // Savepoints a migration opens and closes itself are its own business on SQLite; PostgreSQL
    // runs a migration's text where no transaction command can run, savepoints included.
    var balanced = DatabaseMigrator()
    balanced.registerMigration("Balanced savepoint", sql: #"SAVEPOINT "s"; CREATE TABLE "c1" ("id" INTEGER); RELEASE "s""#)
    if isSQLite {
      #expect(try balanced.migrate(db) == ["Balanced savepoint"])
      #expect(try tablesNamedC(db) == ["c1"])
    } else {
      #expect(throws: MigrationError.transactionControl(migration: "Balanced savepoint", statement: "a transaction command")) {
        try balanced.migrate(db)
      }
      #expect(try tablesNamedC(db) == [])
    }

    // A migration in Swift may nest transactions: their savepoints are balanced.
    var nested = isSQLite ? balanced : DatabaseMigrator()
    nested.registerMigration("Nested") { db in
      try db.execute(#"CREATE TABLE "c2" ("id" INTEGER)"#)
      try? db.transaction { db in
        try db.execute(#"CREATE TABLE "c3" ("id" INTEGER)"#)
        throw CancellationError()
      }
    }
    #expect(try nested.migrate(db) == ["Nested"])
    #expect(try tablesNamedC(db) == (isSQLite ? ["c1", "c2"] : ["c2"]))
  }

  /// A migration renamed to a canonically equivalent name (the same text, other bytes) is a
  /// renamed migration.
  static func renamedToACanonicalTwinIsReported(_ db: some SchemaAwareDatabase) throws {
    var applied = DatabaseMigrator()
    applied.registerMigration("Create caf\u{E9}", sql: #"CREATE TABLE "c1" ("id" INTEGER)"#)
    try applied.migrate(db)
    var renamed = DatabaseMigrator()
    renamed.registerMigration("Create cafe\u{301}", sql: #"CREATE TABLE "c1" ("id" INTEGER)"#)
    #expect(throws: MigrationError.appliedMigrationMissing(name: "Create caf\u{E9}", position: 0)) { try renamed.migrate(db) }
  }

  /// A migration registered to run outside a transaction runs what cannot run inside one, and
  /// is recorded once it has.
  static func migrationOutsideATransaction(_ db: some SchemaAwareDatabase) throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration(
      "Create c1", sqlite: #"CREATE TABLE "c1" ("id" INTEGER, "k" INTEGER)"#, postgres: #"CREATE TABLE "c1" ("id" integer, "k" integer)"#)
    migrator.registerMigration(
      "Index c1", runsInTransaction: false, sqlite: "VACUUM", postgres: #"CREATE INDEX CONCURRENTLY "c1_k" ON "c1" ("k")"#)
    #expect(try migrator.migrate(db) == ["Create c1", "Index c1"])
    #expect(try migrator.appliedMigrations(db).map(\.name) == ["Create c1", "Index c1"])
    #expect(try migrator.migrate(db) == [])

    // The same statement inside a transaction fails, and nothing is recorded.
    var inside = migrator
    inside.registerMigration("Index again", sqlite: "VACUUM", postgres: #"CREATE INDEX CONCURRENTLY "c1_k2" ON "c1" ("k")"#)
    #expect {
      try inside.migrate(db)
    } throws: { error in
      guard case .failed(let migration, _) = error as? MigrationError else { return false }
      return migration == "Index again"
    }
    #expect(try inside.appliedMigrations(db).count == 2)
  }

  /// A `CREATE INDEX CONCURRENTLY` that fails leaves an invalid index: the migration is not
  /// recorded, and the next `migrate` names the index instead of failing on its name.
  static func postgresInvalidIndexIsReported(_ db: some SchemaAwareDatabase) throws {
    try db.execute(#"CREATE TABLE "c1" ("id" integer, "k" integer); INSERT INTO "c1" VALUES (1, 1), (2, 1)"#)
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Unique k", runsInTransaction: false, sql: #"CREATE UNIQUE INDEX CONCURRENTLY "c1_k" ON "c1" ("k")"#)
    #expect {
      try migrator.migrate(db)
    } throws: { error in
      guard case .failed(let migration, let message) = error as? MigrationError else { return false }
      return migration == "Unique k" && message.contains("23505")
    }
    #expect(try migrator.appliedMigrations(db) == [])
    #expect(throws: MigrationError.invalidIndexes(migration: "Unique k", indexes: ["c1_k"])) { try migrator.migrate(db) }
    try db.execute(#"DROP INDEX "c1_k"; DELETE FROM "c1" WHERE "id" = 2"#)
    #expect(try migrator.migrate(db) == ["Unique k"])
  }
}
