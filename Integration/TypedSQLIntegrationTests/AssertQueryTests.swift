import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite
import TypedSQLTesting

/// `assertQuery`, as a user's test suite calls it: the SQL and the rows in one snapshot.
@Suite struct AssertQueryTests {
  static func seeded(_ db: some SchemaAwareDatabase) throws {
    try MigrationHistory.migrator().migrate(db)
    try MigratedList.insert { MigratedList(id: 2, title: "Errands") }.execute(db)
    try MigratedItem.insert {
      MigratedItem(id: 1, listID: 1, title: "Milk", notes: nil)
      MigratedItem(id: 2, listID: 2, title: "Post \"office\"", notes: "before noon\nor after lunch")
    }.execute(db)
  }

  /// On MariaDB, with SQLite's and PostgreSQL's SQL beside its own.
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDBSnapshotsSQLAndRowsBesideTheOtherDialects() throws {
    try withMySQL { db in
      try db.execute(#"CREATE TABLE "lists" ("id" bigint PRIMARY KEY, "title" text NOT NULL)"#)
      try MigratedList.insert {
        MigratedList(id: 1, title: "Inbox")
        MigratedList(id: 2, title: "Errands")
      }.execute(db)
      assertQuery(
        MigratedList.where { $0.id > 1 && $0.title.like("E%") },
        database: db,
        otherDialects: [SQLiteDialect(), PostgresDialect.postgres]
      ) {
        #"""
        MariaDB:
          SELECT `lists`.`id`, `lists`.`title`
          FROM `lists`
          WHERE ((`lists`.`id` > 1) AND (`lists`.`title` REGEXP '(?s)^[eE].*\z'))
        SQLite:
          SELECT "lists"."id", "lists"."title"
          FROM "lists"
          WHERE (("lists"."id" > 1) AND ("lists"."title" LIKE 'E%' ESCAPE '\'))
        PostgreSQL:
          SELECT "lists"."id", "lists"."title"
          FROM "lists"
          WHERE (("lists"."id" > 1) AND ("lists"."title" COLLATE "C" ILIKE 'E%' ESCAPE E'\\'))
        """#
      } results: {
        """
        ┌───────────────────────────────────────┐
        │ MigratedList(id: 2, title: "Errands") │
        └───────────────────────────────────────┘
        """
      }
    }
  }

  @Test func sqliteSnapshotsSQLAndRows() throws {
    try onSQLite(schema: "") { db in
      try Self.seeded(db)
      assertQuery(
        MigratedItem.join(MigratedList.all) { $0.listID == $1.id }
          .where { item, _ in item.title != "" }
          .order { item, _ in item.id }
          .select { item, list in (item.id, item.title, list.title, item.notes) },
        database: db
      ) {
        """
        SELECT "items"."id", "items"."title", "lists"."title", "items"."notes"
        FROM "items"
        JOIN "lists" ON ("items"."listID" = "lists"."id")
        WHERE ("items"."title" <> '')
        ORDER BY "items"."id"
        """
      } results: {
        #"""
        ┌───┬───────────────────┬───────────┬───────────────────────────────┐
        │ 1 │ "Milk"            │ "Inbox"   │ nil                           │
        │ 2 │ "Post \"office\"" │ "Errands" │ "before noon\nor after lunch" │
        └───┴───────────────────┴───────────┴───────────────────────────────┘
        """#
      }
      assertQuery(MigratedList.where { $0.id > 1 }, database: db, otherDialects: [PostgresDialect.postgres]) {
        """
        SQLite:
          SELECT "lists"."id", "lists"."title"
          FROM "lists"
          WHERE ("lists"."id" > 1)
        PostgreSQL:
          SELECT "lists"."id", "lists"."title"
          FROM "lists"
          WHERE ("lists"."id" > 1)
        """
      } results: {
        """
        ┌───────────────────────────────────────┐
        │ MigratedList(id: 2, title: "Errands") │
        └───────────────────────────────────────┘
        """
      }
      assertQuery(MigratedList.where { $0.id > 10 }.select(\.title), database: db) {
        """
        SELECT "lists"."title"
        FROM "lists"
        WHERE ("lists"."id" > 10)
        """
      } results: {
        """
        (no rows)
        """
      }
      assertQuery(
        MigratedItem.where { $0.title != "a FROM b" && $0.listID.in(MigratedList.where { $0.title != "x WHERE y" }.select(\.id)) }
          .order { $0.id }.limit(1).select(\.title),
        database: db
      ) {
        """
        SELECT "items"."title"
        FROM "items"
        WHERE (("items"."title" <> 'a FROM b') AND ("items"."listID" IN (SELECT "lists"."id" FROM "lists" WHERE ("lists"."title" <> 'x WHERE y'))))
        ORDER BY "items"."id"
        LIMIT 1
        """
      } results: {
        """
        ┌────────┐
        │ "Milk" │
        └────────┘
        """
      }
      assertQuery(
        MigratedList.all.leftJoin(MigratedItem.all) { $0.id == $1.listID }.order { list, _ in list.id }
          .select { list, item in (list.title, item.title) },
        database: db
      ) {
        """
        SELECT "lists"."title", "items"."title"
        FROM "lists"
        LEFT JOIN "items" ON ("lists"."id" = "items"."listID")
        ORDER BY "lists"."id"
        """
      } results: {
        #"""
        ┌───────────┬───────────────────┐
        │ "Inbox"   │ "Milk"            │
        │ "Errands" │ "Post \"office\"" │
        └───────────┴───────────────────┘
        """#
      }
      assertQuery(MissingLedger.all, database: db) {
        """
        SELECT "ledgers"."id"
        FROM "ledgers"
        """
      } results: {
        """
        error: SQLite error 1: no such table: ledgers (in: SELECT "ledgers"."id" FROM "ledgers")
        """
      }
    }
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresSnapshotsSQLAndRows() throws {
    try onPostgres(schema: "") { db in
      try Self.seeded(db)
      assertQuery(MigratedList.order { $0.id }.select { ($0.id, $0.title.ilike("e%")) }, database: db) {
        #"""
        SELECT "lists"."id", ("lists"."title" ILIKE 'e%' ESCAPE E'\\')
        FROM "lists"
        ORDER BY "lists"."id"
        """#
      } results: {
        """
        ┌───┬───────┐
        │ 1 │ false │
        │ 2 │ true  │
        └───┴───────┘
        """
      }
    }
  }
}
