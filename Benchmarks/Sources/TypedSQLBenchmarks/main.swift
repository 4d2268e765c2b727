import CLibPQ
import CSQLite
import Foundation
import GRDB
import TypedSQLCore
import TypedSQLPostgres
import TypedSQLSQLite

// TypedSQL beside its anchors, measured in the same run; the ratios are the result, absolute
// times on a shared machine are noise. Run in release:
//   swift run -c release --package-path Benchmarks
// and, for the PostgreSQL workloads, with POSTGRES_URL naming a server.

let rowCount = 100_000
let renderIterations = 100_000

/// The workloads named on the command line (`sqlite-fetch`, `sqlite-insert`, `render`,
/// `postgres-fetch`), or all.
let selected = Set(CommandLine.arguments.dropFirst())
func runs(_ workload: String) -> Bool { selected.isEmpty || selected.contains(workload) }

// MARK: SQLite fetch and decode

/// The benchmark table and its rows, for every SQLite contender.
let fillReminders = remindersTable + """
  ;
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rowCount))
  INSERT INTO "reminders" SELECT i, 'Reminder ' || i, i % 2, CASE WHEN i % 3 = 0 THEN NULL ELSE i % 4 END,
    CASE WHEN i % 5 = 0 THEN 'note ' || i ELSE NULL END, i % 10 FROM n;
  """
let sqlite = try SQLiteDatabase()
try sqlite.execute(fillReminders)
let fetchSQL = try Reminder.all.render(in: sqlite.dialect).sql

/// The raw C API anchor: its own in-memory database with the same rows, a prepared statement
/// stepped, and `sqlite3_column_*` read into the struct.
let sqliteHandle: OpaquePointer = {
  var handle: OpaquePointer?
  sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
  return handle!
}()
sqlite3_exec(sqliteHandle, fillReminders, nil, nil, nil)
var rawStatement: OpaquePointer?
sqlite3_prepare_v2(sqliteHandle, fetchSQL, -1, &rawStatement, nil)

func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
  String(cString: sqlite3_column_text(statement, column))
}

var sink = 0
if runs("sqlite-fetch") {
let rawSQLite = medianMilliseconds {
  var rows: [Reminder] = []
  while sqlite3_step(rawStatement) == SQLITE_ROW {
    rows.append(
      Reminder(
        id: Int(sqlite3_column_int64(rawStatement, 0)), title: text(rawStatement, 1),
        isCompleted: sqlite3_column_int64(rawStatement, 2) != 0,
        priority: sqlite3_column_type(rawStatement, 3) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(rawStatement, 3)),
        notes: sqlite3_column_type(rawStatement, 4) == SQLITE_NULL ? nil : text(rawStatement, 4),
        remindersListID: Int(sqlite3_column_int64(rawStatement, 5))))
  }
  sqlite3_reset(rawStatement)
  sink &+= rows.count
}
let typedSQLite = try medianMilliseconds { sink &+= try Reminder.all.fetchAll(sqlite).count }
let grdb = try DatabaseQueue()
try grdb.write { db in try db.execute(sql: fillReminders) }
let grdbCodable = try medianMilliseconds {
  sink &+= try grdb.read { db in try GRDBCodableReminder.fetchAll(db).count }
}
let grdbManual = try medianMilliseconds {
  sink &+= try grdb.read { db in try GRDBManualReminder.fetchAll(db).count }
}
report(
  "SQLite: fetch and decode \(rowCount) rows",
  [("raw C API (sqlite3_column_*)", rawSQLite), ("TypedSQL fetchAll", typedSQLite),
   ("GRDB, Codable record", grdbCodable), ("GRDB, hand-written init(row:)", grdbManual)])

// Point lookups by primary key with a reused statement.
var lookupStatement: OpaquePointer?
sqlite3_prepare_v2(sqliteHandle, try Reminder.find(1).render(in: sqlite.dialect).sql, -1, &lookupStatement, nil)
let rawLookups = medianMilliseconds {
  for id in 1...rowCount {
    sqlite3_bind_int64(lookupStatement, 1, Int64(id))
    if sqlite3_step(lookupStatement) == SQLITE_ROW {
      sink &+= Int(sqlite3_column_int64(lookupStatement, 0)) + text(lookupStatement, 1).utf8.count
    }
    sqlite3_reset(lookupStatement)
  }
}
let typedLookups = try medianMilliseconds {
  for id in 1...rowCount { sink &+= try Reminder.find(id).fetchOne(sqlite)?.id ?? 0 }
}
let grdbLookups = try medianMilliseconds {
  try grdb.read { db in
    for id in 1...rowCount { sink &+= try GRDBManualReminder.fetchOne(db, key: id)?.id ?? 0 }
  }
}
report(
  "SQLite: \(rowCount) point lookups by primary key",
  [("raw C API, one reused statement", rawLookups), ("TypedSQL Reminder.find(id).fetchOne", typedLookups),
   ("GRDB, hand-written record fetchOne(key:)", grdbLookups)])
}

