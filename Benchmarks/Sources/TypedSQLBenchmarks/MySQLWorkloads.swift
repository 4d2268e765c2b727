import CMariaDB
import Foundation
import TypedSQLCore
import TypedSQLMySQL

// Workload 5 of issue 6 (inserts, fetch and decode, point lookups) on MariaDB over a unix socket,
// beside raw MariaDB Connector/C: server-side prepared statements prepared once, parameters and
// results bound once to fixed buffers, rows streamed from the server (no client-side copy of the
// result), text read with its length.

let mysqlSchema = """
  DROP TABLE IF EXISTS "reminders";
  CREATE TABLE "reminders" ("id" bigint PRIMARY KEY, "title" text NOT NULL, "isCompleted" tinyint(1) NOT NULL,
    "priority" bigint, "dueDate" datetime(6), "notes" text)
  """

/// The session TypedSQL's MariaDB connections start with (see `MySQLConnection`), so the raw
/// anchor runs under the same modes, time zone and collation.
let mariaDBSessionSettings = """
  SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES,ANSI_QUOTES,PIPES_AS_CONCAT,NO_ZERO_DATE,\
  NO_ZERO_IN_DATE,NO_AUTO_VALUE_ON_ZERO,NO_ENGINE_SUBSTITUTION,SIMULTANEOUS_ASSIGNMENT', time_zone = '+00:00',
    group_concat_max_len = 4294967295; SET NAMES utf8mb4 COLLATE utf8mb4_nopad_bin
  """

struct MySQLWorkloads {
  let url: String
  let rows: [Reminder]
  var sink = 0

  /// A raw connection to the server `url` names, opened as TypedSQL opens its own: `utf8mb4`,
  /// several statements per call, rows matched as the update count, and the same session.
  func rawConnection() -> UnsafeMutablePointer<MYSQL> {
    let components = URLComponents(string: url)!
    let socket = components.queryItems?.first { $0.name == "socket" }?.value
    let database = String(components.path.dropFirst())
    let handle = mysql_init(nil)!
    mysql_options(handle, MYSQL_SET_CHARSET_NAME, "utf8mb4")
    let flags = UInt(CLIENT_MULTI_STATEMENTS) | UInt(CLIENT_FOUND_ROWS)
    guard
      mysql_real_connect(
        handle, components.host, components.user, components.password, database, UInt32(components.port ?? 0),
        socket, flags) != nil
    else { fatalError("raw connect: \(String(cString: mysql_error(handle)))") }
    Self.run(mariaDBSessionSettings, on: handle)
    return handle
  }

  /// Runs `sql` (several statements) on `handle` and discards any results.
  static func run(_ sql: String, on handle: UnsafeMutablePointer<MYSQL>) {
    guard mysql_real_query(handle, sql, UInt(sql.utf8.count)) == 0 else {
      fatalError("raw query: \(String(cString: mysql_error(handle)))")
    }
    repeat {
      if let result = mysql_store_result(handle) { mysql_free_result(result) }
    } while mysql_next_result(handle) == 0
  }

  /// A statement prepared once for `sql`.
  static func rawPrepare(_ sql: String, on handle: UnsafeMutablePointer<MYSQL>) -> UnsafeMutablePointer<MYSQL_STMT> {
    let statement = mysql_stmt_init(handle)!
    guard mysql_stmt_prepare(statement, sql, UInt(sql.utf8.count)) == 0 else {
      fatalError("raw prepare: \(String(cString: mysql_stmt_error(statement)))")
    }
    return statement
  }

