import TypedSQL

// The seeds' Reminders schema, with rows every integration test starts from.

@Table struct RemindersList: Equatable {
  let id: Int
  var title = ""
}

@Table struct Reminder: Equatable {
  let id: Int
  var title = ""
  var isCompleted = false
  var priority: Int?
  var remindersListID: Int
}

@Table struct Tag: Equatable {
  let id: Int
  var name = ""
}

@Table("remindersTags") struct ReminderTag: Equatable {
  var reminderID: Int
  var tagID: Int
}

/// Creates the schema and inserts the fixture rows:
///
/// | list     | reminders                                                          |
/// |----------|--------------------------------------------------------------------|
/// | 1 Home   | 1 Groceries (p3), 2 Haircut (done, p1), 3 Vet (no priority)        |
/// | 2 Work   | 4 Report (p2), 5 Email (done, no priority)                         |
/// | 3 Empty  | —                                                                  |
///
/// Tags: 1 urgent on reminders 1 and 4; 2 someday on reminder 3.
func makeRemindersDatabase(_ db: some Database, schema: String) throws {
  try db.execute(schema)
  try RemindersList.insert {
    RemindersList.Draft(title: "Home")
    RemindersList.Draft(title: "Work")
    RemindersList.Draft(title: "Empty")
  }.execute(db)
  try Reminder.insert {
    Reminder.Draft(title: "Groceries", priority: 3, remindersListID: 1)
    Reminder.Draft(title: "Haircut", isCompleted: true, priority: 1, remindersListID: 1)
    Reminder.Draft(title: "Vet", remindersListID: 1)
    Reminder.Draft(title: "Report", priority: 2, remindersListID: 2)
    Reminder.Draft(title: "Email", isCompleted: true, remindersListID: 2)
  }.execute(db)
  try Tag.insert {
    Tag.Draft(name: "urgent")
    Tag.Draft(name: "someday")
  }.execute(db)
  try ReminderTag.insert {
    ReminderTag(reminderID: 1, tagID: 1)
    ReminderTag(reminderID: 4, tagID: 1)
    ReminderTag(reminderID: 3, tagID: 2)
  }.execute(db)
}

let sqliteRemindersSchema = """
  CREATE TABLE "remindersLists" (
    "id" INTEGER PRIMARY KEY,
    "title" TEXT NOT NULL DEFAULT ''
  ) STRICT;
  CREATE TABLE "reminders" (
    "id" INTEGER PRIMARY KEY,
    "title" TEXT NOT NULL DEFAULT '',
    "isCompleted" INTEGER NOT NULL DEFAULT 0,
    "priority" INTEGER,
    "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE
  ) STRICT;
  CREATE TABLE "tags" (
    "id" INTEGER PRIMARY KEY,
    "name" TEXT NOT NULL UNIQUE
  ) STRICT;
  CREATE TABLE "remindersTags" (
    "reminderID" INTEGER NOT NULL REFERENCES "reminders"("id") ON DELETE CASCADE,
    "tagID" INTEGER NOT NULL REFERENCES "tags"("id") ON DELETE CASCADE
  ) STRICT;
  """
