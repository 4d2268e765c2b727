import Foundation
import Testing
import TypedSQL

// StructuredQueries' LiveTests, live on SQLite and PostgreSQL. Nothing left out.
//
// This target's `RemindersList` has no `position`: StructuredQueries' rows are compared on the
// columns it has (its `position` is 0 on every list). Its seeded reminder 9 has three lines of notes where
// this target's seed has the first: `selectAll` gives it StructuredQueries' notes first.
//
// Rows whose order StructuredQueries' queries leave open (no ORDER BY, or ties in it) are
// compared in that order on SQLite, which gives StructuredQueries' order, and sorted, or as sets,
// on PostgreSQL; so are the tags `group_concat` joins, whose order within a group is open too.

@Table private struct SyncUp {
  let id: Int
  var isActive: Bool
  var title: String
  var createdAt: Date
}

@Table private struct Attendee {
  let id: Int
  var name: String
  var syncUpID: Int
  var createdAt: Date
}

/// StructuredQueries' seeded reminders, on the columns this target's `Reminder` has.
private let seededReminders: [Reminder] = {
  let now = Date(timeIntervalSinceReferenceDate: 0)
  let day: TimeInterval = 60 * 60 * 24
  return [
    Reminder(id: 1, assignedUserID: 1, dueDate: now, notes: "Milk, Eggs, Apples", remindersListID: 1, title: "Groceries"),
    Reminder(id: 2, dueDate: now - day * 2, isFlagged: true, remindersListID: 1, title: "Haircut"),
    Reminder(id: 3, dueDate: now, notes: "Ask about diet", priority: .high, remindersListID: 1, title: "Doctor appointment"),
    Reminder(id: 4, dueDate: now - day * 190, isCompleted: true, remindersListID: 1, title: "Take a walk"),
    Reminder(id: 5, remindersListID: 1, title: "Buy concert tickets"),
    Reminder(
      id: 6, dueDate: now + day * 2, isFlagged: true, priority: .high, remindersListID: 2,
      title: "Pick up kids from school"),
    Reminder(id: 7, dueDate: now - day * 2, isCompleted: true, priority: .low, remindersListID: 2, title: "Get laundry"),
    Reminder(id: 8, dueDate: now + day * 4, priority: .high, remindersListID: 2, title: "Take out trash"),
    Reminder(
      id: 9, dueDate: now + day * 2, notes: "Status of tax return\nExpenses for next year\nChanging payroll company",
      remindersListID: 3, title: "Call accountant"),
    Reminder(
      id: 10, dueDate: now - day * 2, isCompleted: true, priority: .medium, remindersListID: 3,
      title: "Send weekly emails"),
  ]
}()

extension LiveDatabase {
  /// StructuredQueries' tables of `basics`, with its defaults: `CURRENT_TIMESTAMP` is text on
  /// SQLite and a `timestamptz` on PostgreSQL.
  fileprivate func createSyncUpTables(_ db: any Database) throws {
    if self == .sqlite {
      try db.execute(
        #sql(
          """
          CREATE TABLE "syncUps" (
            "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL UNIQUE,
            "isActive" BOOLEAN NOT NULL DEFAULT 1,
            "title" TEXT NOT NULL DEFAULT '',
            "createdAt" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
          )
          """
        )
      )
      try db.execute(
        #sql(
          """
          CREATE TABLE "attendees" (
            "id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL UNIQUE,
            "name" TEXT NOT NULL DEFAULT '',
            "syncUpID" INTEGER NOT NULL,
            "createdAt" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
          )
          """
        )
      )
    } else {
      try db.execute(
        #sql(
          """
          CREATE TABLE "syncUps" (
            "id" bigserial PRIMARY KEY NOT NULL UNIQUE,
            "isActive" boolean NOT NULL DEFAULT true,
            "title" text NOT NULL DEFAULT '',
            "createdAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
          )
          """
        )
      )
      try db.execute(
        #sql(
          """
          CREATE TABLE "attendees" (
            "id" bigserial PRIMARY KEY NOT NULL UNIQUE,
            "name" text NOT NULL DEFAULT '',
            "syncUpID" bigint NOT NULL,
            "createdAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
          )
          """
        )
      )
    }
  }
}