  /// Workload 1 on MariaDB: every row inserted in one transaction, one round trip each.
  mutating func insert() throws {
    let rows = self.rows
    let connection = rawConnection()
    defer { mysql_close(connection) }
    Self.run(mysqlSchema, on: connection)
    let database = try MySQLDatabase(url: url)
    let inserts = TypedSQLInserts(rows: rows, into: database)
    let rawInsert = RawMariaDBInsert(connection: connection)
    defer { rawInsert.close() }
    func rawInserts() {
      Self.run(#"TRUNCATE "reminders"; BEGIN"#, on: connection)
      for row in rows { rawInsert.execute(row) }
      Self.run("COMMIT", on: connection)
    }
    rawInserts()
    check(try Reminder.all.order { $0.id }.fetchAll(database), equal: rows, "raw Connector/C insert on MariaDB")
    try inserts.prepared()
    check(try Reminder.all.order { $0.id }.fetchAll(database), equal: rows, "TypedSQL prepared insert on MariaDB")
    try inserts.bulk()
    check(try Reminder.all.order { $0.id }.fetchAll(database), equal: rows, "TypedSQL bulk insert on MariaDB")
    report("MariaDB: insert \(rows.count) rows in one transaction (unix socket)", try interleavedMedians(runs: 3, [
      ("raw Connector/C mysql_stmt_execute, bound once", rawInserts),
      ("TypedSQL db.prepareInsert(into:).execute(row)", inserts.prepared),
      ("TypedSQL db.prepareInsert(into:).execute(contentsOf: rows)", inserts.bulk),
    ]))
  }

  /// Workloads 2 and 3 on MariaDB.
  mutating func fetchAndLookups() throws {
    let rows = self.rows
    let database = try MySQLDatabase(url: url)
    try database.execute(mysqlSchema)
    try database.prepareInsert(into: Reminder.self).execute(contentsOf: rows)
    let connection = rawConnection()
    defer { mysql_close(connection) }

    let fetch = RawMariaDBQuery(sql: try Reminder.all.render(in: database.dialect).sql, connection: connection)
    defer { fetch.close() }
    check(fetch.run(), equal: rows, "raw Connector/C fetch on MariaDB")
    check(try Reminder.all.fetchAll(database), equal: rows, "TypedSQL fetchAll on MariaDB")
    var sink = 0
    report("MariaDB: fetch and decode \(rows.count) rows (unix socket)", try interleavedMedians(warmUp: true, [
      ("raw Connector/C, binary rows streamed", { sink &+= fetch.run().count }),
      ("TypedSQL Reminder.all.fetchAll(db)", { sink &+= try Reminder.all.fetchAll(database).count }),
    ]))

    let lookup = RawMariaDBQuery(sql: try Reminder.find(1).render(in: database.dialect).sql, connection: connection)
    defer { lookup.close() }
    let ids = rows.map(\.id)
    let find = try database.prepare(Int.self) { id in Reminder.find(id) }
    check(ids.prefix(100).map { lookup.run(key: Int64($0))[0] }, equal: Array(rows.prefix(100)), "raw lookup on MariaDB")
    check(try ids.prefix(100).map { try find.fetchOne($0)! }, equal: Array(rows.prefix(100)), "TypedSQL lookup on MariaDB")
    report("MariaDB: \(rows.count) point lookups by primary key (unix socket)", try interleavedMedians(runs: 3, warmUp: true, [
      ("raw Connector/C mysql_stmt_execute, bound once", {
        for id in ids { sink &+= lookup.run(key: Int64(id)).first?.id ?? 0 }
      }),
      ("TypedSQL db.prepare(Int.self) { Reminder.find($0) }", {
        for id in ids { sink &+= try find.fetchOne(id)?.id ?? 0 }
      }),
    ]))
    self.sink &+= sink
  }
}

/// Fixed memory that a statement's parameters or results are bound to once.
final class BoundBuffers {
  let binds: UnsafeMutablePointer<MYSQL_BIND>
  let lengths: UnsafeMutablePointer<UInt>
  let nulls: UnsafeMutablePointer<my_bool>
  let integers: UnsafeMutablePointer<Int64>
  let time: UnsafeMutablePointer<MYSQL_TIME>
  let title: UnsafeMutablePointer<UInt8>
  let notes: UnsafeMutablePointer<UInt8>
  static let textCapacity = 256

