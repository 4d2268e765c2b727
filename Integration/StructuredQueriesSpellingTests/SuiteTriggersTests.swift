import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' TriggersTests, live on SQLite and PostgreSQL. StructuredQueries only renders
// its triggers: here each is created and fired, and the rows it writes are checked.
//
// PostgreSQL has no temporary triggers and TypedSQL refuses `createTemporaryTrigger` there by
// name (DialectError): each case checks that refusal, then makes the same trigger with
// `createTrigger`, so the rows are checked on PostgreSQL too.
//
// This target's `RemindersList` has no `position`: the column is added to its table in the
// tests that need it, and read through `PositionedList`, which names the same table.

@Table("remindersLists")
private struct PositionedList: Equatable {
  let id: Int
  var color = 0x4a99ef
  var title = ""
  var position = 0
}

@Table
private struct Episode {
  let id: Int
  let timestamps: Timestamps
}

@Selection
private struct Timestamps {
  let createdAt: Date
  let updatedAt: Date?
}

/// StructuredQueries' seeded `updatedAt`, 2040-02-14T23:31:30Z.
private let seededUpdatedAt = Date(timeIntervalSince1970: 2_212_875_090)

/// The instant `customDate()` gives on both databases: 2018-01-29T00:08:00Z.
private let customInstant = Date(timeIntervalSince1970: 1_517_184_480)

@DatabaseFunction
private func customDate() -> Date {
  customInstant
}