@Suite struct SuiteLiveTests {
  @Test(arguments: LiveDatabase.allCases)
  func selectAll(database: LiveDatabase) throws {
    try database.run { db in
      try Reminder.find(9)
        .update { $0.notes = "Status of tax return\nExpenses for next year\nChanging payroll company" }
        .execute(db)
      let rows = try db.execute(Reminder.all)
      #expect((database == .sqlite ? rows : rows.sorted { $0.id < $1.id }) == seededReminders)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func select(database: LiveDatabase) throws {
    try database.run { db in
      let averagePriority = Reminder.select { $0.priority.cast(as: Int?.self).avg() }
      let rows = try db.execute(
        Reminder
          .select { ($0.title, $0.priority, averagePriority) }
          .where { #sql("\($0.priority) < (\(averagePriority))") || $0.priority.is(nil) }
          .order { $0.priority.desc() }
      )
      // The average of 3, 3, 1, 3 and 2 on every row.
      #expect(rows.map(\.2) == Array(repeating: 2.4, count: 7))
      // Priority descending, NULLs last as on SQLite; the five without a priority tie.
      #expect(rows.prefix(2).map(\.0) == ["Send weekly emails", "Get laundry"])
      #expect(rows.map(\.1) == [.medium, .low, nil, nil, nil, nil, nil])
      let unprioritized = ["Groceries", "Haircut", "Take a walk", "Buy concert tickets", "Call accountant"]
      #expect(
        (database == .sqlite ? rows.dropFirst(2).map(\.0) : rows.dropFirst(2).map(\.0).sorted())
          == (database == .sqlite ? unprioritized : unprioritized.sorted()))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func remindersListWithReminderCount(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try db.execute(
        RemindersList
          .group(by: \.id)
          .join(Reminder.all) { $0.id.eq($1.remindersListID) }
          .select { ($0, $1.id.count()) }
      )
      let ordered = database == .sqlite ? rows : rows.sorted { $0.0.id < $1.0.id }
      #expect(
        ordered.map(\.0) == [
          RemindersList(id: 1, color: 4_889_071, title: "Personal"),
          RemindersList(id: 2, color: 15_567_157, title: "Family"),
          RemindersList(id: 3, color: 11_689_427, title: "Business"),
        ])
      #expect(ordered.map(\.1) == [5, 3, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func remindersWithTags(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try db.execute(
        Reminder
          .group(by: \.id)
          .join(ReminderTag.all) { $0.id.eq($1.reminderID) }
          .join(Tag.all) { $1.tagID.eq($2.id) }
          .select { ($0, $2.title.groupConcat()) }
      )
      let ordered = database == .sqlite ? rows : rows.sorted { $0.0.id < $1.0.id }
      #expect(ordered.map(\.0) == [seededReminders[0], seededReminders[1], seededReminders[3]])
      if database == .sqlite {
        #expect(ordered.map(\.1) == ["someday,optional", "someday,optional", "car,kids"])
      }
      #expect(
        ordered.map { Set($0.1?.split(separator: ",") ?? []) } == [
          ["someday", "optional"], ["someday", "optional"], ["car", "kids"],
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      try database.createSyncUpTables(db)
      try db.execute(
        SyncUp.insert()
      )
      let createdAt = try #require(
        try db.execute(SyncUp.all.select(\.createdAt)).first
      )
      #expect(createdAt.timeIntervalSinceNow < 1)
      // And not long before: the default is the insert's time, read back as a date.
      #expect(createdAt.timeIntervalSinceNow > -60)

      #expect(
        try #require(try db.execute(SyncUp.all).first).id == 1
      )
    }
  }
}