if runs("sqlite-insert") {
  let rows = benchmarkRows(rowCount)
  let raw = medianMilliseconds(runs: 5) { rawInsert(rows) }
  let typed = try medianMilliseconds(runs: 5) { try typedSQLInsert(rows) }
  let codable = try medianMilliseconds(runs: 5) { try grdbCodableInsert(rows) }
  let manual = try medianMilliseconds(runs: 5) { try grdbManualInsert(rows) }
  report(
    "SQLite: insert \(rowCount) rows in one transaction",
    [("raw C API, one reused statement", raw), ("TypedSQL Reminder.insert { row }", typed),
     ("GRDB, Codable record", codable), ("GRDB, hand-written encode(to:)", manual)])
}

// MARK: Rendering

func representativeQuery() -> Select<Reminder.TableColumns, Reminder> {
  Reminder.where { !$0.isCompleted && $0.priority == 2 }.order { $0.title }.limit(10)
}
// `render-only N`: N builds and renders and nothing else, for a profiler or an allocation
// counter (see BENCHMARKS.md).
if CommandLine.arguments.dropFirst().first == "render-only" {
  let iterations = Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? renderIterations
  for _ in 0..<iterations { sink &+= try representativeQuery().render(in: sqlite.dialect).bindings.count }
  print("rendered \(iterations) times (checksum \(sink))")
  exit(0)
}
if runs("render") {
let representativeSQL = try representativeQuery().render(in: sqlite.dialect).sql
let prepare = medianMilliseconds(runs: 5) {
  for _ in 0..<renderIterations {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(sqliteHandle, representativeSQL, -1, &statement, nil)
    sqlite3_bind_int64(statement, 1, 2)
    sqlite3_bind_int64(statement, 2, 10)
    sqlite3_finalize(statement)
  }
}
let renderSQLite = try medianMilliseconds(runs: 5) {
  for _ in 0..<renderIterations { sink &+= try representativeQuery().render(in: sqlite.dialect).bindings.count }
}
let renderPostgres = try medianMilliseconds(runs: 5) {
  for _ in 0..<renderIterations { sink &+= try representativeQuery().render(in: PostgresDialect()).bindings.count }
}
report(
  "Build and render the representative query \(renderIterations) times",
  [("sqlite3_prepare_v2 + bind + finalize (yardstick)", prepare), ("TypedSQL build + render, SQLite", renderSQLite),
   ("TypedSQL build + render, PostgreSQL", renderPostgres)])
}

// MARK: PostgreSQL fetch and decode

if runs("postgres-fetch"), let url = ProcessInfo.processInfo.environment["POSTGRES_URL"] {
  let postgres = try PostgresDatabase(url: url)
  try postgres.execute("""
    DROP TABLE IF EXISTS "reminders";
    CREATE TABLE "reminders" ("id" bigint PRIMARY KEY, "title" text NOT NULL, "isCompleted" boolean NOT NULL,
      "priority" integer, "notes" text, "remindersListID" integer NOT NULL);
    INSERT INTO "reminders" SELECT i, 'Reminder ' || i, i % 2 = 1, CASE WHEN i % 3 = 0 THEN NULL ELSE i % 4 END,
      CASE WHEN i % 5 = 0 THEN 'note ' || i ELSE NULL END, i % 10 FROM generate_series(1, \(rowCount)) i;
    """)
  let sql = try Reminder.all.render(in: postgres.dialect).sql
  let connection = PQconnectdb(url)
  PQclear(PQprepare(connection, "fetch", sql, 0, nil))
  func string(_ result: OpaquePointer?, _ row: Int32, _ column: Int32) -> String { String(cString: PQgetvalue(result, row, column)) }
  func raw(format: Int32) -> Double {
    medianMilliseconds {
      let result = PQexecPrepared(connection, "fetch", 0, nil, nil, nil, format)
      defer { PQclear(result) }
      var rows: [Reminder] = []
      rows.reserveCapacity(Int(PQntuples(result)))
      for row in 0..<PQntuples(result) {
        func int(_ column: Int32) -> Int {
          if format == 0 { return Int(strtoll(PQgetvalue(result, row, column), nil, 10)) }
          let bytes = UnsafeRawPointer(PQgetvalue(result, row, column)!)
          return PQgetlength(result, row, column) == 8
            ? Int(Int64(bigEndian: bytes.loadUnaligned(as: Int64.self)))
            : Int(Int32(bigEndian: bytes.loadUnaligned(as: Int32.self)))
        }
        rows.append(
          Reminder(
            id: int(0), title: string(result, row, 1),
            isCompleted: format == 0 ? PQgetvalue(result, row, 2)!.pointee == UInt8(ascii: "t") : PQgetvalue(result, row, 2)!.pointee != 0,
            priority: PQgetisnull(result, row, 3) == 1 ? nil : int(3),
            notes: PQgetisnull(result, row, 4) == 1 ? nil : string(result, row, 4),
            remindersListID: int(5)))
      }
      sink &+= rows.count
    }
  }
  let rawText = raw(format: 0)
  let rawBinary = raw(format: 1)
  let typedPostgres = try medianMilliseconds { sink &+= try Reminder.all.fetchAll(postgres).count }
  PQfinish(connection)
  report(
    "PostgreSQL: fetch and decode \(rowCount) rows (unix socket)",
    [("raw libpq, text format", rawText), ("raw libpq, binary format", rawBinary), ("TypedSQL fetchAll (text format)", typedPostgres)])
} else if runs("postgres-fetch") {
  print("\nPostgreSQL workloads skipped: set POSTGRES_URL to run them.")
}
print("\n(checksum \(sink))")
