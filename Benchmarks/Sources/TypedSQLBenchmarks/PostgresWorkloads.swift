import CLibPQ
import Foundation
import TypedSQLCore
import TypedSQLPostgres

// Workload 5 of issue 6 (inserts, fetch and decode, point lookups) and the first page of a large
// table (issue 16), on PostgreSQL over a unix socket, beside raw libpq with `PQexecPrepared`.

let postgresSchema = """
  DROP TABLE IF EXISTS "reminders";
  CREATE TABLE "reminders" ("id" bigint PRIMARY KEY, "title" text NOT NULL, "isCompleted" boolean NOT NULL,
    "priority" bigint, "dueDate" timestamptz, "notes" text);
  """

/// The schema and `count` rows equal to `benchmarkRows(count)`.
func postgresFill(_ count: Int) -> String {
  postgresSchema + """
    INSERT INTO "reminders" SELECT i, 'Reminder ' || i, i % 2 = 1, CASE WHEN i % 3 = 0 THEN NULL ELSE i % 4 END,
      CASE WHEN i % 4 = 0 THEN NULL ELSE to_timestamp(1700000000 + i * 60) END,
      CASE WHEN i % 5 = 0 THEN 'note ' || i ELSE NULL END FROM generate_series(1, \(count)) i;
    """
}

struct PostgresWorkloads {
  let url: String
  let rows: [Reminder]
  var sink = 0

  /// A raw libpq connection in UTC, as TypedSQL's sessions are.
  func rawConnection() -> OpaquePointer {
    let connection = PQconnectdb(url)!
    PQclear(PQexec(connection, "SET TimeZone = 'UTC'"))
    return connection
  }

  /// Raw libpq decoding of one row of a text-format result.
  static func rawReminder(_ result: OpaquePointer, _ row: Int32) -> Reminder {
    func text(_ column: Int32) -> String { String(cString: PQgetvalue(result, row, column)) }
    func int(_ column: Int32) -> Int { Int(strtoll(PQgetvalue(result, row, column), nil, 10)) }
    func isNull(_ column: Int32) -> Bool { PQgetisnull(result, row, column) == 1 }
    func date(_ column: Int32) -> Date? {
      let bytes = UnsafeRawPointer(PQgetvalue(result, row, column)!).assumingMemoryBound(to: UInt8.self)
      return ISO8601Text.date(fromUTF8: UnsafeBufferPointer(start: bytes, count: Int(PQgetlength(result, row, column))))
    }
    return Reminder(
      id: int(0), title: text(1), isCompleted: PQgetvalue(result, row, 2)!.pointee == UInt8(ascii: "t"),
      priority: isNull(3) ? nil : int(3), dueDate: isNull(4) ? nil : date(4),
      notes: isNull(5) ? nil : text(5))
  }

  /// Prepares the raw loop's statement `fetch`, the SQL TypedSQL renders for `Reminder.all`.
  static func prepareRawFetch(on connection: OpaquePointer) {
    PQclear(PQprepare(connection, "fetch", try! Reminder.all.render(in: PostgresDialect()).sql, 0, nil))
  }

  /// Every row through the raw statement `fetch`, in text or binary format.
  static func rawFetch(on connection: OpaquePointer, binary: Bool) -> [Reminder] {
    let result = PQexecPrepared(connection, "fetch", 0, nil, nil, nil, binary ? 1 : 0)!
    defer { PQclear(result) }
    var fetched: [Reminder] = []
    fetched.reserveCapacity(Int(PQntuples(result)))
    for row in 0..<PQntuples(result) {
      fetched.append(binary ? rawBinaryReminder(result, row) : rawReminder(result, row))
    }
    return fetched
  }