  /// Buffers for the benchmark's six columns: `id`, `title`, `isCompleted`, `priority`,
  /// `dueDate`, `notes`.
  init() {
    binds = .allocate(capacity: 6)
    binds.initialize(repeating: MYSQL_BIND(), count: 6)
    lengths = .allocate(capacity: 6)
    lengths.initialize(repeating: 0, count: 6)
    nulls = .allocate(capacity: 6)
    nulls.initialize(repeating: 0, count: 6)
    integers = .allocate(capacity: 6)
    integers.initialize(repeating: 0, count: 6)
    time = .allocate(capacity: 1)
    time.initialize(to: MYSQL_TIME())
    title = .allocate(capacity: Self.textCapacity)
    notes = .allocate(capacity: Self.textCapacity)
    for index in 0..<6 {
      binds[index].length = lengths + index
      binds[index].is_null = nulls + index
    }
    for index in [0, 2, 3] {
      binds[index].buffer_type = MYSQL_TYPE_LONGLONG
      binds[index].buffer = UnsafeMutableRawPointer(integers + index)
      binds[index].buffer_length = 8
    }
    binds[4].buffer_type = MYSQL_TYPE_DATETIME
    binds[4].buffer = UnsafeMutableRawPointer(time)
    binds[4].buffer_length = UInt(MemoryLayout<MYSQL_TIME>.size)
    for (index, buffer) in [(1, title), (5, notes)] {
      binds[index].buffer_type = MYSQL_TYPE_STRING
      binds[index].buffer = UnsafeMutableRawPointer(buffer)
      binds[index].buffer_length = UInt(Self.textCapacity)
    }
  }

  deinit {
    binds.deallocate()
    lengths.deallocate()
    nulls.deallocate()
    integers.deallocate()
    time.deallocate()
    title.deallocate()
    notes.deallocate()
  }

  /// Sets the buffers to `row`'s values.
  func store(_ row: Reminder) {
    func text(_ value: String, into buffer: UnsafeMutablePointer<UInt8>, column: Int) {
      var value = value
      lengths[column] = UInt(value.withUTF8 { bytes in
        precondition(bytes.count <= Self.textCapacity)
        buffer.update(from: bytes.baseAddress!, count: bytes.count)
        return bytes.count
      })
    }
    integers[0] = Int64(row.id)
    text(row.title, into: title, column: 1)
    integers[2] = row.isCompleted ? 1 : 0
    nulls[3] = row.priority == nil ? 1 : 0
    integers[3] = Int64(row.priority ?? 0)
    nulls[4] = row.dueDate == nil ? 1 : 0
    if let dueDate = row.dueDate { time.pointee = CivilTime.components(of: dueDate) }
    nulls[5] = row.notes == nil ? 1 : 0
    if let notes = row.notes { text(notes, into: self.notes, column: 5) }
  }

  /// The row the buffers hold after a fetch.
  func reminder() -> Reminder {
    func text(_ buffer: UnsafeMutablePointer<UInt8>, column: Int) -> String {
      String(decoding: UnsafeBufferPointer(start: buffer, count: Int(lengths[column])), as: UTF8.self)
    }
    return Reminder(
      id: Int(integers[0]), title: text(title, column: 1), isCompleted: integers[2] != 0,
      priority: nulls[3] != 0 ? nil : Int(integers[3]), dueDate: nulls[4] != 0 ? nil : CivilTime.date(from: time.pointee),
      notes: nulls[5] != 0 ? nil : text(notes, column: 5))
  }
}

/// `INSERT INTO "reminders" VALUES (?, …)` prepared once, its parameters bound once.
struct RawMariaDBInsert {
  let statement: UnsafeMutablePointer<MYSQL_STMT>
  let buffers = BoundBuffers()

  init(connection: UnsafeMutablePointer<MYSQL>) {
    statement = MySQLWorkloads.rawPrepare(#"INSERT INTO "reminders" VALUES (?, ?, ?, ?, ?, ?)"#, on: connection)
    guard mysql_stmt_bind_param(statement, buffers.binds) == 0 else { fatalError("raw bind") }
  }

  func execute(_ row: Reminder) {
    buffers.store(row)
    guard mysql_stmt_execute(statement) == 0 else { fatalError("raw insert: \(String(cString: mysql_stmt_error(statement)))") }
  }

  func close() { mysql_stmt_close(statement) }
}

/// A select of reminders prepared once, with at most one key parameter, its results bound once.
struct RawMariaDBQuery {
  let statement: UnsafeMutablePointer<MYSQL_STMT>
  let results = BoundBuffers()
  let key = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
  let keyBind = UnsafeMutablePointer<MYSQL_BIND>.allocate(capacity: 1)

