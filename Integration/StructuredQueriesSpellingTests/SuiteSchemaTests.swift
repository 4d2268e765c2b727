import Foundation
import Testing
import TypedSQL

// StructuredQueries' SchemaTests (its suite `SchemaNameTests`), live on SQLite and PostgreSQL: a
// table declared in a named schema, `@Table("reminders", schema: "main")`, selected, inserted
// into, updated and deleted from. StructuredQueries only renders the last three: here each is
// run and the rows it leaves checked.
//
// On SQLite, `main` is the database itself, with the seeded reminders. PostgreSQL has no schema
// `main`: each test creates it, with a `reminders` table holding the seeded reminders' `id` and
// `remindersListID`, and drops it after; the suite is serialized so that its tests do not share
// it. Nothing left out.

extension LiveDatabase {
  /// Runs `body` on a database whose `main.reminders` holds the seeded reminders.
  fileprivate func runWithMainSchema(_ body: (any Database) throws -> Void) throws {
    try run { db in
      if self == .postgres {
        try db.execute(
          """
          DROP SCHEMA IF EXISTS "main" CASCADE;
          CREATE SCHEMA "main";
          CREATE TABLE "main"."reminders" ("id" bigserial PRIMARY KEY, "remindersListID" bigint NOT NULL);
          INSERT INTO "main"."reminders" ("id", "remindersListID") SELECT "id", "remindersListID" FROM "reminders";
          SELECT setval(pg_get_serial_sequence('"main"."reminders"', 'id'), (SELECT max("id") FROM "main"."reminders"));
          """)
      }
      defer { if self == .postgres { try? db.execute(#"DROP SCHEMA "main" CASCADE"#) } }
      try body(db)
    }
  }
}

@Suite(.serialized) struct SuiteSchemaTests {
  @Test(arguments: LiveDatabase.allCases)
  func select(database: LiveDatabase) throws {
    try database.runWithMainSchema { db in
      let rows = try db.execute(Reminder.limit(1))
      #expect(rows == [Reminder(id: 1, remindersListID: 1)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func insert(database: LiveDatabase) throws {
    try database.runWithMainSchema { db in
      try db.execute(Reminder.insert { Reminder.Draft(remindersListID: 1) })
      let rows = try db.execute(Reminder.where { $0.remindersListID.eq(1) }.order(by: \.id))
      #expect(rows.map(\.id) == [1, 2, 3, 4, 5, 11])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func update(database: LiveDatabase) throws {
    try database.runWithMainSchema { db in
      try db.execute(Reminder.where { $0.remindersListID.eq(1) }.update { $0.remindersListID = 2 })
      #expect(try db.execute(Reminder.where { $0.remindersListID.eq(1) }).isEmpty)
      let rows = try db.execute(Reminder.where { $0.remindersListID.eq(2) }.order(by: \.id))
      #expect(rows.map(\.id) == [1, 2, 3, 4, 5, 6, 7, 8])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func delete(database: LiveDatabase) throws {
    try database.runWithMainSchema { db in
      try db.execute(Reminder.where { $0.remindersListID.eq(1) }.delete())
      let rows = try db.execute(Reminder.order(by: \.id))
      #expect(rows.map(\.id) == [6, 7, 8, 9, 10])
    }
  }

  @Table("reminders", schema: "main")
  fileprivate struct Reminder: Equatable {
    let id: Int
    let remindersListID: Int
  }
}
