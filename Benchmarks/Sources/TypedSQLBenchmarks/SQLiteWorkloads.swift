import CSQLite
import GRDB
import TypedSQLCore
import TypedSQLSQLite

// Workloads 1 and 3 of issue 6 on SQLite: inserting rows in one transaction, and point lookups
// by primary key, beside the raw C API and GRDB.

let remindersTable = """
  CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "isCompleted" INTEGER NOT NULL,
    "priority" INTEGER, "notes" TEXT, "remindersListID" INTEGER NOT NULL)
  """

/// The rows every insert workload writes.
func benchmarkRows(_ count: Int) -> [Reminder] {
  (1...count).map { i in
    Reminder(
      id: i, title: "Reminder \(i)", isCompleted: i % 2 == 1, priority: i % 3 == 0 ? nil : i % 4,
      notes: i % 5 == 0 ? "note \(i)" : nil, remindersListID: i % 10)
  }
}

/// A fresh in-memory database for the raw C anchor.
func rawDatabase() -> OpaquePointer? {
  var handle: OpaquePointer?
  sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
  sqlite3_exec(handle, remindersTable, nil, nil, nil)
  return handle
}

func bindText(_ statement: OpaquePointer?, _ index: Int32, _ value: String?) {
  guard var text = value else { sqlite3_bind_null(statement, index); return }
  text.withUTF8 { typedsql_sqlite3_bind_text(statement, index, UnsafeRawPointer($0.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32($0.count)) }
}

func rawInsert(_ rows: [Reminder]) {
  let handle = rawDatabase()
  defer { sqlite3_close(handle) }
  var statement: OpaquePointer?
  sqlite3_prepare_v2(handle, #"INSERT INTO "reminders" VALUES (?1, ?2, ?3, ?4, ?5, ?6)"#, -1, &statement, nil)
  sqlite3_exec(handle, "BEGIN", nil, nil, nil)
  for row in rows {
    sqlite3_bind_int64(statement, 1, Int64(row.id))
    bindText(statement, 2, row.title)
    sqlite3_bind_int64(statement, 3, row.isCompleted ? 1 : 0)
    if let priority = row.priority { sqlite3_bind_int64(statement, 4, Int64(priority)) } else { sqlite3_bind_null(statement, 4) }
    bindText(statement, 5, row.notes)
    sqlite3_bind_int64(statement, 6, Int64(row.remindersListID))
    sqlite3_step(statement)
    sqlite3_reset(statement)
  }
  sqlite3_exec(handle, "COMMIT", nil, nil, nil)
  sqlite3_finalize(statement)
}

func typedSQLInsert(_ rows: [Reminder]) throws {
  let db = try SQLiteDatabase()
  try db.execute(remindersTable)
  try db.transaction { db in
    for row in rows { try Reminder.insert { row }.execute(db) }
  }
}

func grdbCodableInsert(_ rows: [Reminder]) throws {
  let queue = try DatabaseQueue()
  try queue.write { db in
    try db.execute(sql: remindersTable)
    for row in rows {
      try GRDBCodableReminder(
        id: row.id, title: row.title, isCompleted: row.isCompleted, priority: row.priority, notes: row.notes,
        remindersListID: row.remindersListID
      ).insert(db)
    }
  }
}

func grdbManualInsert(_ rows: [Reminder]) throws {
  let queue = try DatabaseQueue()
  try queue.write { db in
    try db.execute(sql: remindersTable)
    for row in rows {
      try GRDBManualReminder(
        id: row.id, title: row.title, isCompleted: row.isCompleted, priority: row.priority, notes: row.notes,
        remindersListID: row.remindersListID
      ).insert(db)
    }
  }
}
