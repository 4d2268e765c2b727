import Dispatch
import Foundation
import GRDB
import TypedSQLCore
import TypedSQLPostgres
import TypedSQLSQLite

// Live queries: how long a commit takes to reach a live query's consumer, and how many commits
// a second a writer makes while 0, 1 or 100 live queries watch the table it writes. TypedSQL's
// SQLite pool beside GRDB's DatabasePool and ValueObservation on the same kind of file, and
// TypedSQL on PostgreSQL.

/// One contender: a way to watch the titles of rows 1–10 and a way to commit a new title.
struct LiveContender {
  let name: String
  /// Starts a live query of `sql`, which returns text, handing each value to `deliver`; returns
  /// what ends it.
  let observe: (_ sql: String, _ deliver: @escaping @Sendable ([String]) -> Void) -> () -> Void
  /// A query of text that reads no table the commits write.
  let elsewhereSQL: String
  /// Commits `title` for row `id` in a transaction of its own and returns the instant (in
  /// nanoseconds of `DispatchTime`) its body ended, just before the commit.
  let commit: (_ id: Int, _ title: String) throws -> UInt64
}

/// The values a live query delivered, for a writer waiting for one.
final class Arrivals: @unchecked Sendable {
  private let condition = NSCondition()
  private var firstTitle: String?
  private var arrivedAt: UInt64 = 0
  private var count = 0

  /// Takes note of a value and the instant it arrived.
  func record(_ titles: [String]) {
    let now = DispatchTime.now().uptimeNanoseconds
    condition.withLock {
      firstTitle = titles.first
      arrivedAt = now
      count += 1
      condition.broadcast()
    }
  }

  /// Waits until a value whose first title is `title` arrived, and returns when it did.
  func arrival(of title: String) -> UInt64 {
    condition.withLock {
      while firstTitle != title { condition.wait() }
      return arrivedAt
    }
  }

  /// Waits until `count` values arrived in all.
  func waitForCount(_ count: Int) {
    condition.withLock {
      while self.count < count { condition.wait() }
    }
  }
}

struct LiveQueryWorkload {
  /// Commits timed one by one for the latency figures.
  let latencyCommits = 500
  /// Commits timed together for the throughput figures.
  let throughputCommits = 1_000

  static let titlesSQL = #"SELECT "title" FROM "reminders" WHERE "id" <= 10 ORDER BY "id""#
  /// The tables' names: the schema, which no commit of the workload changes.
  static let sqliteElsewhereSQL = "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
  static let updateSQL = #"UPDATE "reminders" SET "title" = ?1 WHERE "id" = ?2"#
  static let postgresUpdateSQL = #"UPDATE "reminders" SET "title" = $1 WHERE "id" = $2"#

  /// SQLite: TypedSQL's pool and GRDB's, each on a WAL file of `rows` rows.
  func runSQLite(rows: Int) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("typedsql-live-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let typedPath = directory.appendingPathComponent("typedsql.db").path
    let grdbPath = directory.appendingPathComponent("grdb.db").path
    for path in [typedPath, grdbPath] { try SQLiteDatabase(path: path).execute(sqliteFill(rows)) }
    // As in the pool workload: GRDB's pool commits with `synchronous = NORMAL`; so does TypedSQL's.
    let typed = try SQLiteDatabasePool(path: typedPath) { db in try db.execute("PRAGMA synchronous = NORMAL") }
    let grdb = try DatabasePool(path: grdbPath)
    let grdbQueue = DispatchQueue(label: "GRDB ValueObservation")
    let contenders = [
      LiveContender(
        name: "TypedSQL SQLiteDatabasePool, observe",
        observe: { sql, deliver in Self.observe(sql, in: typed, deliver) },
        elsewhereSQL: Self.sqliteElsewhereSQL,
        commit: { id, title in
          try typed.write { db in
            try db.execute(RenderedSQL(sql: Self.updateSQL, bindings: [.text(title), .int(Int64(id))]))
            return DispatchTime.now().uptimeNanoseconds
          }
        }),
      LiveContender(
        name: "GRDB DatabasePool, ValueObservation",
        observe: { sql, deliver in
          let observation = ValueObservation.tracking { db in try String.fetchAll(db, sql: sql) }
            .removeDuplicates()
          let cancellable = observation.start(
            in: grdb, scheduling: .async(onQueue: grdbQueue), onError: { fatalError("GRDB observation: \($0)") },
            onChange: deliver)
          return { cancellable.cancel() }
        },
        elsewhereSQL: Self.sqliteElsewhereSQL,
        commit: { id, title in
          try grdb.write { db in
            try db.execute(sql: Self.updateSQL, arguments: [title, id])
            return DispatchTime.now().uptimeNanoseconds
          }
        }),
    ]
    print("\nSQLite live queries (WAL file, \(rows) rows, synchronous = NORMAL)")
    try report(contenders)
  }

