import Foundation
import TypedSQL

// StructuredQueries' test schema, declared as a StructuredQueries user declares it: lists,
// reminders, users, tags, and events with a date in each representation. The SQL that creates
// it is per database; everything else in this target is written in StructuredQueries' spelling.

@Table
struct RemindersList: Codable, Equatable, Identifiable {
  let id: Int
  var color = 0x4a99ef
  var title = ""
}

@Table
struct Reminder: Codable, Equatable, Identifiable {
  static let incomplete = Self.where { !$0.isCompleted }

  let id: Int
  var assignedUserID: User.ID?
  @Column(as: Date.ISO8601Representation?.self)
  var dueDate: Date?
  var isCompleted = false
  var isFlagged = false
  var notes = ""
  var priority: Priority?
  var remindersListID: Int
  var title = ""
  var updatedAt = Date(timeIntervalSinceReferenceDate: 1_234_567_890)
}

@Table
struct User: Codable, Equatable, Identifiable {
  let id: Int
  var name = ""
}

enum Priority: Int, Codable, QueryBindable {
  case low = 1
  case medium
  case high
}

extension Reminder.TableColumns {
  /// Not completed, and due before now: a condition declared as an expression of its own.
  var isPastDue: some QueryExpression<Bool> {
    !isCompleted && dueDate < #bind(Date())
  }
}

@Table
struct Tag: Codable, Equatable, Identifiable {
  let id: Int
  var title = ""
}

@Table("remindersTags")
struct ReminderTag: Equatable {
  let reminderID: Int
  let tagID: Int
}

/// An instant in each of the three ways a date is stored.
@Table
struct Event: Equatable {
  let id: Int
  var startsAt: Date
  @Column(as: Date.UnixTimeRepresentation.self) var unixAt: Date
  @Column(as: Date.JulianDayRepresentation.self) var julianAt: Date
}

/// A table with a default scope in StructuredQueries' spelling.
@Table
struct Memo: Equatable {
  static let all = Self.where { !$0.isDeleted }

  let id: Int
  var body = ""
  var isDeleted = false
}

// As in StructuredQueries' schema: SQLite ids are AUTOINCREMENT (an id an insert that ended in a
// conflict took is not given again, as with a PostgreSQL sequence), list titles are unique, and a
// reminder has each tag once. `items` and `roots` are the tables of its insert, update and delete
// tests (SuiteInsertTests and the others), `rows` that of SuitePrimaryKeyedTableTests,
// `operatorRows` that of SuiteOperatorsTests.
let sqliteSchema = """
  CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "color" INTEGER NOT NULL DEFAULT 4889071,
    "title" TEXT NOT NULL DEFAULT '');
  CREATE UNIQUE INDEX "remindersLists_title" ON "remindersLists" ("title");
  CREATE TABLE "users" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL DEFAULT '');
  CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "assignedUserID" INTEGER, "dueDate" TEXT,
    "isCompleted" INTEGER NOT NULL DEFAULT 0, "isFlagged" INTEGER NOT NULL DEFAULT 0,
    "notes" TEXT NOT NULL DEFAULT '', "priority" INTEGER,
    "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists" ("id") ON DELETE CASCADE,
    "title" TEXT NOT NULL DEFAULT '',
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')));
  CREATE TABLE "tags" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL UNIQUE);
  CREATE TABLE "remindersTags" ("reminderID" INTEGER NOT NULL REFERENCES "reminders" ("id") ON DELETE CASCADE,
    "tagID" INTEGER NOT NULL REFERENCES "tags" ("id") ON DELETE CASCADE, UNIQUE ("reminderID", "tagID"));
  CREATE TABLE "events" ("id" INTEGER PRIMARY KEY, "startsAt" TEXT NOT NULL, "unixAt" INTEGER NOT NULL,
    "julianAt" REAL NOT NULL);
  CREATE TABLE "memos" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL DEFAULT '',
    "isDeleted" INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE "employees" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "bossID" INTEGER REFERENCES "employees",
    "height" INTEGER NOT NULL, "name" TEXT NOT NULL);
  CREATE TABLE "items" ("title" TEXT NOT NULL DEFAULT '', "quantity" INTEGER NOT NULL DEFAULT 0,
    "notes" TEXT NOT NULL DEFAULT '[]');
  CREATE TABLE "roots" ("honestCount" INTEGER NOT NULL DEFAULT 0, "optionalCount" INTEGER, "string" TEXT);
  CREATE TABLE "rows" ("id" TEXT PRIMARY KEY NOT NULL, "isDeleted" INTEGER NOT NULL DEFAULT 0,
    "isNotDeleted" INTEGER NOT NULL AS (NOT "isDeleted"));
  CREATE TABLE "operatorRows" ("a" INTEGER, "b" INTEGER, "c" INTEGER NOT NULL, "bool" INTEGER NOT NULL,
    "string" TEXT NOT NULL);
  """

