import CSQLite
import GRDB
import TypedSQLCore
import TypedSQLSQLite

/// Runs only TypedSQL's side of one SQLite workload `count` times, with no anchor beside it, so
/// that a profiler or an allocation counter sees nothing else; the `raw-` and `grdb-` modes run
/// an anchor alone, to profile or count instructions beside it; the `mariadb-` modes do the
/// same on the MariaDB server `MYSQL_URL` names, and the `postgres-` modes on the PostgreSQL
/// server `POSTGRES_URL` names. Returns a checksum.
func runAlone(_ mode: String, count: Int) throws -> Int {
  var sink = 0
  switch mode {
  case "render-only":
    let dialect = SQLiteDialect()
    for _ in 0..<count { sink &+= try representativeQuery().render(in: dialect).bindings.count }
  case "lookups-only":
    let db = try SQLiteDatabase()
    try db.execute(sqliteFill(rowCount))
    let find = try db.prepare(Int.self) { id in Reminder.find(id) }
    for iteration in 0..<count { sink &+= try find.fetchOne(iteration % rowCount + 1)?.id ?? 0 }
  case "raw-lookups-only":
    let handle = rawSQLiteDatabase(sqliteFill(rowCount))
    defer { sqlite3_close(handle) }
    let lookup = rawPrepare(handle, try Reminder.find(1).render(in: SQLiteDialect()).sql)
    defer { sqlite3_finalize(lookup) }
    for iteration in 0..<count {
      sqlite3_bind_int64(lookup, 1, Int64(iteration % rowCount + 1))
      if sqlite3_step(lookup) == SQLITE_ROW { sink &+= rawReminder(lookup).id }
      sqlite3_reset(lookup)
    }
  case "raw-where-only":
    // The raw anchor of `built-where-only`: like `raw-lookups-only`, but stepping to the
    // statement's end, as a loop over every matching row must (and `fetchAll` does).
    let handle = rawSQLiteDatabase(sqliteFill(rowCount))
    defer { sqlite3_close(handle) }
    let lookup = rawPrepare(handle, try Reminder.find(1).render(in: SQLiteDialect()).sql)
    defer { sqlite3_finalize(lookup) }
    for iteration in 0..<count {
      sqlite3_bind_int64(lookup, 1, Int64(iteration % rowCount + 1))
      while sqlite3_step(lookup) == SQLITE_ROW { sink &+= rawReminder(lookup).id }
      sqlite3_reset(lookup)
    }
  case "inserts-only":
    let db = try SQLiteDatabase()
    try db.execute(sqliteSchema)
    let insert = db.prepareInsert(into: Reminder.self)
    let rows = benchmarkRows(count)
    try db.transaction { _ in
      for row in rows { try insert.execute(row) }
    }
    sink = try Reminder.all.count().fetchOne(db) ?? 0
  case "built-inserts-only":
    let db = try SQLiteDatabase()
    try db.execute(sqliteSchema)
    let rows = benchmarkRows(count)
    try db.transaction { _ in
      for row in rows { try Reminder.insert { row }.execute(db) }
    }
    sink = try Reminder.all.count().fetchOne(db) ?? 0
  case "built-batch-inserts-only":
    // `count` rows inserted 100 to a statement, each statement built at the call.
    let db = try SQLiteDatabase()
    try db.execute(sqliteSchema)
    let rows = benchmarkRows(count)
    let batches = stride(from: 0, to: count, by: 100).map { Array(rows[$0..<min($0 + 100, count)]) }
    try db.transaction { _ in
      for batch in batches { try Reminder.insert { batch }.execute(db) }
    }
    sink = try Reminder.all.count().fetchOne(db) ?? 0
  case "built-lookups-only":
    let db = try SQLiteDatabase()
    try db.execute(sqliteFill(rowCount))
    for iteration in 0..<count { sink &+= try Reminder.find(iteration % rowCount + 1).fetchOne(db)?.id ?? 0 }
  case "built-where-only":
    let db = try SQLiteDatabase()
    try db.execute(sqliteFill(rowCount))
    for iteration in 0..<count {
      let id = iteration % rowCount + 1
      sink &+= try Reminder.where { $0.id == id }.fetchAll(db).count
    }
  case "read-lookups-only":
    let db = try SQLiteDatabase()
    try db.execute(sqliteFill(rowCount))
    for iteration in 0..<count {
      sink &+= try db.read { db in try Reminder.find(iteration % rowCount + 1).fetchOne(db)?.id ?? 0 }
    }
  case "raw-inserts-only":
    let handle = rawSQLiteDatabase(sqliteSchema)
    defer { sqlite3_close(handle) }
    rawInsert(benchmarkRows(count), into: handle)
    sink = count
  case "raw-prepare-only":
    let handle = rawSQLiteDatabase(sqliteSchema)
    defer { sqlite3_close(handle) }
    let sql = try representativeQuery().render(in: SQLiteDialect()).sql
    for _ in 0..<count { rawPrepareBindFinalize(sql, on: handle) }
    sink = count
  case "fetch-only":
    let db = try SQLiteDatabase()
    try db.execute(sqliteFill(fetchRowCount))
    for _ in 0..<count { sink &+= try Reminder.all.fetchAll(db).count }
  case "raw-fetch-only":
    let handle = rawSQLiteDatabase(sqliteFill(fetchRowCount))
    defer { sqlite3_close(handle) }
    let fetch = rawPrepare(handle, try Reminder.all.render(in: SQLiteDialect()).sql)
    defer { sqlite3_finalize(fetch) }
    for _ in 0..<count {
      var fetched: [Reminder] = []
      while sqlite3_step(fetch) == SQLITE_ROW { fetched.append(rawReminder(fetch)) }
      sqlite3_reset(fetch)
      sink &+= fetched.count
    }
  case "grdb-fetch-only":
    let grdb = try DatabaseQueue()
    try grdb.write { db in try db.execute(sql: sqliteFill(fetchRowCount)) }
    for _ in 0..<count { sink &+= try grdb.read { db in try GRDBManualReminder.fetchAll(db).count } }
  case "grdb-lookups-only":
    let grdb = try DatabaseQueue()
    try grdb.write { db in try db.execute(sql: sqliteFill(rowCount)) }
    try grdb.read { db in
      for iteration in 0..<count { sink &+= try GRDBManualReminder.fetchOne(db, key: iteration % rowCount + 1)?.id ?? 0 }
    }
  case "grdb-inserts-only":
    let grdb = try DatabaseQueue()
    try grdb.write { db in try db.execute(sql: sqliteSchema) }
    let rows = benchmarkRows(count)
    try grdb.write { db in
      for row in rows { try GRDBManualReminder(row).insert(db) }
    }
    sink = count
  case "mariadb-inserts-only", "mariadb-raw-inserts-only", "mariadb-fetch-only", "mariadb-raw-fetch-only":
    sink = try runAloneOnMariaDB(mode, count: count)
  case "postgres-fetch-only", "postgres-raw-fetch-only", "postgres-raw-binary-fetch-only":
    sink = try runAloneOnPostgres(mode, count: count)
  default:
    throw BenchmarkUsageError(mode: mode)
  }
  return sink
}

/// The rows each `fetch-only` mode reads per fetch: few enough that callgrind runs thousands of
/// fetches in seconds.
let fetchRowCount = 100

/// An unknown `…-only` mode.
struct BenchmarkUsageError: Error, CustomStringConvertible {
  let mode: String
  var description: String { "unknown mode \(mode): use render-only, raw-prepare-only, lookups-only, built-lookups-only, built-where-only, read-lookups-only, raw-lookups-only, raw-where-only, grdb-lookups-only, inserts-only, built-inserts-only, built-batch-inserts-only, raw-inserts-only, grdb-inserts-only, fetch-only, raw-fetch-only, grdb-fetch-only, on MariaDB (with MYSQL_URL) mariadb-inserts-only, mariadb-raw-inserts-only, mariadb-fetch-only or mariadb-raw-fetch-only, or on PostgreSQL (with POSTGRES_URL) postgres-fetch-only, postgres-raw-fetch-only or postgres-raw-binary-fetch-only" }
}
