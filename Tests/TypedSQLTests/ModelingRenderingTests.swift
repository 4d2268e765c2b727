import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

/// The examples of seeds 002 and 004 that this release models: column groups, selections,
/// ephemeral and generated columns, `#sql`, database functions. The seeds write their SQL in a
/// shorthand (columns unqualified, no parentheses); ours qualifies every column.
@Suite struct ModelingRenderingTests {
  @Selection struct Timestamps {
    let createdAt: Date
    let updatedAt: Date?
  }

  @Table struct RemindersList {
    let id: Int
    var title = ""
    let timestamps: ModelingRenderingTests.Timestamps
  }

  @Table struct Reminder {
    let id: Int
    var title = ""
    var isCompleted = false
    var remindersListID: Int
    let timestamps: ModelingRenderingTests.Timestamps
  }

  @Selection struct Row {
    let reminderTitle: String
    let remindersListTitle: String
    let reminderTimestamps: ModelingRenderingTests.Timestamps
  }

  @Table struct Event {
    let id: Int
    var startAt: Date
    var duration: Double
    @Column(generated: .stored)
    var endAt: Date
  }

  @Table struct Book {
    @Column(primaryKey: true)
    let isbn: String
    var title: String
    @Ephemeral
    var scratchNotes = ""
  }

  static let date1 = Date(timeIntervalSince1970: 1_700_000_000)
  static let date2 = Date(timeIntervalSince1970: 1_700_086_400)

  /// A group's value through `#bind`, as StructuredQueries writes it: the value itself, each
  /// column bound, assigned or compared.
  @Test func groupValueThroughBind() {
    assertSQL(RemindersList.where { $0.timestamps == #bind(Timestamps(createdAt: Self.date1, updatedAt: nil)) }.update {
      $0.timestamps = #bind(Timestamps(createdAt: Self.date2, updatedAt: Self.date2))
    }) {
      """
      SQLite:
        UPDATE "remindersLists" SET "createdAt" = ?1, "updatedAt" = ?1 WHERE (("remindersLists"."createdAt", "remindersLists"."updatedAt") = (?2, ?3))
        bindings: date(2023-11-15 22:13:20.000), date(2023-11-14 22:13:20.000), NULL
      PostgreSQL:
        UPDATE "remindersLists" SET "createdAt" = $1, "updatedAt" = $1 WHERE (("remindersLists"."createdAt", "remindersLists"."updatedAt") = ($2, NULL))
        bindings: date(2023-11-15 22:13:20.000), date(2023-11-14 22:13:20.000)
      """
    }
  }

  /// A column group's columns assigned one by one in an update, read back as their new values,
  /// beside a whole group assigned at once.
  @Test func groupColumnsAssignedOneByOne() {
    assertSQL(Reminder.update {
      $0.timestamps.updatedAt = Self.date2
      $0.timestamps.createdAt = $0.timestamps.createdAt
      $0.timestamps.updatedAt = $0.timestamps.updatedAt
      $0.title += "!"
    }) {
      """
      SQLite:
        UPDATE "reminders" SET "updatedAt" = ?1, "createdAt" = "reminders"."createdAt", "title" = ("reminders"."title" || ?2)
        bindings: date(2023-11-15 22:13:20.000), text("!")
      PostgreSQL:
        UPDATE "reminders" SET "updatedAt" = $1, "createdAt" = "reminders"."createdAt", "title" = ("reminders"."title" || $2)
        bindings: date(2023-11-15 22:13:20.000), text("!")
      """
    }
    assertSQL(RemindersList.update { $0.timestamps = Timestamps(createdAt: Self.date1, updatedAt: nil) }) {
      """
      SQLite:
        UPDATE "remindersLists" SET "createdAt" = ?1, "updatedAt" = ?2
        bindings: date(2023-11-14 22:13:20.000), NULL
      PostgreSQL:
        UPDATE "remindersLists" SET "createdAt" = $1, "updatedAt" = NULL
        bindings: date(2023-11-14 22:13:20.000)
      """
    }
    assertSQL(RemindersList.update { $0.timestamps.updatedAt = nil }) {
      """
      SQLite:
        UPDATE "remindersLists" SET "updatedAt" = ?1
        bindings: NULL
      PostgreSQL:
        UPDATE "remindersLists" SET "updatedAt" = NULL
      """
    }
  }

  /// A group's column changed in place, and read back in an assignment, as a table's own.
  @Test func groupColumnChangedInPlace() {
    assertSQL(Reminder.update {
      $0.timestamps.updatedAt = $0.timestamps.createdAt
      $0.timestamps.createdAt = $0.timestamps.createdAt.adding(1, .days)
    }) {
      """
      SQLite:
        UPDATE "reminders" SET "updatedAt" = "reminders"."createdAt", "createdAt" = strftime('%Y-%m-%d %H:%M:%f', "reminders"."createdAt", (?1 || ' days'))
        bindings: int(1)
      PostgreSQL:
        UPDATE "reminders" SET "updatedAt" = "reminders"."createdAt", "createdAt" = ((("reminders"."createdAt" AT TIME ZONE 'UTC') + make_interval(days => CAST($1 AS integer))) AT TIME ZONE 'UTC')
        bindings: int(1)
      """
    }
  }

