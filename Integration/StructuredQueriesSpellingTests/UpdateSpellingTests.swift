import Foundation
import Testing
import TypedSQL

/// Updates in StructuredQueries' spelling: compound assignment, plain values and literals,
/// `#bind`, `nil`, and in-place changes, on both databases.
@Suite struct UpdateSpellingTests {
  @Test(arguments: LiveDatabase.allCases)
  func compoundAssignment(database: LiveDatabase) throws {
    try database.run { db in
      let suffix = " Copy"
      try Reminder.find(1).update { $0.title += suffix }.execute(db)
      try Reminder.find(2).update {
        $0.title += " (2)"
        $0.notes.append("!")
        $0.notes.append(contentsOf: "?")
        $0.isFlagged.toggle()
      }.execute(db)
      try RemindersList.update { $0.color += 1 }.execute(db)
      try RemindersList.find(1).update { $0.color -= 2; $0.color *= 2 }.execute(db)
      try RemindersList.find(2).update { $0.color /= 5 }.execute(db)
      try RemindersList.find(3).update { $0.color.negate() }.execute(db)
      let title = try Reminder.find(1).select(\.title).fetchOne(db)
      #expect(title == "Groceries Copy")
      #expect(try Reminder.find(2).fetchOne(db).map { [$0.title, $0.notes, "\($0.isFlagged)"] } == ["Haircut (2)", "!?", "false"])
      let colors = try RemindersList.order(by: \.id).select(\.color).fetchAll(db)
      let expected: [Int] = [(0x4a99ef + 1 - 2) * 2, (0xed8935 + 1) / 5, -(0xb25dd3 + 1)]
      #expect(colors == expected)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func bitwiseAssignment(database: LiveDatabase) throws {
    try database.run { db in
      try RemindersList.find(1).update { $0.color = 0b1010 }.execute(db)
      try RemindersList.find(1).update { $0.color |= 0b0101; $0.color &= 0b0110 }.execute(db)
      let color = { try RemindersList.find(1).select(\.color).fetchOne(db) }
      #expect(try color() == 0b0110)
      try RemindersList.find(1).update { $0.color <<= 2 }.execute(db)
      #expect(try color() == 0b0110 << 2)
      try RemindersList.find(1).update { $0.color >>= 3 }.execute(db)
      #expect(try color() == (0b0110 << 2) >> 3)
    }
  }

  /// Values, variables, `#bind`, `nil` and expressions assigned with `=`.
  @Test(arguments: LiveDatabase.allCases)
  func assignments(database: LiveDatabase) throws {
    try database.run { db in
      let title = "Dentist"
      let due = Date(timeIntervalSince1970: 86_400)
      try Reminder.find(3).update {
        $0.title = title
        $0.priority = .low
        $0.dueDate = #bind(due)
        $0.assignedUserID = 2
        $0.notes = $0.title
      }.execute(db)
      try Reminder.find(1).update { $0.dueDate = nil; $0.priority = nil; $0.isCompleted = true }.execute(db)
      let third = try #require(try Reminder.find(3).fetchOne(db))
      // A column the closure assigned reads as its new value, as a Swift variable would.
      #expect([third.title, third.notes] == ["Dentist", "Dentist"])
      #expect(third.priority == .low && third.dueDate == due && third.assignedUserID == 2)
      let first = try #require(try Reminder.find(1).fetchOne(db))
      #expect(first.dueDate == nil && first.priority == nil && first.isCompleted)
    }
  }

  /// `insert { [] }` inserts nothing.
  @Test(arguments: LiveDatabase.allCases)
  func emptyInsert(database: LiveDatabase) throws {
    try database.run { db in
      try Reminder.insert { [] }.execute(db)
      #expect(try Reminder.count().fetchOne(db) == 10)
    }
  }

  /// A query assigned to a column is its first row's value: to a non-optional column, to an
  /// optional one, and `NULL` when it has no row (refused by a `NOT NULL` column).
  @Test(arguments: LiveDatabase.allCases)
  func subqueryAssigned(database: LiveDatabase) throws {
    try database.run { db in
      try RemindersList.where { $0.id.eq(1) }.update { $0.color = RemindersList.select { ($0.color.max() ?? 0) + 1 } }.execute(db)
      let raised = try RemindersList.find(1).select(\.color).fetchOne(db)
      #expect(raised == 0xed8935 + 1)
      try Reminder.where { $0.id.eq(5) }.update {
        $0.assignedUserID = User.where { $0.name.eq("Blob Sr") }.select(\.id).limit(1)
      }.execute(db)
      let assigned = try Reminder.find(5).select(\.assignedUserID).fetchOne(db)
      #expect(assigned == .some(.some(3)))
      #expect(throws: (any Error).self) {
        try RemindersList.where { $0.id.eq(2) }.update { $0.color = RemindersList.where { $0.id.eq(99) }.select(\.color) }.execute(db)
      }
      let unchanged = try RemindersList.find(2).select(\.color).fetchOne(db)
      #expect(unchanged == 0xed8935)
    }
  }

  /// StructuredQueries' upserts as trailing closures of `insert`: rows, values or a select, then
  /// `onConflict:`, `doUpdate:` with or without the excluded row, the two `where:`s, and no
  /// `doUpdate:` to skip a conflicting row.
  @Test(arguments: LiveDatabase.allCases)
  func upsertSpellings(database: LiveDatabase) throws {
    try database.run { db in
      try Tag.insert { $0.title } values: {
        "car"
        "new"
      } onConflict: { $0.title } doUpdate: { $0.title += "!" }.execute(db)
      try Tag.insert { Tag(id: 2, title: "ignored") } onConflict: { $0.id } doUpdate: { row, excluded in
        row.title = excluded.title + " (was kids)"
      }.execute(db)
      try Tag.insert { Tag(id: 3, title: "ignored") } onConflict: { $0.id }.execute(db)
      try Tag.insert { $0.title } select: {
        RemindersList.where { $0.id.eq(1) }.select { $0.title.lower() }
      } onConflict: { $0.title } doUpdate: { $0.title += "?" }.execute(db)
      try Tag.insert { $0.title } values: {
        "optional"
        "someday"
      } onConflict: { $0.title } doUpdate: { row, _ in row.title += "*" } where: { row, _ in row.title.eq("someday") }
        .execute(db)
      let titles = try Tag.order(by: \.id).select(\.title).fetchAll(db)
      #expect(titles == ["car!", "ignored (was kids)", "someday*", "optional", "new", "personal"])
    }
  }
}

