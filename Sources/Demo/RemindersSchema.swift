import TypedSQL

@Table struct RemindersList {
  let id: Int
  var title = ""
}

@Table struct Reminder {
  let id: Int
  var title = ""
  var isCompleted = false
  var priority: Int?
  var remindersListID: Int
}

/// The schema in SQLite's own words: schema and migrations are SQL text, run as is.
let remindersSchema = """
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
  """
