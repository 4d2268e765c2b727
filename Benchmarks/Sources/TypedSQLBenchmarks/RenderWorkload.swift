import CSQLite
import TypedSQLCore
import TypedSQLPostgres
import TypedSQLSQLite

// Workload 4 of issue 6: building and rendering the representative query, beside SQLite
// preparing the same SQL.

/// `Reminder.where { !$0.isCompleted && $0.priority == 2 }.order { $0.title }.limit(10)`.
func representativeQuery() -> Select<Reminder.TableColumns, Reminder> {
  Reminder.where { !$0.isCompleted && $0.priority == 2 }.order { $0.title }.limit(10)
}

/// Builds and renders the representative query `iterations` times in each dialect, beside
/// `sqlite3_prepare_v2` + bind + finalize of its SQL.
func renderWorkload(iterations: Int) throws -> Int {
  let sqlite = SQLiteDialect()
  let postgres = PostgresDialect()
  let sql = try representativeQuery().render(in: sqlite).sql
  let handle = rawSQLiteDatabase(sqliteSchema)
  defer { sqlite3_close(handle) }
  var sink = 0
  report("Build and render the representative query \(iterations) times", try interleavedMedians(runs: 5, [
    ("sqlite3_prepare_v2 + bind + finalize (yardstick)", {
      for _ in 0..<iterations { rawPrepareBindFinalize(sql, on: handle) }
    }),
    ("TypedSQL build + render, SQLite dialect", {
      for _ in 0..<iterations { sink &+= try representativeQuery().render(in: sqlite).bindings.count }
    }),
    ("TypedSQL build + render, PostgreSQL dialect", {
      for _ in 0..<iterations { sink &+= try representativeQuery().render(in: postgres).bindings.count }
    }),
  ]))
  return sink
}

/// The rendering yardstick: SQLite prepares the representative query's `sql`, binds its two
/// values and finalizes the statement.
func rawPrepareBindFinalize(_ sql: String, on handle: OpaquePointer) {
  var statement: OpaquePointer?
  sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
  sqlite3_bind_int64(statement, 1, 2)
  sqlite3_bind_int64(statement, 2, 10)
  sqlite3_finalize(statement)
}