let postgresSchema = """
  CREATE TABLE "remindersLists" ("id" bigserial PRIMARY KEY, "color" bigint NOT NULL DEFAULT 4889071,
    "title" text NOT NULL DEFAULT '');
  CREATE UNIQUE INDEX "remindersLists_title" ON "remindersLists" ("title");
  CREATE TABLE "users" ("id" bigserial PRIMARY KEY, "name" text NOT NULL DEFAULT '');
  CREATE TABLE "reminders" ("id" bigserial PRIMARY KEY, "assignedUserID" bigint, "dueDate" text,
    "isCompleted" boolean NOT NULL DEFAULT false, "isFlagged" boolean NOT NULL DEFAULT false,
    "notes" text NOT NULL DEFAULT '', "priority" bigint,
    "remindersListID" bigint NOT NULL REFERENCES "remindersLists" ("id") ON DELETE CASCADE,
    "title" text NOT NULL DEFAULT '', "updatedAt" timestamptz NOT NULL DEFAULT now());
  CREATE TABLE "tags" ("id" bigserial PRIMARY KEY, "title" text NOT NULL UNIQUE);
  CREATE TABLE "remindersTags" ("reminderID" bigint NOT NULL REFERENCES "reminders" ("id") ON DELETE CASCADE,
    "tagID" bigint NOT NULL REFERENCES "tags" ("id") ON DELETE CASCADE, UNIQUE ("reminderID", "tagID"));
  CREATE TABLE "events" ("id" bigint PRIMARY KEY, "startsAt" timestamptz NOT NULL, "unixAt" bigint NOT NULL,
    "julianAt" double precision NOT NULL);
  CREATE TABLE "memos" ("id" bigserial PRIMARY KEY, "body" text NOT NULL DEFAULT '',
    "isDeleted" boolean NOT NULL DEFAULT false);
  CREATE TABLE "employees" ("id" bigserial PRIMARY KEY, "bossID" bigint REFERENCES "employees",
    "height" bigint NOT NULL, "name" text NOT NULL);
  CREATE TABLE "items" ("title" text NOT NULL DEFAULT '', "quantity" bigint NOT NULL DEFAULT 0,
    "notes" jsonb NOT NULL DEFAULT '[]');
  CREATE TABLE "roots" ("honestCount" bigint NOT NULL DEFAULT 0, "optionalCount" bigint, "string" text);
  CREATE TABLE "rows" ("id" uuid PRIMARY KEY NOT NULL, "isDeleted" boolean NOT NULL DEFAULT false,
    "isNotDeleted" boolean NOT NULL GENERATED ALWAYS AS (NOT "isDeleted") STORED);
  CREATE TABLE "operatorRows" ("a" bigint, "b" bigint, "c" bigint NOT NULL, "bool" boolean NOT NULL,
    "string" text NOT NULL);
  """

/// StructuredQueries' seed rows: three users, three lists, ten reminders, four tags.
func seed(_ db: some Database) throws {
  try User.insert { $0.name } values: {
    "Blob"
    "Blob Jr"
    "Blob Sr"
  }.execute(db)
  try RemindersList.insert { ($0.color, $0.title) } values: {
    (0x4a99ef, "Personal")
    (0xed8935, "Family")
    (0xb25dd3, "Business")
  }.execute(db)
  let now = Date(timeIntervalSinceReferenceDate: 0)
  let day: TimeInterval = 60 * 60 * 24
  try Reminder.insert {
    Reminder.Draft(assignedUserID: 1, dueDate: now, notes: "Milk, Eggs, Apples", remindersListID: 1, title: "Groceries")
    Reminder.Draft(dueDate: now.addingTimeInterval(-day * 2), isFlagged: true, remindersListID: 1, title: "Haircut")
    Reminder.Draft(dueDate: now, notes: "Ask about diet", priority: .high, remindersListID: 1, title: "Doctor appointment")
    Reminder.Draft(dueDate: now.addingTimeInterval(-day * 190), isCompleted: true, remindersListID: 1, title: "Take a walk")
    Reminder.Draft(remindersListID: 1, title: "Buy concert tickets")
    Reminder.Draft(
      dueDate: now.addingTimeInterval(day * 2), isFlagged: true, priority: .high, remindersListID: 2,
      title: "Pick up kids from school")
    Reminder.Draft(
      dueDate: now.addingTimeInterval(-day * 2), isCompleted: true, priority: .low, remindersListID: 2, title: "Get laundry")
    Reminder.Draft(
      dueDate: now.addingTimeInterval(day * 4), isCompleted: false, priority: .high, remindersListID: 2,
      title: "Take out trash")
    Reminder.Draft(
      dueDate: now.addingTimeInterval(day * 2), notes: "Status of tax return", remindersListID: 3, title: "Call accountant")
    Reminder.Draft(
      dueDate: now.addingTimeInterval(-day * 2), isCompleted: true, priority: .medium, remindersListID: 3,
      title: "Send weekly emails")
  }.execute(db)
  try Tag.insert { $0.title } values: {
    "car"
    "kids"
    "someday"
    "optional"
  }.execute(db)
  try ReminderTag.insert { ($0.reminderID, $0.tagID) } values: {
    (1, 3)
    (1, 4)
    (2, 3)
    (2, 4)
    (4, 1)
    (4, 2)
  }.execute(db)
}
