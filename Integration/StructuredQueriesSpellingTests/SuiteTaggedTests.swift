#if TypedSQLTagged
  import Foundation
  import Tagged
  import Testing
  import TypedSQL

  // StructuredQueries' TaggedTests, live on SQLite and PostgreSQL (with the `TypedSQLTagged`
  // trait, as StructuredQueries' with its `Tagged` trait): a table whose key and foreign key are
  // `Tagged` integers, inserted and returned. The schema's `reminders` has more columns, which
  // take their defaults. Nothing left out.

  @Suite struct SuiteTaggedTests {
    @Test(arguments: LiveDatabase.allCases)
    func basics(database: LiveDatabase) throws {
      try database.run { db in
        let rows = try db.execute(
          Reminder
            .insert {
              Reminder(id: 11 as Reminder.ID, remindersListID: 1 as Tagged<RemindersList, Int>)
            }
            .returning(\.self)
        )
        #expect(rows.count == 1)
        #expect(rows.first?.id == Tagged(rawValue: 11))
        #expect(rows.first?.remindersListID == Tagged(rawValue: 1))
      }
    }

    @Table
    fileprivate struct Reminder {
      typealias ID = Tagged<Self, Int>

      let id: ID
      let remindersListID: Tagged<RemindersList, Int>
    }
  }
#endif
