import CSQLite
import Foundation
import GRDB
import TypedSQLCore
import TypedSQLSQLite

/// Runs only TypedSQL's side of one SQLite workload `count` times, with no anchor beside it, so
/// that a profiler or an allocation counter sees nothing else; the `raw-` and `grdb-` modes run
/// an anchor alone, to profile or count instructions beside it; the `mariadb-` modes do the
/// same on the MariaDB server `MYSQL_URL` names, and the `postgres-` modes on the PostgreSQL
/// server `POSTGRES_URL` names. Returns a checksum.
///
/// Each mode runs in a function of its own that is never inlined, so that the code of one mode
/// does not change how the optimizer inlines another's: in one function, a change to the fetch
/// path took the rendering workload's comparison operator out of line (+180 instructions).
func runAlone(_ mode: String, count: Int) throws -> Int {
  switch mode {
  case "render-only":
    return try renderAlone(count: count)
  case "lookups-only":
    return try lookupsAlone(count: count)
  case "raw-lookups-only":
    return try rawLookupsAlone(count: count)
  case "raw-where-only":
    return try rawWhereAlone(count: count)
  case "inserts-only":
    return try insertsAlone(count: count)
  case "built-inserts-only":
    return try builtInsertsAlone(count: count)
  case "built-batch-inserts-only":
    return try builtBatchInsertsAlone(count: count)
  case "built-lookups-only":
    return try builtLookupsAlone(count: count)
  case "built-where-only":
    return try builtWhereAlone(count: count)
  case "read-lookups-only":
    return try readLookupsAlone(count: count)
  case "raw-inserts-only":
    return try rawInsertsAlone(count: count)
  case "raw-prepare-only":
    return try rawPrepareAlone(count: count)
  case "fetch-only":
    return try fetchAlone(count: count)
  case "raw-fetch-only":
    return try rawFetchAlone(count: count)
  case "grdb-fetch-only":
    return try grdbFetchAlone(count: count)
  case "grdb-lookups-only":
    return try grdbLookupsAlone(count: count)
  case "grdb-inserts-only":
    return try grdbInsertsAlone(count: count)
  case "json-rows-only":
    return try jsonRowsAlone(count: count)
  case "raw-json-rows-only":
    return try rawJSONRowsAlone(count: count)
  case "mariadb-inserts-only", "mariadb-raw-inserts-only", "mariadb-fetch-only", "mariadb-raw-fetch-only":
    return try runAloneOnMariaDB(mode, count: count)
  case "postgres-fetch-only", "postgres-raw-fetch-only", "postgres-raw-binary-fetch-only":
    return try runAloneOnPostgres(mode, count: count)
  default:
    throw BenchmarkUsageError(mode: mode)
  }
}

/// `render-only`: builds and renders the representative query.
@inline(never)
private func renderAlone(count: Int) throws -> Int {
  var sink = 0
  let dialect = SQLiteDialect()
  for _ in 0..<count { sink &+= try representativeQuery().render(in: dialect).bindings.count }
  return sink
}

/// `lookups-only`: looks up a row by primary key through a prepared
/// `db.prepare(Int.self) { Reminder.find($0) }`.
@inline(never)
private func lookupsAlone(count: Int) throws -> Int {
  var sink = 0
  let db = try SQLiteDatabase()
  try db.execute(sqliteFill(rowCount))
  let find = try db.prepare(Int.self) { id in Reminder.find(id) }
  for iteration in 0..<count { sink &+= try find.fetchOne(iteration % rowCount + 1)?.id ?? 0 }
  return sink
}

/// `raw-lookups-only`: the raw anchor of the lookups: one reused statement, stepped to its one row.
@inline(never)
private func rawLookupsAlone(count: Int) throws -> Int {
  try withRawLookup { lookup in
    var sink = 0
    for iteration in 0..<count {
      sqlite3_bind_int64(lookup, 1, Int64(iteration % rowCount + 1))
      if sqlite3_step(lookup) == SQLITE_ROW { sink &+= rawReminder(lookup).id }
      sqlite3_reset(lookup)
    }
    return sink
  }
}

