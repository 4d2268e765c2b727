import CSQLite
import Foundation
import GRDB
import TypedSQLCore
import TypedSQLSQLite

// Workloads 1–3 of issue 6 on SQLite: inserting rows in one transaction, fetching and decoding
// them, and point lookups by primary key, beside the raw C API and GRDB.

let sqliteSchema = """
  CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "isCompleted" INTEGER NOT NULL,
    "priority" INTEGER, "dueDate" TEXT, "notes" TEXT)
  """

/// The schema and `count` rows equal to `benchmarkRows(count)`, dates as SQLite text.
func sqliteFill(_ count: Int) -> String {
  sqliteSchema + """
    ;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
    INSERT INTO "reminders" SELECT i, 'Reminder ' || i, i % 2, CASE WHEN i % 3 = 0 THEN NULL ELSE i % 4 END,
      CASE WHEN i % 4 = 0 THEN NULL ELSE strftime('%Y-%m-%d %H:%M:%f', 1700000000 + i * 60, 'unixepoch') END,
      CASE WHEN i % 5 = 0 THEN 'note ' || i ELSE NULL END FROM n;
    """
}

/// A fresh in-memory database for the raw C anchor, opened as `SQLiteDatabase` opens its own (no
/// mutex: one thread uses it at a time), holding `sql`'s schema and rows.
func rawSQLiteDatabase(_ sql: String) -> OpaquePointer {
  var handle: OpaquePointer?
  sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
  sqlite3_exec(handle, sql, nil, nil, nil)
  return handle!
}

func rawPrepare(_ handle: OpaquePointer, _ sql: String) -> OpaquePointer {
  var statement: OpaquePointer?
  sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
  return statement!
}

/// The raw C decoding of one row: `sqlite3_column_*` into the struct.
func rawReminder(_ statement: OpaquePointer) -> Reminder {
  func text(_ column: Int32) -> String {
    String(
      decoding: UnsafeBufferPointer(start: sqlite3_column_text(statement, column), count: Int(sqlite3_column_bytes(statement, column))),
      as: UTF8.self)
  }
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
  return Reminder(
    id: Int(sqlite3_column_int64(statement, 0)), title: text(1),
    isCompleted: sqlite3_column_int64(statement, 2) != 0,
    priority: isNull(3) ? nil : Int(sqlite3_column_int64(statement, 3)),
    dueDate: isNull(4)
      ? nil
      : ISO8601Text.date(
        fromUTF8: UnsafeBufferPointer(
          start: sqlite3_column_text(statement, 4), count: Int(sqlite3_column_bytes(statement, 4)))),
    notes: isNull(5) ? nil : text(5))
}

func rawBindText(_ statement: OpaquePointer, _ index: Int32, _ value: String?) {
  guard var text = value else { sqlite3_bind_null(statement, index); return }
  text.withUTF8 { rawBindText(statement, index, $0) }
}

func rawBindText(_ statement: OpaquePointer, _ index: Int32, _ utf8: UnsafeBufferPointer<UInt8>) {
  typedsql_sqlite3_bind_text(
    statement, index, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(utf8.count))
}