  init(sql: String, connection: UnsafeMutablePointer<MYSQL>) {
    statement = MySQLWorkloads.rawPrepare(sql, on: connection)
    keyBind.initialize(to: MYSQL_BIND())
    keyBind.pointee.buffer_type = MYSQL_TYPE_LONGLONG
    keyBind.pointee.buffer = UnsafeMutableRawPointer(key)
    if mysql_stmt_param_count(statement) == 1 { mysql_stmt_bind_param(statement, keyBind) }
    guard mysql_stmt_bind_result(statement, results.binds) == 0 else { fatalError("raw bind") }
  }

  /// Runs the statement with `key` as its parameter, if it has one, and reads every row.
  func run(key: Int64 = 0) -> [Reminder] {
    self.key.pointee = key
    guard mysql_stmt_execute(statement) == 0 else {
      fatalError("raw select: \(String(cString: mysql_stmt_error(statement)))")
    }
    var rows: [Reminder] = []
    while true {
      let status = mysql_stmt_fetch(statement)
      if status == MYSQL_NO_DATA { break }
      precondition(status == 0, "a value longer than the bound buffer")
      rows.append(results.reminder())
    }
    return rows
  }

  func close() {
    mysql_stmt_close(statement)
    key.deallocate()
    keyBind.deallocate()
  }
}

/// Instants as `DATETIME(6)` holds them in UTC, for the raw anchor (the same arithmetic as
/// TypedSQL's driver: days from the civil date, H. Hinnant's algorithm).
enum CivilTime {
  static func components(of date: Date) -> MYSQL_TIME {
    let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    var time = MYSQL_TIME()
    time.year = UInt32(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
    time.month = UInt32(month)
    time.day = UInt32(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    time.hour = UInt32(secondOfDay / 3600)
    time.minute = UInt32(secondOfDay % 3600 / 60)
    time.second = UInt32(secondOfDay % 60)
    time.second_part = UInt(microseconds - seconds * 1_000_000)
    time.time_type = MYSQL_TIMESTAMP_DATETIME
    return time
  }

  static func date(from time: MYSQL_TIME) -> Date {
    let year = Int64(time.year) - (time.month <= 2 ? 1 : 0)
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let month = Int64(time.month)
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(time.day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + Int64(time.hour) * 3600 + Int64(time.minute) * 60 + Int64(time.second)
    return Date(timeIntervalSince1970: Double(seconds) + Double(time.second_part) / 1_000_000)
  }
}

/// One side of a MariaDB workload alone, `count` rows inserted in a transaction or the table of
/// `count` rows fetched ten times, for a profiler (see `runAlone`).
func runAloneOnMariaDB(_ mode: String, count: Int) throws -> Int {
  guard let url = ProcessInfo.processInfo.environment["MYSQL_URL"] else { throw BenchmarkUsageError(mode: mode) }
  let rows = benchmarkRows(count)
  let workloads = MySQLWorkloads(url: url, rows: rows)
  let database = try MySQLDatabase(url: url)
  try database.execute(mysqlSchema)
  let connection = workloads.rawConnection()
  defer { mysql_close(connection) }
  var sink = 0
  switch mode {
  case "mariadb-inserts-only":
    try TypedSQLInserts(rows: rows, into: database).prepared()
  case "mariadb-raw-inserts-only":
    let insert = RawMariaDBInsert(connection: connection)
    defer { insert.close() }
    MySQLWorkloads.run("BEGIN", on: connection)
    for row in rows { insert.execute(row) }
    MySQLWorkloads.run("COMMIT", on: connection)
  case "mariadb-fetch-only":
    try database.prepareInsert(into: Reminder.self).execute(contentsOf: rows)
    for _ in 0..<10 { sink &+= try Reminder.all.fetchAll(database).count }
  default:
    try database.prepareInsert(into: Reminder.self).execute(contentsOf: rows)
    let fetch = RawMariaDBQuery(sql: try Reminder.all.render(in: database.dialect).sql, connection: connection)
    defer { fetch.close() }
    for _ in 0..<10 { sink &+= fetch.run().count }
  }
  return sink &+ (try Reminder.all.count().fetchOne(database) ?? 0)
}