/// `raw-where-only`: the raw anchor of `built-where-only`: like `raw-lookups-only`, but stepping
/// the statement to its end, as a loop over every matching row must (and `fetchAll` does).
@inline(never)
private func rawWhereAlone(count: Int) throws -> Int {
  try withRawLookup { lookup in
    var sink = 0
    for iteration in 0..<count {
      sqlite3_bind_int64(lookup, 1, Int64(iteration % rowCount + 1))
      while sqlite3_step(lookup) == SQLITE_ROW { sink &+= rawReminder(lookup).id }
      sqlite3_reset(lookup)
    }
    return sink
  }
}

/// Runs `body` with the lookup of a reminder by primary key prepared on a raw connection to a
/// filled table, then finalizes the statement and closes the connection.
private func withRawLookup(_ body: (OpaquePointer) -> Int) throws -> Int {
  let handle = rawSQLiteDatabase(sqliteFill(rowCount))
  defer { sqlite3_close(handle) }
  let lookup = rawPrepare(handle, try Reminder.find(1).render(in: SQLiteDialect()).sql)
  defer { sqlite3_finalize(lookup) }
  return body(lookup)
}

/// `inserts-only`: inserts rows through `db.prepareInsert(into:)`, in one transaction.
@inline(never)
private func insertsAlone(count: Int) throws -> Int {
  var sink = 0
  let db = try SQLiteDatabase()
  try db.execute(sqliteSchema)
  let insert = db.prepareInsert(into: Reminder.self)
  let rows = benchmarkRows(count)
  try db.transaction { _ in
    for row in rows { try insert.execute(row) }
  }
  sink = try Reminder.all.count().fetchOne(db) ?? 0
  return sink
}

/// `built-inserts-only`: inserts rows with `Reminder.insert { row }.execute(db)` built at the call,
/// in one transaction.
@inline(never)
private func builtInsertsAlone(count: Int) throws -> Int {
  var sink = 0
  let db = try SQLiteDatabase()
  try db.execute(sqliteSchema)
  let rows = benchmarkRows(count)
  try db.transaction { _ in
    for row in rows { try Reminder.insert { row }.execute(db) }
  }
  sink = try Reminder.all.count().fetchOne(db) ?? 0
  return sink
}

/// `built-batch-inserts-only`: inserts rows 100 to a statement, each `Reminder.insert { batch }`
/// built at the call.
@inline(never)
private func builtBatchInsertsAlone(count: Int) throws -> Int {
  var sink = 0
  // `count` rows inserted 100 to a statement, each statement built at the call.
  let db = try SQLiteDatabase()
  try db.execute(sqliteSchema)
  let rows = benchmarkRows(count)
  let batches = stride(from: 0, to: count, by: 100).map { Array(rows[$0..<min($0 + 100, count)]) }
  try db.transaction { _ in
    for batch in batches { try Reminder.insert { batch }.execute(db) }
  }
  sink = try Reminder.all.count().fetchOne(db) ?? 0
  return sink
}

/// `built-lookups-only`: looks up a row by primary key with `Reminder.find(id).fetchOne(db)` built
/// at the call.
@inline(never)
private func builtLookupsAlone(count: Int) throws -> Int {
  var sink = 0
  let db = try SQLiteDatabase()
  try db.execute(sqliteFill(rowCount))
  for iteration in 0..<count { sink &+= try Reminder.find(iteration % rowCount + 1).fetchOne(db)?.id ?? 0 }
  return sink
}

/// `built-where-only`: fetches one row with `Reminder.where { $0.id == id }.fetchAll(db)` built at
/// the call.
@inline(never)
private func builtWhereAlone(count: Int) throws -> Int {
  var sink = 0
  let db = try SQLiteDatabase()
  try db.execute(sqliteFill(rowCount))
  for iteration in 0..<count {
    let id = iteration % rowCount + 1
    sink &+= try Reminder.where { $0.id == id }.fetchAll(db).count
  }
  return sink
}

/// `read-lookups-only`: looks up a row by primary key built at the call, in a `db.read { }` of its
/// own.
@inline(never)
private func readLookupsAlone(count: Int) throws -> Int {
  var sink = 0
  let db = try SQLiteDatabase()
  try db.execute(sqliteFill(rowCount))
  for iteration in 0..<count {
    sink &+= try db.read { db in try Reminder.find(iteration % rowCount + 1).fetchOne(db)?.id ?? 0 }
  }
  return sink
}

