import Foundation
import Testing
import TypedSQL

// StructuredQueries' TriggerDefaultNameTests, live on SQLite and PostgreSQL. StructuredQueries
// only renders the trigger and its drop: here the trigger is created, fired, found in the
// database's catalog under its default name, and dropped.
//
// TypedSQL's default name is `after_insert_on_remindersLists`, its timing, event and table;
// StructuredQueries appends the file, line and column that create it
// (`after_insert_on_remindersLists@StructuredQueriesTests/TriggerDefaultNameTests.swift:13:57`).
// The catalog is searched for a trigger whose name starts with `after_insert_on_remindersLists`.
//
// PostgreSQL has no temporary triggers: TypedSQL refuses `createTemporaryTrigger` there by name
// (DialectError), and the same trigger is made with `createTrigger`. Nothing left out.

extension LiveDatabase {
  /// The number of triggers whose name starts with `after_insert_on_remindersLists` (on
  /// PostgreSQL, on this test's own `remindersLists`: other tests run beside it in other schemas).
  fileprivate func defaultNamedTriggers(_ db: any Database) throws -> Int? {
    try db.execute(
      self == .sqlite
        ? #sql(
          """
          SELECT count(*) FROM "sqlite_temp_master"
          WHERE "type" = 'trigger' AND "name" LIKE 'after_insert_on_remindersLists%'
          """, as: Int.self)
        : #sql(
          """
          SELECT count(*) FROM "pg_trigger"
          WHERE "tgrelid" = '"remindersLists"'::regclass AND "tgname" LIKE 'after_insert_on_remindersLists%'
          """, as: Int.self)
    ).first
  }
}

@Suite struct SuiteTriggerDefaultNameTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      let trigger = RemindersList.createTemporaryTrigger(
        after: .insert { new in
          Values(1)
        }
      )
      let permanent = RemindersList.createTrigger(
        after: .insert { new in
          Values(1)
        }
      )
      try database.create(trigger, orOnPostgreSQL: permanent, db)
      #expect(try database.defaultNamedTriggers(db) == 1)
      // The trigger fires on an insert and changes nothing.
      try RemindersList.insert { $0.title } values: { "Travel" }.execute(db)
      #expect(try RemindersList.count().fetchOne(db) == 4)
      try (database == .sqlite ? trigger : permanent).drop().execute(db)
      #expect(try database.defaultNamedTriggers(db) == 0)
    }
  }
}
