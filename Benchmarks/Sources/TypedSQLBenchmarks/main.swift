import Foundation
import TypedSQLSQLite

// TypedSQL beside its anchors, measured in the same run; the ratios are the result, absolute
// times on a shared machine are noise. Run in release (see BENCHMARKS.md):
//   swift run -c release --package-path Benchmarks [workload …]
// Workloads: sqlite-insert, sqlite-fetch (fetch and point lookups), sqlite-json (JSON rows),
// sqlite-pool (concurrent reads
// beside GRDB's DatabasePool), render, postgres-insert,
// postgres-fetch (fetch and point lookups) and postgres-first-page (all three need POSTGRES_URL),
// mariadb-insert and mariadb-fetch (fetch and point lookups; both need MYSQL_URL); and, only when
// named, sqlite-live and postgres-live (live queries: commit-to-value latency and commits per
// second while watched; postgres-live needs POSTGRES_URL). `render-only N`,
// `lookups-only N`, `inserts-only N` and their built-at-the-call twins `built-lookups-only N` and
// `built-inserts-only N` run only TypedSQL's side of a workload N times, for a
// profiler or an allocation counter; `raw-inserts-only N` and `raw-lookups-only N` run a raw anchor alone.

let arguments = Array(CommandLine.arguments.dropFirst())
let rowCount = 100_000
let renderIterations = 1_000_000

if let mode = arguments.first, mode.hasSuffix("-only") {
  let count = arguments.count > 1 ? Int(arguments[1]) ?? 0 : renderIterations
  let checksum = try runAlone(mode, count: count)
  print("\(mode) \(count) times (checksum \(checksum))")
  exit(0)
}

let selected = Set(arguments)
func runs(_ workload: String) -> Bool { selected.isEmpty || selected.contains(workload) }
let rows = benchmarkRows(rowCount)
var sink = 0

var sqlite = SQLiteWorkloads(rows: rows)
if runs("sqlite-insert") { try sqlite.insert() }
if runs("sqlite-fetch") { try sqlite.fetchAndLookups() }
if runs("sqlite-json") { try sqlite.jsonRows() }
if runs("sqlite-pool") { try ConcurrentReadWorkload(rows: rows).run() }
if runs("render") { sink &+= try renderWorkload(iterations: renderIterations) }
if selected.contains("sqlite-live") { try LiveQueryWorkload().runSQLite(rows: rowCount) }
if selected.contains("postgres-live"), let url = ProcessInfo.processInfo.environment["POSTGRES_URL"] {
  try LiveQueryWorkload().runPostgres(url: url, rows: rowCount)
}
if runs("postgres-insert") || runs("postgres-fetch") || runs("postgres-first-page") {
  if let url = ProcessInfo.processInfo.environment["POSTGRES_URL"] {
    var postgres = PostgresWorkloads(url: url, rows: rows)
    if runs("postgres-insert") { try postgres.insert() }
    if runs("postgres-fetch") { try postgres.fetchAndLookups() }
    if runs("postgres-first-page") { try postgres.firstPage() }
    sink &+= postgres.sink
  } else {
    print("\nPostgreSQL workloads skipped: set POSTGRES_URL to run them.")
  }
}
if runs("mariadb-insert") || runs("mariadb-fetch") {
  if let url = ProcessInfo.processInfo.environment["MYSQL_URL"] {
    var mysql = MySQLWorkloads(url: url, rows: rows)
    if runs("mariadb-insert") { try mysql.insert() }
    if runs("mariadb-fetch") { try mysql.fetchAndLookups() }
    sink &+= mysql.sink
  } else {
    print("\nMariaDB workloads skipped: set MYSQL_URL to run them.")
  }
}
print("\n(checksum \(sink &+ sqlite.sink))")