/// `raw-inserts-only`: the raw anchor of the inserts: one reused statement, in one transaction.
@inline(never)
private func rawInsertsAlone(count: Int) throws -> Int {
  var sink = 0
  let handle = rawSQLiteDatabase(sqliteSchema)
  defer { sqlite3_close(handle) }
  rawInsert(benchmarkRows(count), into: handle)
  sink = count
  return sink
}

/// `raw-prepare-only`: the rendering anchor: `sqlite3_prepare_v2` + bind + finalize of the
/// representative query's SQL.
@inline(never)
private func rawPrepareAlone(count: Int) throws -> Int {
  var sink = 0
  let handle = rawSQLiteDatabase(sqliteSchema)
  defer { sqlite3_close(handle) }
  let sql = try representativeQuery().render(in: SQLiteDialect()).sql
  for _ in 0..<count { rawPrepareBindFinalize(sql, on: handle) }
  sink = count
  return sink
}

/// `fetch-only`: fetches and decodes 100 rows with `Reminder.all.fetchAll(db)`.
@inline(never)
private func fetchAlone(count: Int) throws -> Int {
  var sink = 0
  let db = try SQLiteDatabase()
  try db.execute(sqliteFill(fetchRowCount))
  for _ in 0..<count { sink &+= try Reminder.all.fetchAll(db).count }
  return sink
}

/// `raw-fetch-only`: the raw anchor of the fetch: one reused statement, its rows read into structs.
@inline(never)
private func rawFetchAlone(count: Int) throws -> Int {
  var sink = 0
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
  return sink
}

/// `json-rows-only`: reads 10 lists, each with its 10 reminders as one JSON array, built at the
/// call.
@inline(never)
private func jsonRowsAlone(count: Int) throws -> Int {
  var sink = 0
  let db = try SQLiteDatabase()
  try db.execute(jsonRowsSchema)
  for _ in 0..<count { sink &+= try listsWithTheirReminders().fetchAll(db).count }
  return sink
}

/// `raw-json-rows-only`: the raw anchor of the JSON rows: the same SQL prepared once, each list's
/// reminders decoded by one reused `JSONDecoder`.
@inline(never)
private func rawJSONRowsAlone(count: Int) throws -> Int {
  var sink = 0
  let handle = rawSQLiteDatabase(jsonRowsSchema)
  defer { sqlite3_close(handle) }
  let statement = rawPrepare(handle, try listsWithTheirReminders().render(in: SQLiteDialect()).sql)
  defer { sqlite3_finalize(statement) }
  let decoder = JSONDecoder()
  for _ in 0..<count { sink &+= try rawListsWithTheirReminders(statement, decoder: decoder).count }
  return sink
}

/// `grdb-fetch-only`: GRDB fetching 100 rows into its hand-written record.
@inline(never)
private func grdbFetchAlone(count: Int) throws -> Int {
  var sink = 0
  let grdb = try DatabaseQueue()
  try grdb.write { db in try db.execute(sql: sqliteFill(fetchRowCount)) }
  for _ in 0..<count { sink &+= try grdb.read { db in try GRDBManualReminder.fetchAll(db).count } }
  return sink
}

/// `grdb-lookups-only`: GRDB looking up a row by primary key with `fetchOne(db, key:)`.
@inline(never)
private func grdbLookupsAlone(count: Int) throws -> Int {
  var sink = 0
  let grdb = try DatabaseQueue()
  try grdb.write { db in try db.execute(sql: sqliteFill(rowCount)) }
  try grdb.read { db in
    for iteration in 0..<count { sink &+= try GRDBManualReminder.fetchOne(db, key: iteration % rowCount + 1)?.id ?? 0 }
  }
  return sink
}

/// `grdb-inserts-only`: GRDB inserting rows with its hand-written record's `insert(db)`, in one
/// transaction.
@inline(never)
private func grdbInsertsAlone(count: Int) throws -> Int {
  var sink = 0
  let grdb = try DatabaseQueue()
  try grdb.write { db in try db.execute(sql: sqliteSchema) }
  let rows = benchmarkRows(count)
  try grdb.write { db in
    for row in rows { try GRDBManualReminder(row).insert(db) }
  }
  sink = count
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