/// The raw C anchor of workload 1: one reused statement, every row in one transaction.
func rawInsert(_ rows: [Reminder], into handle: OpaquePointer) {
  let statement = rawPrepare(handle, #"INSERT INTO "reminders" VALUES (?1, ?2, ?3, ?4, ?5, ?6)"#)
  sqlite3_exec(handle, "BEGIN", nil, nil, nil)
  for row in rows {
    sqlite3_bind_int64(statement, 1, Int64(row.id))
    rawBindText(statement, 2, row.title)
    sqlite3_bind_int64(statement, 3, row.isCompleted ? 1 : 0)
    if let priority = row.priority { sqlite3_bind_int64(statement, 4, Int64(priority)) } else { sqlite3_bind_null(statement, 4) }
    if let dueDate = row.dueDate {
      ISO8601Text.withUTF8(of: dueDate) { rawBindText(statement, 5, $0) }
    } else {
      sqlite3_bind_null(statement, 5)
    }
    rawBindText(statement, 6, row.notes)
    sqlite3_step(statement)
    sqlite3_reset(statement)
  }
  sqlite3_exec(handle, "COMMIT", nil, nil, nil)
  sqlite3_finalize(statement)
}

struct SQLiteWorkloads {
  let rows: [Reminder]
  var sink = 0

  /// Workload 1: insert every row in one transaction. Each run opens a fresh in-memory database
  /// and closes it at the end, the raw anchor included.
  mutating func insert() throws {
    let rows = self.rows
    func preparedInsert() throws -> SQLiteDatabase {
      let db = try SQLiteDatabase()
      try db.execute(sqliteSchema)
      let insert = db.prepareInsert(into: Reminder.self)
      try db.transaction { _ in
        for row in rows { try insert.execute(row) }
      }
      return db
    }
    func bulkInsert() throws -> SQLiteDatabase {
      let db = try SQLiteDatabase()
      try db.execute(sqliteSchema)
      try db.prepareInsert(into: Reminder.self).execute(contentsOf: rows)
      return db
    }
    check(try Reminder.all.fetchAll(preparedInsert()), equal: rows, "TypedSQL prepared insert")
    check(try Reminder.all.fetchAll(bulkInsert()), equal: rows, "TypedSQL bulk insert")
    report("SQLite: insert \(rows.count) rows in one transaction", try interleavedMedians(runs: 5, [
      ("raw C API, one reused statement", {
        let handle = rawSQLiteDatabase(sqliteSchema)
        defer { sqlite3_close(handle) }
        rawInsert(rows, into: handle)
      }),
      ("TypedSQL db.prepareInsert(into:).execute(row)", { _ = try preparedInsert() }),
      ("TypedSQL db.prepareInsert(into:).execute(contentsOf: rows)", { _ = try bulkInsert() }),
      ("TypedSQL Reminder.insert { row }.execute(db)", {
        let db = try SQLiteDatabase()
        try db.execute(sqliteSchema)
        try db.transaction { db in
          for row in rows { try Reminder.insert { row }.execute(db) }
        }
      }),
      ("GRDB, Codable record insert(db)", {
        let queue = try DatabaseQueue()
        try queue.write { db in
          try db.execute(sql: sqliteSchema)
          for row in rows { try GRDBCodableReminder(row).insert(db) }
        }
      }),
      ("GRDB, hand-written encode(to:) insert(db)", {
        let queue = try DatabaseQueue()
        try queue.write { db in
          try db.execute(sql: sqliteSchema)
          for row in rows { try GRDBManualReminder(row).insert(db) }
        }
      }),
    ]))
  }

  /// Workloads 2 and 3: fetch and decode every row; look each row up by primary key.
  mutating func fetchAndLookups() throws {
    let rows = self.rows
    let fill = sqliteFill(rows.count)
    let handle = rawSQLiteDatabase(fill)
    defer { sqlite3_close(handle) }
    let sqlite = try SQLiteDatabase()
    try sqlite.execute(fill)
    let grdb = try DatabaseQueue()
    try grdb.write { db in try db.execute(sql: fill) }

    let fetchStatement = rawPrepare(handle, try Reminder.all.render(in: sqlite.dialect).sql)
    defer { sqlite3_finalize(fetchStatement) }
    func rawFetch() -> [Reminder] {
      var fetched: [Reminder] = []
      while sqlite3_step(fetchStatement) == SQLITE_ROW { fetched.append(rawReminder(fetchStatement)) }
      sqlite3_reset(fetchStatement)
      return fetched
    }
    check(rawFetch(), equal: rows, "raw C fetch")
    check(try Reminder.all.fetchAll(sqlite), equal: rows, "TypedSQL fetchAll")
    check(try grdb.read { db in try GRDBManualReminder.fetchAll(db) }.map(Reminder.init), equal: rows, "GRDB fetchAll")
    var sink = 0
    report("SQLite: fetch and decode \(rows.count) rows", try interleavedMedians(warmUp: true, [
      ("raw C API (sqlite3_column_* into the struct)", { sink &+= rawFetch().count }),
      ("TypedSQL Reminder.all.fetchAll(db)", { sink &+= try Reminder.all.fetchAll(sqlite).count }),
      ("GRDB, Codable record", { sink &+= try grdb.read { db in try GRDBCodableReminder.fetchAll(db).count } }),
      ("GRDB, hand-written init(row:)", { sink &+= try grdb.read { db in try GRDBManualReminder.fetchAll(db).count } }),
    ]))

    let lookupStatement = rawPrepare(handle, try Reminder.find(1).render(in: sqlite.dialect).sql)
    defer { sqlite3_finalize(lookupStatement) }
    let ids = rows.map(\.id)
    let find = try sqlite.prepare(Int.self) { id in Reminder.find(id) }
    check(try ids.compactMap { try find.fetchOne($0) }, equal: rows, "TypedSQL prepared find")
    check(try ids.flatMap { id in try Reminder.where { $0.id == id }.fetchAll(sqlite) }, equal: rows, "TypedSQL where")
    report("SQLite: \(rows.count) point lookups by primary key", try interleavedMedians(warmUp: true, [
      ("raw C API, one reused statement", {
        for id in ids {
          sqlite3_bind_int64(lookupStatement, 1, Int64(id))
          if sqlite3_step(lookupStatement) == SQLITE_ROW { sink &+= rawReminder(lookupStatement).id }
          sqlite3_reset(lookupStatement)
        }
      }),
      ("raw C API, one reused statement stepped to its end (as fetchAll)", {
        for id in ids {
          sqlite3_bind_int64(lookupStatement, 1, Int64(id))
          while sqlite3_step(lookupStatement) == SQLITE_ROW { sink &+= rawReminder(lookupStatement).id }
          sqlite3_reset(lookupStatement)
        }
      }),
      ("TypedSQL db.prepare(Int.self) { Reminder.find($0) }", {
        for id in ids { sink &+= try find.fetchOne(id)?.id ?? 0 }
      }),
      ("TypedSQL Reminder.find(id).fetchOne(db), built each time", {
        for id in ids { sink &+= try Reminder.find(id).fetchOne(sqlite)?.id ?? 0 }
      }),
      ("TypedSQL Reminder.where { $0.id == id }.fetchAll(db), built each time", {
        for id in ids { sink &+= try Reminder.where { $0.id == id }.fetchAll(sqlite).count }
      }),
      ("GRDB, Codable record fetchOne(db, key:)", {
        try grdb.read { db in for id in ids { sink &+= try GRDBCodableReminder.fetchOne(db, key: id)?.id ?? 0 } }
      }),
      ("GRDB, hand-written record fetchOne(db, key:)", {
        try grdb.read { db in for id in ids { sink &+= try GRDBManualReminder.fetchOne(db, key: id)?.id ?? 0 } }
      }),
    ]))
    self.sink &+= sink
  }

  /// 10 lists, each read with its 10 reminders as one JSON array, 10,000 times: TypedSQL beside
  /// the raw C API reading the same SQL and decoding each array with `JSONDecoder`.
  mutating func jsonRows() throws {
    let handle = rawSQLiteDatabase(jsonRowsSchema)
    defer { sqlite3_close(handle) }
    let sqlite = try SQLiteDatabase()
    try sqlite.execute(jsonRowsSchema)
    let statement = rawPrepare(handle, try listsWithTheirReminders().render(in: SQLiteDialect()).sql)
    defer { sqlite3_finalize(statement) }
    let decoder = JSONDecoder()
    let raw = try rawListsWithTheirReminders(statement, decoder: decoder)
    let typed = try listsWithTheirReminders().fetchAll(sqlite)
    guard raw.count == 10, raw.allSatisfy({ $0.1.count == 10 }), raw.map({ $0.0 }) == typed.map({ $0.0 }),
      raw.map({ $0.1 }) == typed.map({ $0.1 })
    else { fatalError("the JSON rows differ: raw \(raw), TypedSQL \(typed)") }
    let iterations = 10_000
    var sink = 0
    report("SQLite: 10 lists with their 10 reminders each as JSON rows, \(iterations) times", try interleavedMedians(warmUp: true, [
      ("raw C API, JSONDecoder for each list's array", {
        for _ in 0..<iterations { sink &+= try rawListsWithTheirReminders(statement, decoder: decoder).count }
      }),
      ("TypedSQL ($0, $1.jsonGroupArray()), built each time", {
        for _ in 0..<iterations { sink &+= try listsWithTheirReminders().fetchAll(sqlite).count }
      }),
    ]))
    self.sink &+= sink
  }
}

extension Reminder {
  init(_ record: GRDBManualReminder) {
    self.init(
      id: record.id, title: record.title, isCompleted: record.isCompleted, priority: record.priority,
      dueDate: record.dueDate, notes: record.notes)
  }
}
