import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres

// StructuredQueries' ViewsTests, live on SQLite and PostgreSQL. `viewWithDuplicateColumnNames`
// declares a view whose two columns are both named "id", as StructuredQueries' SQL does: SQLite
// returns its row, and PostgreSQL rejects the view (42701, column "id" specified more than once),
// which the case checks.

@Table
private struct CompletedReminder: Equatable {
  let reminderID: Reminder.ID
  let title: String
}

@Table
private struct PastDueReminder: Equatable {
  let reminderID: Reminder.ID
  let title: String
}

@Table
private struct ReminderWithList: Equatable {
  @Column(primaryKey: true)
  let reminderID: Reminder.ID
  let reminderTitle: String
  let remindersListTitle: String
}

@Table
private struct ReminderAndListID: Equatable {
  @Column("id")
  let reminderID: Reminder.ID
  @Column("id")
  let remindersListID: RemindersList.ID
}

@Suite struct SuiteViewsTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      let query = CompletedReminder.createTemporaryView(
        as:
          Reminder
          .where(\.isCompleted)
          .select { CompletedReminder.Columns(reminderID: $0.id, title: $0.title) }
      )
      try query.execute(db)
      let firstTwo = try CompletedReminder.limit(2).fetchAll(db)
      #expect(
        firstTwo == [
          CompletedReminder(reminderID: 4, title: "Take a walk"),
          CompletedReminder(reminderID: 7, title: "Get laundry"),
        ])
      let insertsCompleted = TriggerEvent<CompletedReminder>.insert { new in
        Reminder.insert {
          ($0.title, $0.isCompleted, $0.remindersListID)
        } values: {
          (new.title, true, 1)
        }
      }
      try database.create(
        CompletedReminder.createTemporaryTrigger(insteadOf: insertsCompleted),
        orOnPostgreSQL: CompletedReminder.createTrigger(insteadOf: insertsCompleted),
        db)
      try CompletedReminder.insert(\.title) { "Already done" }.execute(db)
      let last = try CompletedReminder.order { $0.reminderID.desc() }.limit(1).fetchAll(db)
      #expect(last == [CompletedReminder(reminderID: 11, title: "Already done")])
      // StructuredQueries only renders the drop: after it, the view is gone.
      try query.drop().execute(db)
      #expect(throws: (any Error).self) { try CompletedReminder.all.fetchAll(db) }
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func ctes(database: LiveDatabase) throws {
    try database.run { db in
      try CompletedReminder.createTemporaryView(
        as: With {
          Reminder
            .where(\.isCompleted)
            .select { CompletedReminder.Columns(reminderID: $0.id, title: $0.title) }
        } query: {
          CompletedReminder.all
        }
      ).execute(db)
      // StructuredQueries only renders the view; its rows are the completed reminders.
      let rows = try CompletedReminder.all.fetchAll(db)
      #expect(
        rows.sorted { $0.reminderID < $1.reminderID } == [
          CompletedReminder(reminderID: 4, title: "Take a walk"),
          CompletedReminder(reminderID: 7, title: "Get laundry"),
          CompletedReminder(reminderID: 10, title: "Send weekly emails"),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func reminderWithList(database: LiveDatabase) throws {
    try database.run { db in
      try ReminderWithList.createTemporaryView(
        as:
          Reminder
          .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
          .select {
            ReminderWithList.Columns(
              reminderID: $0.id,
              reminderTitle: $0.title,
              remindersListTitle: $1.title
            )
          }
      ).execute(db)

      let insertsIntoList = TriggerEvent<ReminderWithList>.insert { new in
        Reminder.insert {
          ($0.title, $0.remindersListID)
        } values: {
          (
            new.reminderTitle,
            RemindersList
              .select(\.id)
              .where { $0.title.eq(new.remindersListTitle) }
          )
        }
      }
      try database.create(
        ReminderWithList.createTemporaryTrigger(insteadOf: insertsIntoList),
        orOnPostgreSQL: ReminderWithList.createTrigger(insteadOf: insertsIntoList),
        db)

      try ReminderWithList.insert {
        ReminderWithList.Draft(reminderTitle: "Morning sync", remindersListTitle: "Business")
      }.execute(db)

      // StructuredQueries records the error: the list is unknown, so `remindersListID` is NULL.
      #expect(throws: (any Error).self) {
        try ReminderWithList.insert {
          ReminderWithList.Draft(reminderTitle: "Morning sync", remindersListTitle: "Unknown List")
        }.execute(db)
      }

      let first = try ReminderWithList.find(1).fetchAll(db)
      #expect(
        first == [ReminderWithList(reminderID: 1, reminderTitle: "Groceries", remindersListTitle: "Personal")])

      let ordered = try ReminderWithList
        .order(by: { ($0.remindersListTitle, $0.reminderTitle) })
        .limit(3)
        .fetchAll(db)
      #expect(
        ordered == [
          ReminderWithList(reminderID: 9, reminderTitle: "Call accountant", remindersListTitle: "Business"),
          ReminderWithList(reminderID: 11, reminderTitle: "Morning sync", remindersListTitle: "Business"),
          ReminderWithList(reminderID: 10, reminderTitle: "Send weekly emails", remindersListTitle: "Business"),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func viewWithBindings(database: LiveDatabase) throws {
    try database.run { db in
      try PastDueReminder.createTemporaryView(
        as:
          Reminder.where(\.isPastDue)
          .select {
            PastDueReminder.Columns(
              reminderID: $0.id,
              title: $0.title
            )
          }
      ).execute(db)
      let rows = try PastDueReminder.all.fetchAll(db)
      #expect(
        rows.sorted { $0.reminderID < $1.reminderID } == [
          PastDueReminder(reminderID: 1, title: "Groceries"),
          PastDueReminder(reminderID: 2, title: "Haircut"),
          PastDueReminder(reminderID: 3, title: "Doctor appointment"),
          PastDueReminder(reminderID: 6, title: "Pick up kids from school"),
          PastDueReminder(reminderID: 8, title: "Take out trash"),
          PastDueReminder(reminderID: 9, title: "Call accountant"),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func viewWithDuplicateColumnNames(database: LiveDatabase) throws {
    try database.run { db in
      let view = ReminderAndListID.createTemporaryView(
        as:
          Reminder
          .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
          .select {
            ReminderAndListID.Columns(reminderID: $0.id, remindersListID: $1.id)
          }
      )
      guard database == .sqlite else {
        // PostgreSQL rejects StructuredQueries' SQL: a view with two columns named "id".
        let error = #expect(throws: PostgresError.self) { try view.execute(db) }
        #expect(error?.sqlState == "42701")
        return
      }
      try view.execute(db)
      let rows = try ReminderAndListID.limit(1).fetchAll(db)
      #expect(rows == [ReminderAndListID(reminderID: 1, remindersListID: 1)])
    }
  }
}