  /// Raw libpq decoding of one row of a binary-format result: big-endian integers, a Boolean
  /// byte, text with its length, and a `timestamptz` as microseconds since 2000 (the same
  /// `Date` arithmetic TypedSQL's binary decoding does).
  static func rawBinaryReminder(_ result: OpaquePointer, _ row: Int32) -> Reminder {
    func bytes(_ column: Int32) -> UnsafeRawPointer { UnsafeRawPointer(PQgetvalue(result, row, column)!) }
    func text(_ column: Int32) -> String {
      String(decoding: UnsafeRawBufferPointer(start: bytes(column), count: Int(PQgetlength(result, row, column))), as: UTF8.self)
    }
    func int(_ column: Int32) -> Int { Int(Int64(bigEndian: bytes(column).loadUnaligned(as: Int64.self))) }
    func isNull(_ column: Int32) -> Bool { PQgetisnull(result, row, column) == 1 }
    func date(_ column: Int32) -> Date {
      let since2000 = Int64(bigEndian: bytes(column).loadUnaligned(as: Int64.self))
      let (whole, fraction) = since2000.quotientAndRemainder(dividingBy: 1_000_000)
      let seconds = (fraction < 0 ? whole - 1 : whole) + 946_684_800
      let microseconds = fraction < 0 ? fraction + 1_000_000 : fraction
      return Date(timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
    }
    return Reminder(
      id: int(0), title: text(1), isCompleted: bytes(2).load(as: UInt8.self) != 0,
      priority: isNull(3) ? nil : int(3), dueDate: isNull(4) ? nil : date(4),
      notes: isNull(5) ? nil : text(5))
  }

  /// Workload 1 on PostgreSQL: every row inserted in one transaction, one round trip each.
  mutating func insert() throws {
    let rows = self.rows
    let connection = rawConnection()
    defer { PQfinish(connection) }
    PQclear(PQexec(connection, postgresSchema))
    let types: [Oid] = [20, 25, 16, 20, 1184, 25]  // int8, text, bool, int8, timestamptz, text
    PQclear(PQprepare(connection, "insert", #"INSERT INTO "reminders" VALUES ($1, $2, $3, $4, $5, $6)"#, 6, types))
    let postgres = try PostgresDatabase(url: url)
    let inserts = TypedSQLInserts(rows: rows, into: postgres)
    try inserts.prepared()
    check(try Reminder.all.order { $0.id }.fetchAll(postgres), equal: rows, "TypedSQL prepared insert on PostgreSQL")
    try inserts.bulk()
    check(try Reminder.all.order { $0.id }.fetchAll(postgres), equal: rows, "TypedSQL bulk insert on PostgreSQL")
    func pipelinedInserts() throws {
      try postgres.execute(#"TRUNCATE "reminders""#)
      try postgres.executeBatch(rows.map { row in Reminder.insert { row } })
    }
    try pipelinedInserts()
    check(try Reminder.all.order { $0.id }.fetchAll(postgres), equal: rows, "TypedSQL pipelined inserts on PostgreSQL")
    report("PostgreSQL: insert \(rows.count) rows in one transaction (unix socket)", try interleavedMedians(runs: 3, [
      ("raw libpq PQexecPrepared, text parameters", {
        PQclear(PQexec(connection, "TRUNCATE \"reminders\"; BEGIN"))
        for row in rows {
          let values: [String?] = [
            String(row.id), row.title, row.isCompleted ? "t" : "f", row.priority.map(String.init),
            row.dueDate.map { ISO8601Text.string(from: $0) + "+00" }, row.notes,
          ]
          var pointers = values.map { $0.flatMap { strdup($0) } }
          let result = pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
              PQexecPrepared(connection, "insert", 6, values.baseAddress, nil, nil, 0)
            }
          }
          PQclear(result)
          for pointer in pointers { free(pointer) }
          pointers.removeAll()
        }
        PQclear(PQexec(connection, "COMMIT"))
      }),
      ("TypedSQL db.prepareInsert(into:).execute(row)", inserts.prepared),
      ("TypedSQL db.prepareInsert(into:).execute(contentsOf: rows)", inserts.bulk),
      ("TypedSQL db.executeBatch(rows.map { Reminder.insert { $0 } }), pipelined", pipelinedInserts),
    ]))
  }

  /// Workloads 2 and 3 on PostgreSQL.
  mutating func fetchAndLookups() throws {
    let rows = self.rows
    let postgres = try PostgresDatabase(url: url)
    try postgres.execute(postgresFill(rows.count))
    let connection = rawConnection()
    defer { PQfinish(connection) }
    Self.prepareRawFetch(on: connection)
    func rawFetch(binary: Bool = false) -> [Reminder] { Self.rawFetch(on: connection, binary: binary) }
    check(rawFetch(), equal: rows, "raw libpq fetch")
    check(rawFetch(binary: true), equal: rows, "raw libpq fetch in binary")
    check(try Reminder.all.fetchAll(postgres), equal: rows, "TypedSQL fetchAll on PostgreSQL")
    var sink = 0
    report("PostgreSQL: fetch and decode \(rows.count) rows (unix socket)", try interleavedMedians(warmUp: true, [
      ("raw libpq PQexecPrepared, text format", { sink &+= rawFetch().count }),
      ("raw libpq PQexecPrepared, binary format", { sink &+= rawFetch(binary: true).count }),
      ("TypedSQL Reminder.all.fetchAll(db)", { sink &+= try Reminder.all.fetchAll(postgres).count }),
    ]))

    let lookupSQL = try Reminder.find(1).render(in: postgres.dialect).sql
    var int8: Oid = 20
    PQclear(PQprepare(connection, "lookup", lookupSQL, 1, &int8))
    let ids = rows.map(\.id)
    let find = try postgres.prepare(Int.self) { id in Reminder.find(id) }
    report("PostgreSQL: \(rows.count) point lookups by primary key (unix socket)", try interleavedMedians(runs: 3, warmUp: true, [
      ("raw libpq PQexecPrepared", {
        for id in ids {
          var text = Array(String(id).utf8CString)
          let result = text.withUnsafeMutableBufferPointer { buffer -> OpaquePointer? in
            var value: UnsafePointer<CChar>? = UnsafePointer(buffer.baseAddress)
            return PQexecPrepared(connection, "lookup", 1, &value, nil, nil, 0)
          }
          if PQntuples(result) == 1 { sink &+= Self.rawReminder(result!, 0).id }
          PQclear(result)
        }
      }),
      ("TypedSQL db.prepare(Int.self) { Reminder.find($0) }", {
        for id in ids { sink &+= try find.fetchOne(id)?.id ?? 0 }
      }),
    ]))
    self.sink &+= sink
  }

  /// Issue 16's workload: the first page of 10 ordered by key from 1,000,000 rows, beside the
  /// same query written by hand for libpq. It measures that TypedSQL's `ORDER BY` lets the
  /// server read 10 rows of the primary key's index instead of sorting the table.
  mutating func firstPage() throws {
    let postgres = try PostgresDatabase(url: url)
    try postgres.execute(postgresFill(firstPageRowCount) + "ANALYZE \"reminders\";")
    let connection = rawConnection()
    defer { PQfinish(connection) }
    let handWritten = #"SELECT "id", "title", "isCompleted", "priority", "dueDate", "notes" FROM "reminders" ORDER BY "id" LIMIT 10"#
    PQclear(PQprepare(connection, "firstPage", handWritten, 0, nil))
    func rawFirstPage() -> [Reminder] {
      let result = PQexecPrepared(connection, "firstPage", 0, nil, nil, nil, 0)!
      defer { PQclear(result) }
      return (0..<PQntuples(result)).map { Self.rawReminder(result, $0) }
    }
    let firstPage = Reminder.order { $0.id }.limit(10)
    check(try firstPage.fetchAll(postgres), equal: rawFirstPage(), "TypedSQL first page on PostgreSQL")
    let iterations = 5_000
    var sink = 0
    report(
      "PostgreSQL: first page of 10 ordered by key from \(firstPageRowCount) rows, \(iterations) times (unix socket)",
      try interleavedMedians(warmUp: true, [
        ("raw libpq PQexecPrepared, hand-written ORDER BY \"id\" LIMIT 10", {
          for _ in 0..<iterations { sink &+= rawFirstPage().count }
        }),
        ("TypedSQL Reminder.order { $0.id }.limit(10).fetchAll(db)", {
          for _ in 0..<iterations { sink &+= try firstPage.fetchAll(postgres).count }
        }),
      ]))
    self.sink &+= sink
  }
}

/// The table size of the first-page workload.
let firstPageRowCount = 1_000_000

/// The `…-only` modes on the PostgreSQL server `POSTGRES_URL` names: `count` rows fetched ten
/// times by TypedSQL (`postgres-fetch-only`) or by the raw loop in text
/// (`postgres-raw-fetch-only`) or binary (`postgres-raw-binary-fetch-only`), for counting the
/// client's instructions per row.
func runAloneOnPostgres(_ mode: String, count: Int) throws -> Int {
  guard let url = ProcessInfo.processInfo.environment["POSTGRES_URL"] else { throw BenchmarkUsageError(mode: mode) }
  let database = try PostgresDatabase(url: url)
  try database.execute(postgresFill(count))
  var sink = 0
  switch mode {
  case "postgres-fetch-only":
    for _ in 0..<10 { sink &+= try Reminder.all.fetchAll(database).count }
  default:
    let connection = PostgresWorkloads(url: url, rows: []).rawConnection()
    defer { PQfinish(connection) }
    PostgresWorkloads.prepareRawFetch(on: connection)
    let binary = mode == "postgres-raw-binary-fetch-only"
    for _ in 0..<10 { sink &+= PostgresWorkloads.rawFetch(on: connection, binary: binary).count }
  }
  return sink
}