  /// PostgreSQL: TypedSQL's pool, the table announcing its commits.
  func runPostgres(url: String, rows: Int) throws {
    let setup = try PostgresDatabase(url: url)
    // Analyzed, so that the planner reads rows 1–10 by the primary key rather than scanning.
    try setup.execute(postgresFill(rows) + #"ANALYZE "reminders"; DROP TABLE IF EXISTS "typedsqlMigrations";"#)
    var migrator = TypedSQLCore.DatabaseMigrator()
    migrator.registerLiveQueryTriggers("Announce reminders", for: [Reminder.self])
    try migrator.migrate(setup)
    setup.close()
    let pool = try PostgresConnectionPool(url: url)
    defer { pool.close() }
    print("\nPostgreSQL live queries (unix socket, \(rows) rows, fsync off)")
    try report([
      LiveContender(
        name: "TypedSQL PostgresConnectionPool, observe",
        observe: { sql, deliver in Self.observe(sql, in: pool, deliver) },
        elsewhereSQL: "SELECT 'no table'",
        commit: { id, title in
          try pool.write { db in
            try db.execute(RenderedSQL(sql: Self.postgresUpdateSQL, bindings: [.text(title), .int(Int64(id))]))
            return DispatchTime.now().uptimeNanoseconds
          }
        })
    ])
  }

  /// A TypedSQL live query of `sql`, in a task of its own.
  static func observe(
    _ sql: String, in db: some LiveQueryDatabase, _ deliver: @escaping @Sendable ([String]) -> Void
  ) -> () -> Void {
    let query = db.observe { db in try db.fetchAll(RenderedSQL(sql: sql), as: String.self) }
    let task = Task {
      do {
        for try await titles in query { deliver(titles) }
      } catch {
        fatalError("TypedSQL live query: \(error)")
      }
    }
    return { task.cancel() }
  }

  /// Prints each contender's latency percentiles and its throughput with 0, 1 and 100 watchers.
  private func report(_ contenders: [LiveContender]) throws {
    for contender in contenders {
      let latencies = try latencies(of: contender).sorted()
      func percentile(_ p: Double) -> String {
        String(format: "%7.1f µs", latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] / 1000)
      }
      print("  \(contender.name.padding(toLength: 44, withPad: " ", startingAt: 0)) commit → value: p50 \(percentile(0.5))  p99 \(percentile(0.99))  (\(latencies.count) commits)")
      var line = "  \("".padding(toLength: 44, withPad: " ", startingAt: 0)) commits/s (median of 3):"
      for (watchers, sql, label) in [
        (0, Self.titlesSQL, "0 watching"), (1, contender.elsewhereSQL, "1 watching another table"),
        (1, Self.titlesSQL, "1 watching"), (100, Self.titlesSQL, "100 watching"),
      ] {
        let rounds = try (0..<3).map { _ in try commitsPerSecond(contender, watchers: watchers, sql: sql) }.sorted()
        line += String(format: "  %@ %6.0f", label, rounds[1])
      }
      print(line)
    }
  }

  /// The delay from each commit's end of body to the live query's value showing it, in
  /// nanoseconds, one commit at a time.
  private func latencies(of contender: LiveContender) throws -> [Double] {
    let arrivals = Arrivals()
    let stop = contender.observe(Self.titlesSQL) { arrivals.record($0) }
    defer { stop() }
    arrivals.waitForCount(1)
    var latencies: [Double] = []
    for index in 0..<latencyCommits {
      let title = "latency \(index) \(UUID().uuidString)"
      let bodyEnded = try contender.commit(1, title)
      latencies.append(Double(arrivals.arrival(of: title) - bodyEnded))
    }
    return latencies
  }

  /// Commits per second of a writer updating rows 1–10 in turn while `watchers` live queries of
  /// `sql` run; the time includes none of their catching up after the last commit.
  private func commitsPerSecond(_ contender: LiveContender, watchers: Int, sql: String) throws -> Double {
    let arrivals = Arrivals()
    let stops = (0..<watchers).map { _ in contender.observe(sql) { arrivals.record($0) } }
    defer { stops.forEach { $0() } }
    arrivals.waitForCount(watchers)
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<throughputCommits {
      _ = try contender.commit(1 + index % 10, "throughput \(watchers) \(index)")
    }
    return Double(throughputCommits) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
}
