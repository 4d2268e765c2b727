import Foundation
import Testing
import TypedSQL

// StructuredQueries' UnionTests, live on SQLite and PostgreSQL.

@Table private struct Name {
  let type: String
  let value: String
}

private let reminderTitles = [
  "Buy concert tickets", "Call accountant", "Doctor appointment", "Get laundry", "Groceries", "Haircut",
  "Pick up kids from school", "Send weekly emails", "Take a walk", "Take out trash",
]

@Suite struct SuiteUnionTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { ("reminder", $0.title) }
        .union(RemindersList.select { ("list", $0.title) })
        .union(Tag.select { ("tag", $0.title) })
        .fetchAll(db)
      // No ORDER BY: SQLite returns the union sorted, PostgreSQL in any order.
      let expected =
        ["Business", "Family", "Personal"].map { "list \($0)" }
        + reminderTitles.map { "reminder \($0)" }
        + ["car", "kids", "optional", "someday"].map { "tag \($0)" }
      #expect(rows.map { "\($0.0) \($0.1)" }.sorted() == expected)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func empty(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.none.select { ("reminder", $0.title) }
        .union(RemindersList.select { ("list", $0.title) })
        .union(Tag.none.select { ("tag", $0.title) })
        .fetchAll(db)
      // No ORDER BY: PostgreSQL may return the rows in another order.
      #expect(rows.map { "\($0.0) \($0.1)" }.sorted() == ["list Business", "list Family", "list Personal"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func commonTableExpression(database: LiveDatabase) throws {
    try database.run { db in
      let names = try With {
        Reminder.select { Name.Columns(type: "reminder", value: $0.title) }
          .union(RemindersList.select { Name.Columns(type: "list", value: $0.title) })
          .union(Tag.select { Name.Columns(type: "tag", value: $0.title) })
      } query: {
        Name.order { ($0.type.desc(), $0.value.asc()) }
      }
      .fetchAll(db)
      let expected =
        ["car", "kids", "optional", "someday"].map { "tag \($0)" }
        + reminderTitles.map { "reminder \($0)" }
        + ["Business", "Family", "Personal"].map { "list \($0)" }
      #expect(names.map { "\($0.type) \($0.value)" } == expected)
    }
  }
}
