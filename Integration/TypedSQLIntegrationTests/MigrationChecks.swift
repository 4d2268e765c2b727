import Foundation
import Testing
import TypedSQL

/// Migration and schema verification checks, each run on SQLite and PostgreSQL.
enum MigrationChecks {
  /// From an empty database the three migrations run in order; run again, none does.
  static func appliesTheHistoryFromEmpty(_ db: some SchemaAwareDatabase) throws {
    let migrator = MigrationHistory.migrator()
    #expect(try migrator.migrate(db) == ["Create lists", "Create items", "Add notes"])
    #expect(try migrator.migrate(db) == [])
    #expect(try migrator.appliedMigrations(db).map(\.name) == migrator.migrationNames)
    #expect(try MigratedList.all.fetchAll(db) == [MigratedList(id: 1, title: "Inbox")])
    try MigratedItem.insert { MigratedItem(id: 1, listID: 1, title: "Milk", notes: nil) }.execute(db)
    try db.verifySchema(of: MigratedList.self, MigratedItem.self)
  }

  /// A database migrated by an older version of the app gets only the newer migrations.
  static func appliesOnlyWhatIsNew(_ db: some SchemaAwareDatabase) throws {
    #expect(try MigrationHistory.migrator(first: 2).migrate(db) == ["Create lists", "Create items"])
    #expect(throws: SchemaVerificationError.self) { try db.verifySchema(of: MigratedItem.self) }
    #expect(try MigrationHistory.migrator().migrate(db) == ["Add notes"])
    try db.verifySchema(of: MigratedList.self, MigratedItem.self)
  }

  /// A migration that was applied and then edited, removed, renamed or moved stops the
  /// migrator, which names it and runs nothing.
  static func refusesAChangedHistory(_ db: some SchemaAwareDatabase) throws {
    try MigrationHistory.migrator(first: 2).migrate(db)

    var edited = DatabaseMigrator()
    edited.registerMigration("Create lists", sql: #"CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY)"#)
    edited.registerMigration("Create items", sql: MigrationHistory.createItems)
    #expect(throws: MigrationError.appliedMigrationChanged(name: "Create lists")) { try edited.migrate(db) }

    var removed = MigrationHistory.migrator(first: 1)
    removed.registerMigration("Add notes", sql: #"ALTER TABLE "items" ADD COLUMN "notes" TEXT"#)
    #expect(throws: MigrationError.appliedMigrationMissing(name: "Create items", position: 1)) { try removed.migrate(db) }

    var reordered = DatabaseMigrator()
    reordered.registerMigration("Create items", sql: MigrationHistory.createItems)
    let lists = MigrationHistory.createLists
    reordered.registerMigration(lists.name, sqlite: lists.sqlite, postgres: lists.postgres)
    #expect(throws: MigrationError.appliedMigrationMoved(name: "Create lists", appliedPosition: 0, registeredPosition: 1)) {
      try reordered.migrate(db)
    }

    var duplicated = MigrationHistory.migrator(first: 2)
    duplicated.registerMigration("Create items", sql: "SELECT 1")
    #expect(throws: MigrationError.duplicateName("Create items")) { try duplicated.migrate(db) }

    #expect(try MigrationHistory.migrator(first: 2).appliedMigrations(db).count == 2)
  }

  /// A migration that leaves a foreign key pointing at no row fails, and none of its work stays.
  static func rollsBackAForeignKeyViolation(_ db: some SchemaAwareDatabase) throws {
    var migrator = MigrationHistory.migrator(first: 2)
    migrator.registerMigration("Orphan item") { db in
      try db.execute(#"CREATE TABLE "archive" ("id" INTEGER PRIMARY KEY)"#)
      try MigratedItem.insert { ($0.id, $0.listID, $0.title) } values: { (7, 99, "Orphan") }.execute(db)
    }
    #expect {
      try migrator.migrate(db)
    } throws: { error in
      guard let error = error as? MigrationError else { return false }
      switch error {
      case .foreignKeyViolations(let migration, let violations):
        return migration == "Orphan item" && violations == [ForeignKeyViolation(table: "items", rowid: 7, parent: "lists")]
      case .failed(let migration, let message):
        return migration == "Orphan item" && message.contains("23503")
      default:
        return false
      }
    }
    #expect(try migrator.appliedMigrations(db).map(\.name) == ["Create lists", "Create items"])
    #expect(try db.declaredColumns(of: "archive", schema: nil) == nil)
    #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "items""#), as: Int.self) == 0)
  }

  /// In development, a changed history erases the database and migrates it from scratch.
  static func erasesInDevelopment(_ db: some SchemaAwareDatabase) throws {
    try MigrationHistory.migrator().migrate(db)
    try MigratedItem.insert { MigratedItem(id: 1, listID: 1, title: "Milk", notes: nil) }.execute(db)
    var changed = DatabaseMigrator()
    changed.eraseDatabaseOnSchemaChange = true
    changed.registerMigration("Create lists", sql: #"CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "color" TEXT)"#)
    #expect(try changed.migrate(db) == ["Create lists"])
    #expect(try db.declaredColumns(of: "items", schema: nil) == nil)
    #expect(try db.declaredColumns(of: "lists", schema: nil)?.map(\.name) == ["id", "title", "color"])
    #expect(try changed.appliedMigrations(db).map(\.name) == ["Create lists"])
  }

  /// Every kind of mismatch, each reported with its table, column and both types.
  static func reportsEachSchemaMismatch(_ db: some SchemaInspectingDatabase, text: String) throws {
    let mismatches = try db.schemaMismatches(of: [MismatchedAccount.self, MissingLedger.self, MisKeyedCode.self])
    #expect(mismatches == [
      .nullableColumnForNonOptional(table: "accounts", column: "name", declaredType: text, swiftType: "String"),
      .incompatibleType(table: "accounts", column: "balance", declaredType: text, swiftType: "Int"),
      .incompatibleType(table: "accounts", column: "token", declaredType: text, swiftType: "BytesRepresentation"),
      .notNullColumnForOptional(table: "accounts", column: "nickname", declaredType: text, swiftType: "String?"),
      .missingColumn(table: "accounts", column: "createdAt", swiftType: "Date"),
      .missingTable(table: "ledgers"),
      .primaryKey(table: "codes", declared: ["code"], swift: ["id"]),
    ])
    #expect(throws: SchemaVerificationError(mismatches: mismatches)) {
      try db.verifySchema(of: MismatchedAccount.self, MissingLedger.self, MisKeyedCode.self)
    }
  }
}