extension LiveDatabase {
  /// Adds StructuredQueries' `position` column to the lists (0 for the seeded ones).
  fileprivate func addPositions(_ db: any Database) throws {
    try db.execute(#"ALTER TABLE "remindersLists" ADD COLUMN "position" INTEGER NOT NULL DEFAULT 0"#)
  }
}

@Suite struct SuiteTriggersTests {
  @Test(arguments: LiveDatabase.allCases)
  func dateDiagnostic(database: LiveDatabase) throws {
    // StructuredQueries reports an issue for a Swift date bound into a trigger; TypedSQL writes
    // it into the trigger as a literal of the column's representation, so the trigger sets it.
    // The trigger updates the table it fires on: as on SQLite, its own update does not fire it
    // again on PostgreSQL.
    let setsDueDate = TriggerEvent<Reminder>.update { _, new in
      Reminder
        .update { $0.dueDate = #bind(Date(timeIntervalSinceReferenceDate: 0)) }
        .where { $0.id.eq(new.id) }
    }
    try database.run { db in
      try database.create(
        Reminder.createTemporaryTrigger("after_update_on_reminders", after: setsDueDate),
        orOnPostgreSQL: Reminder.createTrigger("after_update_on_reminders", after: setsDueDate),
        db)
      try Reminder.find(6).update { $0.title += "!" }.execute(db)
      let changed = try Reminder.find(6).select { ($0.title, $0.dueDate) }.fetchOne(db)
      #expect(changed?.0 == "Pick up kids from school!")
      #expect(changed?.1?.queryOutput == Date(timeIntervalSinceReferenceDate: 0))
      let others = try Reminder.where { $0.dueDate.eq(#bind(Date(timeIntervalSinceReferenceDate: 0))) }.select(\.id).fetchAll(db)
      #expect(others.sorted() == [1, 3, 6])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      try database.addPositions(db)
      // Rewritten: `RemindersList` is `PositionedList`, the same table with `position`.
      let setsPosition = TriggerEvent<PositionedList>.insert { new in
        PositionedList
          .update {
            $0.position = PositionedList.select { ($0.position.max() ?? -1) + 1 }
          }
          .where { $0.id.eq(new.id) }
      }
      let trigger = PositionedList.createTemporaryTrigger("after_insert_on_remindersLists", after: setsPosition)
      try database.create(
        trigger,
        orOnPostgreSQL: PositionedList.createTrigger("after_insert_on_remindersLists", after: setsPosition),
        db)
      try PositionedList.insert { $0.title } values: {
        "Travel"
      }.execute(db)
      try PositionedList.insert { $0.title } values: {
        "Work"
      }.execute(db)
      // StructuredQueries only renders the drop: after it, an insert keeps its position.
      try trigger.drop().execute(db)
      try PositionedList.insert { $0.title } values: {
        "Errands"
      }.execute(db)
      let rows = try PositionedList.order(by: \.id).select { ($0.title, $0.position) }.fetchAll(db)
      #expect(rows.map(\.0) == ["Personal", "Family", "Business", "Travel", "Work", "Errands"])
      #expect(rows.map(\.1) == [0, 0, 0, 1, 2, 0])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func afterUpdateTouch(database: LiveDatabase) throws {
    try database.run { db in
      try database.addPositions(db)
      // Rewritten: `RemindersList` is `PositionedList`, the same table with `position`.
      let bumpsPosition = TriggerEvent<PositionedList>.update {
            $0.position += 1
          }
      try database.create(
        PositionedList.createTemporaryTrigger("after_update_on_remindersLists", after: bumpsPosition),
        orOnPostgreSQL: PositionedList.createTrigger("after_update_on_remindersLists", after: bumpsPosition),
        db)
      try PositionedList.find(1).update { $0.title = "Home" }.execute(db)
      try PositionedList.update { $0.title += "!" }.execute(db)
      let rows = try PositionedList.order(by: \.id).select { ($0.title, $0.position) }.fetchAll(db)
      #expect(rows.map(\.0) == ["Home!", "Family!", "Business!"])
      #expect(rows.map(\.1) == [2, 1, 1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func afterUpdateTouchDate(database: LiveDatabase) throws {
    try database.run { db in
      let touchesUpdatedAt = TriggerEvent<Reminder>.update(touch: \.updatedAt)
      try database.create(
        Reminder.createTemporaryTrigger("after_update_on_reminders", after: touchesUpdatedAt),
        orOnPostgreSQL: Reminder.createTrigger("after_update_on_reminders", after: touchesUpdatedAt),
        db)
      let before = Date()
      try Reminder.find(1).update { $0.title = "Groceries!" }.execute(db)
      let rows = try Reminder.where { $0.id.in([1, 2]) }.order(by: \.id).fetchAll(db)
      #expect(rows.map(\.title) == ["Groceries!", "Haircut"])
      // The touched row's date is the current instant (to the millisecond), the other's as seeded.
      #expect(rows.first.map { abs($0.updatedAt.timeIntervalSince(before)) < 60 } == true)
      #expect(rows.last?.updatedAt == seededUpdatedAt)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func afterUpdateTouchDate_NestedTimestamps(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(
        database == .sqlite
          ? #"CREATE TABLE "episodes" ("id" INTEGER PRIMARY KEY, "createdAt" TEXT NOT NULL, "updatedAt" TEXT) STRICT"#
          : #"CREATE TABLE "episodes" ("id" bigint PRIMARY KEY, "createdAt" timestamptz NOT NULL, "updatedAt" timestamptz)"#)
      let touchesUpdatedAt = TriggerEvent<Episode>.update(touch: \.timestamps.updatedAt)
      try database.create(
        Episode.createTemporaryTrigger("after_update_on_episodes", after: touchesUpdatedAt),
        orOnPostgreSQL: Episode.createTrigger("after_update_on_episodes", after: touchesUpdatedAt),
        db)
      let created = Date(timeIntervalSinceReferenceDate: 0)
      try Episode.insert {
        Episode(id: 1, timestamps: Timestamps(createdAt: created, updatedAt: nil))
        Episode(id: 2, timestamps: Timestamps(createdAt: created, updatedAt: nil))
      }.execute(db)
      let before = Date()
      try Episode.find(1).update { $0.timestamps.createdAt = created.addingTimeInterval(60) }.execute(db)
      let rows = try Episode.order(by: \.id).fetchAll(db)
      #expect(rows.map(\.timestamps.createdAt) == [created.addingTimeInterval(60), created])
      #expect(rows.first?.timestamps.updatedAt.map { abs($0.timeIntervalSince(before)) < 60 } == true)
      #expect(rows.last.map { $0.timestamps.updatedAt == nil } == true)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func afterUpdateTouchCustomDate(database: LiveDatabase) throws {
    try database.run { db in
      // `customDate()` is a function of the database: a Swift function registered with SQLite,
      // a SQL function created on PostgreSQL (TypedSQL registers Swift functions with SQLite only).
      if let sqlite = db as? SQLiteDatabase {
        try sqlite.add($customDate)
      } else {
        try db.execute(
          #"CREATE FUNCTION customDate() RETURNS timestamptz LANGUAGE sql AS $$ SELECT timestamptz '2018-01-29 00:08:00+00' $$"#
        )
      }
      let touchesUpdatedAt = TriggerEvent<Reminder>.update(touch: \.updatedAt, date: #sql("customDate()"))
      try database.create(
        Reminder.createTemporaryTrigger("after_update_on_reminders", after: touchesUpdatedAt),
        orOnPostgreSQL: Reminder.createTrigger("after_update_on_reminders", after: touchesUpdatedAt),
        db)
      try Reminder.find(1).update { $0.title = "Groceries!" }.execute(db)
      let rows = try Reminder.where { $0.id.in([1, 2]) }.order(by: \.id).select { ($0.title, $0.updatedAt) }.fetchAll(db)
      #expect(rows.map(\.0) == ["Groceries!", "Haircut"])
      #expect(rows.map(\.1) == [customInstant, seededUpdatedAt])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func multiStatement(database: LiveDatabase) throws {
    try database.run { db in
      try database.addPositions(db)
      // Rewritten: `RemindersList` is `PositionedList`, the same table with `position`.
      let setsPositionAndPrunes = TriggerEvent<PositionedList>.insert { new in
        PositionedList
          .update {
            $0.position = PositionedList.select { ($0.position.max() ?? -1) + 1 }
          }
          .where { $0.id.eq(new.id) }
        PositionedList
          .where { $0.position.eq(0) }
          .delete()
        PositionedList
          .select(\.position)
      }
      try database.create(
        PositionedList.createTemporaryTrigger("after_insert_on_remindersLists", after: setsPositionAndPrunes),
        orOnPostgreSQL: PositionedList.createTrigger("after_insert_on_remindersLists", after: setsPositionAndPrunes),
        db)
      try PositionedList.insert { $0.title } values: {
        "Travel"
      }.execute(db)
      // The new list takes position 1; the seeded lists, at 0, are deleted.
      let rows = try PositionedList.order(by: \.id).select { ($0.title, $0.position) }.fetchAll(db)
      #expect(rows.map(\.0) == ["Travel"])
      #expect(rows.map(\.1) == [1])
    }
  }
}
