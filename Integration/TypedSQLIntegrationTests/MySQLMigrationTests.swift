import Foundation
import Synchronization
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers

/// The migrator on MariaDB, which commits each schema change on its own (committing the open
/// transaction first): a migration whose only statement is one runs it and is then recorded,
/// one that holds one beside other statements is refused before anything runs, and data
/// migrations stay all or nothing.
@Suite(.enabled(if: MySQLTestServer.suitesRun)) struct MySQLMigrationTests {
  /// Lists, items and notes, one schema change per migration, then a first list in Swift.
  static func history(first count: Int = 4) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    let lists = MigrationHistory.createLists
    let steps: [(inout DatabaseMigrator) -> Void] = [
      {
        $0.registerMigration(
          lists.name, sqlite: lists.sqlite, postgres: lists.postgres,
          mysql: #"CREATE TABLE "lists" ("id" integer PRIMARY KEY, "title" text NOT NULL)"#)
      },
      { $0.registerMigration("Create items", sql: MigrationHistory.createItems) },
      { $0.registerMigration("Add notes", sql: #"ALTER TABLE "items" ADD COLUMN "notes" TEXT"#) },
      {
        $0.registerMigration("Add a first list") { db in
          try MigratedList.insert { MigratedList(id: 1, title: "Inbox") }.execute(db)
        }
      },
    ]
    for step in steps.prefix(count) { step(&migrator) }
    return migrator
  }

  @Test func appliesAHistoryOneSchemaChangeAtATime() throws {
    try withMySQL { db throws in
      let migrator = Self.history()
      #expect(try migrator.migrate(db) == ["Create lists", "Create items", "Add notes", "Add a first list"])
      #expect(try migrator.migrate(db) == [])
      #expect(try migrator.appliedMigrations(db).map(\.name) == migrator.migrationNames)
      #expect(try MigratedList.all.fetchAll(db) == [MigratedList(id: 1, title: "Inbox")])
      try MigratedItem.insert { MigratedItem(id: 1, listID: 1, title: "Milk", notes: nil) }.execute(db)
      try db.verifySchema(of: MigratedList.self, MigratedItem.self)
      #expect(try Self.history(first: 2).appliedMigrations(db).count == 4)
    }
  }

  @Test func appliesOnlyWhatIsNew() throws {
    try withMySQL { db throws in
      #expect(try Self.history(first: 2).migrate(db) == ["Create lists", "Create items"])
      #expect(throws: SchemaVerificationError.self) { try db.verifySchema(of: MigratedItem.self) }
      #expect(try Self.history().migrate(db) == ["Add notes", "Add a first list"])
      try db.verifySchema(of: MigratedList.self, MigratedItem.self)
    }
  }

  /// A schema change beside other statements would commit them and itself on its own: the
  /// migrator refuses the migration, naming the statement, before any of it runs.
  @Test func refusesASchemaChangeBesideOtherStatements() throws {
    try withMySQL { db throws in
      var twoChanges = Self.history(first: 2)
      twoChanges.registerMigration(
        "Two tables", sql: #"CREATE TABLE "a" ("id" integer); CREATE TABLE "b" ("id" integer)"#)
      #expect(throws: MigrationError.implicitCommit(migration: "Two tables", statement: #"CREATE TABLE "a" ("id" integer)"#)) {
        try twoChanges.migrate(db)
      }
      #expect(try db.declaredColumns(of: "a", schema: nil) == nil)

      var dataThenChange = Self.history(first: 2)
      dataThenChange.registerMigration(
        "Data then change",
        sql: #"INSERT INTO "lists" VALUES (5, 'Work'); ALTER TABLE "items" ADD COLUMN "notes" TEXT"#)
      #expect(
        throws: MigrationError.implicitCommit(
          migration: "Data then change", statement: #"ALTER TABLE "items" ADD COLUMN "notes" TEXT"#)
      ) {
        try dataThenChange.migrate(db)
      }
      #expect(try MigratedList.count().fetchOne(db) == 0)
      #expect(try Self.history().appliedMigrations(db).map(\.name) == ["Create lists", "Create items"])
    }
  }

  /// Swift code runs in the migration's transaction, where a schema change is refused as it is
  /// about to run: the rows the code wrote before it are rolled back.
  @Test func refusesASchemaChangeInSwiftCode() throws {
    try withMySQL { db throws in
      var migrator = Self.history(first: 2)
      migrator.registerMigration("Archive") { db in
        try MigratedList.insert { MigratedList(id: 1, title: "Inbox") }.execute(db)
        try db.execute(#"CREATE TABLE "archive" ("id" integer)"#)
      }
      #expect(throws: MigrationError.implicitCommit(migration: "Archive", statement: #"CREATE TABLE "archive" ("id" integer)"#)) {
        try migrator.migrate(db)
      }
      #expect(try MigratedList.count().fetchOne(db) == 0)
      #expect(try db.declaredColumns(of: "archive", schema: nil) == nil)

      // Outside a transaction, the same code runs, each statement committing as it goes.
      var outside = Self.history(first: 2)
      outside.registerMigration("Archive", runsInTransaction: false) { db in
        try MigratedList.insert { MigratedList(id: 1, title: "Inbox") }.execute(db)
        try db.execute(#"CREATE TABLE "archive" ("id" integer)"#)
      }
      #expect(try outside.migrate(db) == ["Archive"])
      #expect(try db.declaredColumns(of: "archive", schema: nil)?.map(\.name) == ["id"])
    }
  }

  @Test func refusesTransactionControl() throws {
    try withMySQL { db throws in
      var migrator = Self.history(first: 2)
      migrator.registerMigration(
        "Commit midway", sql: #"INSERT INTO "lists" VALUES (1, 'Inbox'); COMMIT; INSERT INTO "lists" VALUES (2, 'Work')"#)
      #expect(throws: MigrationError.transactionControl(migration: "Commit midway", statement: "COMMIT")) {
        try migrator.migrate(db)
      }
      #expect(try MigratedList.count().fetchOne(db) == 0)
    }
  }

  /// With `runsInTransaction: false`, several schema changes run in one migration, recorded once
  /// all have.
  @Test func runsSeveralSchemaChangesOutsideATransaction() throws {
    try withMySQL { db throws in
      var migrator = Self.history(first: 2)
      migrator.registerMigration(
        "Two tables", runsInTransaction: false,
        sql: #"CREATE TABLE "a" ("id" integer); CREATE TABLE "b" ("id" integer)"#)
      #expect(try migrator.migrate(db) == ["Create lists", "Create items", "Two tables"])
      #expect(try db.declaredColumns(of: "b", schema: nil)?.map(\.name) == ["id"])
    }
  }

  /// A data migration that breaks a foreign key fails as its statement runs (InnoDB checks each
  /// statement), and none of its rows stay.
  @Test func rollsBackAForeignKeyViolation() throws {
    try withMySQL { db throws in
      var migrator = Self.history(first: 2)
      migrator.registerMigration("Orphan item") { db in
        try MigratedList.insert { MigratedList(id: 1, title: "Inbox") }.execute(db)
        try MigratedItem.insert { ($0.id, $0.listID, $0.title) } values: { (7, 99, "Orphan") }.execute(db)
      }
      #expect {
        try migrator.migrate(db)
      } throws: { error in
        guard case .failed(let migration, let message) = error as? MigrationError else { return false }
        return migration == "Orphan item" && message.contains("1452")
      }
      #expect(try MigratedList.count().fetchOne(db) == 0)
      #expect(try Self.history().appliedMigrations(db).count == 2)
    }
  }

  /// A schema change that fails is not recorded; once fixed (it was never applied, so it may
  /// change), it runs.
  @Test func aFailedSchemaChangeIsNotRecorded() throws {
    try withMySQL { db throws in
      var broken = Self.history(first: 2)
      broken.registerMigration("Add notes", sql: #"ALTER TABLE "itemz" ADD COLUMN "notes" TEXT"#)
      #expect {
        try broken.migrate(db)
      } throws: { error in
        guard case .failed(let migration, let message) = error as? MigrationError else { return false }
        return migration == "Add notes" && message.contains("1146")
      }
      #expect(try Self.history().appliedMigrations(db).count == 2)
      #expect(try Self.history().migrate(db) == ["Add notes", "Add a first list"])
    }
  }

  /// A stored procedure is one statement, semicolons in its body and all: it runs alone, then is
  /// recorded.
  @Test func runsAStoredProgramAsOneStatement() throws {
    try withMySQL { db throws in
      var migrator = Self.history(first: 2)
      migrator.registerMigration(
        "Count lists",
        sql: """
          CREATE PROCEDURE "countLists"(OUT "total" integer)
          BEGIN
            DECLARE "n" integer DEFAULT 0;
            SELECT count(*) INTO "n" FROM "lists";
            SET "total" = CASE WHEN "n" > 0 THEN "n" ELSE 0 END;
          END
          """)
      #expect(try migrator.migrate(db) == ["Create lists", "Create items", "Count lists"])
      try db.execute(#"CALL "countLists"(@total)"#)
      #expect(try db.fetchOne(RenderedSQL(sql: "SELECT @total"), as: Int?.self) == 0)
    }
  }

  /// Statements are read as the server reads them: strings, names and comments hide their
  /// semicolons, executable comments are code, and a stored program's body belongs to it.
  @Test func readsStatementsAsTheServerDoes() throws {
    try withMySQL { db throws in
      func commit(_ sql: String) -> ImplicitlyCommittingStatement? { db.implicitlyCommittingStatement(in: sql) }
      #expect(commit(#"INSERT INTO "lists" VALUES (1, 'a;b'); UPDATE "lists" SET "title" = '--;'"#) == nil)
      #expect(
        commit("SELECT ';' AS \"a;b\", `c;d`; -- DROP TABLE x;\n# DROP TABLE y;\n/* DROP TABLE z; */ DROP TABLE w")
          == ImplicitlyCommittingStatement(statement: "DROP TABLE w", isOnlyStatement: false))
      #expect(
        commit("/*!40101 ALTER TABLE \"lists\" ENGINE = InnoDB */")
          == ImplicitlyCommittingStatement(statement: "/*!40101 ALTER TABLE \"lists\" ENGINE = InnoDB */", isOnlyStatement: true))
      #expect(commit(#"CREATE TEMPORARY TABLE "t" ("id" integer); DROP TEMPORARY TABLE "t""#) == nil)
      #expect(commit("CALL \"refresh\"()")?.isOnlyStatement == true)
      let trigger = """
        CREATE DEFINER = CURRENT_USER TRIGGER "titled" BEFORE INSERT ON "lists" FOR EACH ROW
        BEGIN
          IF NEW."title" = '' THEN SET NEW."title" = 'Untitled'; END IF;
          CASE WHEN NEW."id" < 0 THEN SET NEW."id" = 0; ELSE BEGIN END; END CASE;
        END;
        """
      #expect(commit(trigger)?.isOnlyStatement == true)
      #expect(commit(trigger + #" INSERT INTO "lists" VALUES (1, '')"#)?.isOnlyStatement == false)
      #expect(commit(#"CREATE TABLE "event" ("begin" integer); INSERT INTO "event" VALUES (1)"#)?.isOnlyStatement == false)
    }
  }

  /// In development, a changed history erases the database (its tables, whatever their foreign
  /// keys) and migrates it from scratch.
  @Test func erasesInDevelopment() throws {
    try withMySQL { db throws in
      try Self.history().migrate(db)
      try MigratedItem.insert { MigratedItem(id: 1, listID: 1, title: "Milk", notes: nil) }.execute(db)
      try db.execute(#"CREATE VIEW "titles" AS SELECT "title" FROM "lists""#)
      var changed = DatabaseMigrator()
      changed.eraseDatabaseOnSchemaChange = true
      changed.registerMigration(
        "Create lists", sql: #"CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "color" TEXT)"#)
      #expect(try changed.migrate(db) == ["Create lists"])
      #expect(try db.declaredColumns(of: "items", schema: nil) == nil)
      #expect(try db.declaredColumns(of: "titles", schema: nil) == nil)
      #expect(try db.declaredColumns(of: "lists", schema: nil)?.map(\.name) == ["id", "title", "color"])
      #expect(try changed.appliedMigrations(db).map(\.name) == ["Create lists"])
    }
  }

  /// Two processes (two connections) migrate the same database at once: the named lock makes
  /// one wait for the other, and each migration runs exactly once.
  @Test func migratorsRunEachMigrationOnce() throws {
    try withScratchMySQLDatabase { url in
      var migrator = DatabaseMigrator()
      migrator.registerMigration("Create runs", sql: #"CREATE TABLE "runs" ("id" integer)"#)
      migrator.registerMigration("Slow") { db in
        try db.execute("DO SLEEP(0.3)")
        try db.execute(#"INSERT INTO "runs" VALUES (1)"#)
      }
      let connections = try (0..<2).map { _ in try MySQLDatabase(url: url) }
      defer { connections.forEach { $0.close() } }
      let results = Mutex<[Result<[String], any Error>]>([])
      let migratorToRun = migrator
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        let result = Result { try migratorToRun.migrate(connections[index]) }
        results.withLock { $0.append(result) }
      }
      let applied = try results.withLock { try $0.map { try $0.get() } }
      #expect(applied.flatMap { $0 }.sorted() == migrator.migrationNames.sorted())
      #expect(applied.contains([]))
      #expect(try connections[0].fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "runs""#), as: Int.self) == 1)
    }
  }
}