  @Test func groupFieldInWhere() {
    let date = Self.date1
    assertSQL(RemindersList.where { $0.timestamps.createdAt <= date }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists" WHERE ("remindersLists"."createdAt" <= ?1)
        bindings: date(2023-11-14 22:13:20.000)
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists" WHERE ("remindersLists"."createdAt" <= $1)
        bindings: date(2023-11-14 22:13:20.000)
      """
    }
  }

  @Test func wholeGroupComparesAsARowValue() {
    let bound = Timestamps(createdAt: Self.date1, updatedAt: Self.date2)
    assertSQL(RemindersList.where { $0.timestamps <= bound }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists" WHERE (("remindersLists"."createdAt", "remindersLists"."updatedAt") <= (?1, ?2))
        bindings: date(2023-11-14 22:13:20.000), date(2023-11-15 22:13:20.000)
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists" WHERE (("remindersLists"."createdAt", "remindersLists"."updatedAt") <= ($1, $2))
        bindings: date(2023-11-14 22:13:20.000), date(2023-11-15 22:13:20.000)
      """
    }
  }

  @Test func selectionWithANestedGroup() {
    assertSQL(
      Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .select {
          Row.Columns(reminderTitle: $0.title, remindersListTitle: $1.title, reminderTimestamps: $0.timestamps)
        }) {
      """
      SQLite:
        SELECT "reminders"."title", "remindersLists"."title", "reminders"."createdAt", "reminders"."updatedAt" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      PostgreSQL:
        SELECT "reminders"."title", "remindersLists"."title", "reminders"."createdAt", "reminders"."updatedAt" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """
    }
  }

  @Test func upsertsLeaveGeneratedColumnsToTheDatabase() {
    assertSQL(Event.upsert { Event(id: 1, startAt: Self.date1, duration: 30, endAt: Self.date2) }) {
      """
      SQLite:
        INSERT INTO "events" ("id", "startAt", "duration") VALUES (?1, ?2, ?3) ON CONFLICT ("id") DO UPDATE SET "startAt" = "excluded"."startAt", "duration" = "excluded"."duration"
        bindings: int(1), date(2023-11-14 22:13:20.000), double(30.0)
      PostgreSQL:
        INSERT INTO "events" ("id", "startAt", "duration") VALUES ($1, $2, $3) ON CONFLICT ("id") DO UPDATE SET "startAt" = "excluded"."startAt", "duration" = "excluded"."duration"
        bindings: int(1), date(2023-11-14 22:13:20.000), double(30.0)
      """
    }
  }

  @Test func generatedColumnsAreSelectedNeverWritten() {
    assertSQL(Event.all) {
      """
      SQLite:
        SELECT "events"."id", "events"."startAt", "events"."duration", "events"."endAt" FROM "events"
      PostgreSQL:
        SELECT "events"."id", "events"."startAt", "events"."duration", "events"."endAt" FROM "events"
      """
    }
    assertSQL(Event.insert { Event.Draft(startAt: Self.date1, duration: 90) }) {
      """
      SQLite:
        INSERT INTO "events" ("startAt", "duration") VALUES (?1, ?2)
        bindings: date(2023-11-14 22:13:20.000), double(90.0)
      PostgreSQL:
        INSERT INTO "events" ("startAt", "duration") VALUES ($1, $2)
        bindings: date(2023-11-14 22:13:20.000), double(90.0)
      """
    }
    assertSQL(Event.update(Event(id: 1, startAt: Self.date1, duration: 30, endAt: Self.date2))) {
      """
      SQLite:
        UPDATE "events" SET "startAt" = ?1, "duration" = ?2 WHERE ("events"."id" = ?3)
        bindings: date(2023-11-14 22:13:20.000), double(30.0), int(1)
      PostgreSQL:
        UPDATE "events" SET "startAt" = $1, "duration" = $2 WHERE ("events"."id" = $3)
        bindings: date(2023-11-14 22:13:20.000), double(30.0), int(1)
      """
    }
  }

  @Test func ephemeralColumnsAreNeitherReadNorWritten() {
    assertSQL(Book.insert { Book(isbn: "1", title: "Dune", scratchNotes: "ignored") }) {
      """
      SQLite:
        INSERT INTO "books" ("isbn", "title") VALUES (?1, ?2)
        bindings: text("1"), text("Dune")
      PostgreSQL:
        INSERT INTO "books" ("isbn", "title") VALUES ($1, $2)
        bindings: text("1"), text("Dune")
      """
    }
    assertSQL(Book.all) {
      """
      SQLite:
        SELECT "books"."isbn", "books"."title" FROM "books"
      PostgreSQL:
        SELECT "books"."isbn", "books"."title" FROM "books"
      """
    }
  }

  @Test func safeSQLStrings() {
    let pattern = "Ho"
    assertSQL(RemindersList.where { #sql("\($0.title) LIKE \(pattern) || '%'") }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists" WHERE "remindersLists"."title" LIKE ?1 || '%'
        bindings: text("Ho")
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists" WHERE "remindersLists"."title" LIKE $1 || '%'
        bindings: text("Ho")
      """
    }
    assertSQL(#sql("SELECT \(RemindersList.columns) FROM \(RemindersList.self) WHERE \(raw: "1 = 1")", as: RemindersList.self)) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists" WHERE 1 = 1
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists" WHERE 1 = 1
      """
    }
  }

  @Test func databaseFunctionsRenderOnSQLiteOnly() {
    let isPastDue = SQLiteFunction("isPastDue") { (reminder: Reminder) in !reminder.isCompleted }
    assertSQL(Reminder.where { isPastDue($0) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."remindersListID", "reminders"."createdAt", "reminders"."updatedAt" FROM "reminders" WHERE "isPastDue"("reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."remindersListID", "reminders"."createdAt", "reminders"."updatedAt")
      PostgreSQL:
        error: PostgreSQL does not support calling the database function "isPastDue" (registered with SQLite)
      """
    }
  }
}
