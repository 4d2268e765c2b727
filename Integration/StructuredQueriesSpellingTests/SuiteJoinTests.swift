import Foundation
import Testing
import TypedSQL

// StructuredQueries' JoinTests, live on SQLite and PostgreSQL.

@Table
private struct PriorityRow {
  let value: Priority?
}

@Suite struct SuiteJoinTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder
        .order { $0.dueDate.desc() }
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .select { ($0.title, $1.title) }
        .fetchAll(db)
      // Reminders due on the same day may come in either order: each run of equal due dates is
      // compared as a set.
      let pairs = rows.map { "\($0.0): \($0.1)" }
      let runs: [Set<String>] = [
        ["Take out trash: Family"],
        ["Pick up kids from school: Family", "Call accountant: Business"],
        ["Groceries: Personal", "Doctor appointment: Personal"],
        ["Haircut: Personal", "Get laundry: Family", "Send weekly emails: Business"],
        ["Take a walk: Personal"],
        ["Buy concert tickets: Personal"],
      ]
      #expect(pairs.count == 10)
      var start = 0
      for run in runs {
        #expect(Set(pairs[start..<Swift.min(start + run.count, pairs.count)]) == run)
        start += run.count
      }
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func outerJoinOptional(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try RemindersList
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .select {
          PriorityRow.Columns(value: $1.priority)
        }
        .fetchAll(db)
      // No ORDER BY: the priorities are compared as a multiset.
      #expect(
        rows.map { $0.value.map { "\($0)" } ?? "nil" }.sorted()
          == ["high", "high", "high", "low", "medium", "nil", "nil", "nil", "nil", "nil"])
    }
  }
}
