import Foundation
import Testing
import TypedSQL

// StructuredQueries' SQLMacroTests, live on SQLite and PostgreSQL: whole selects written with
// `#sql`, their rows decoded as a table, two tables, a table of two tables, and a type that
// decodes itself.
//
// This target's `RemindersList` has no `position`: the rows are StructuredQueries' without that
// column. Nothing left out.

@Table
private struct ReminderWithList {
  let reminder: Reminder
  let list: RemindersList
}

/// StructuredQueries' first reminder and its list, as seeded.
private let groceries = Reminder(
  id: 1,
  assignedUserID: 1,
  dueDate: Date(timeIntervalSinceReferenceDate: 0),
  isCompleted: false,
  isFlagged: false,
  notes: "Milk, Eggs, Apples",
  priority: nil,
  remindersListID: 1,
  title: "Groceries"
)
private let personal = RemindersList(id: 1, color: 4_889_071, title: "Personal")

@Suite struct SuiteSQLMacroTests {
  @Test(arguments: LiveDatabase.allCases)
  func rawSelect(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try db.execute(
        #sql(
          """
          SELECT \(Reminder.columns)
          FROM \(Reminder.self)
          ORDER BY \(Reminder.id)
          LIMIT 1
          """,
          as: Reminder.self
        )
      )
      #expect(rows == [groceries])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func join(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try db.execute(
        #sql(
          """
          SELECT
            \(Reminder.columns),
            \(RemindersList.columns)
          FROM \(Reminder.self)
          JOIN \(RemindersList.self)
            ON \(Reminder.remindersListID) = \(RemindersList.id)
          LIMIT 1
          """,
          // Rewritten: `as: (Reminder, RemindersList).self` → `as: TupleRow<Reminder, RemindersList>.self`
          // ("no exact matches in call to instance method 'execute'": a tuple type is no row type).
          as: TupleRow<Reminder, RemindersList>.self
        )
      )
      #expect(rows.count == 1)
      #expect(rows.first?.0 == groceries)
      #expect(rows.first?.1 == personal)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selection(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try db.execute(
        #sql(
          """
          SELECT \(Reminder.columns), \(RemindersList.columns) 
          FROM \(Reminder.self) \
          JOIN \(RemindersList.self) \
          ON \(Reminder.remindersListID) = \(RemindersList.id) \
          LIMIT 1
          """,
          as: ReminderWithList.self
        )
      )
      #expect(rows.count == 1)
      #expect(rows.first?.reminder == groceries)
      #expect(rows.first?.list == personal)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func customDecoding(database: LiveDatabase) throws {
    // Rewritten: `ReminderResult` is `QueryDecodable` (TypedSQL's `QueryRepresentable` is a stored
    // form of another value: "type 'ReminderResult' does not conform to protocol
    // 'QueryRepresentable'"), and its decoder throws for a missing value instead of returning
    // `nil` ("initializer for conditional binding must have Optional type, not 'String'"; "type
    // 'QueryDecodingError' has no member 'missingRequiredColumn'").
    struct ReminderResult: Equatable, QueryDecodable {
      let title: String
      let isCompleted: Bool
      init(title: String, isCompleted: Bool) {
        self.title = title
        self.isCompleted = isCompleted
      }
      init(decoder: inout some QueryDecoder) throws {
        let title = try decoder.decode(String.self)
        let isCompleted = try decoder.decode(Bool.self)
        self.isCompleted = isCompleted
        self.title = title
      }
    }
    try database.run { db in
      let rows = try db.execute(
        #sql(#"SELECT "title", "isCompleted" FROM "reminders" LIMIT 4"#, as: ReminderResult.self)
      )
      #expect(
        rows == [
          ReminderResult(title: "Groceries", isCompleted: false),
          ReminderResult(title: "Haircut", isCompleted: false),
          ReminderResult(title: "Doctor appointment", isCompleted: false),
          ReminderResult(title: "Take a walk", isCompleted: true),
        ])
    }
  }
}
