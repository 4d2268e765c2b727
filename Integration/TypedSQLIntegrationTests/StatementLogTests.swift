import Logging
import Synchronization
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// A log handler that keeps what reaches it.
struct CapturingLogHandler: LogHandler {
  struct Record: Sendable {
    let level: Logger.Level
    let message: String
    let metadata: [String: String]
  }

  final class Sink: Sendable {
    let records = Mutex<[Record]>([])
  }

  let sink: Sink
  var logLevel: Logger.Level
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let record = Record(
      level: event.level, message: event.message.description, metadata: (event.metadata ?? [:]).mapValues(\.description))
    sink.records.withLock { $0.append(record) }
  }

  /// A logger whose handler keeps records at `level` and above in `sink`.
  static func logger(level: Logger.Level, into sink: Sink) -> Logger {
    Logger(label: "typedsql.test") { _ in CapturingLogHandler(sink: sink, logLevel: level) }
  }
}

/// Statements logged through swift-log by every driver: each at `.debug` with its SQL, duration
/// and rows; values only when asked for; failures at `.error` with the database's code.
@Suite struct StatementLogTests {
  static let schema = #"CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL)"#

  /// `quote` is the character the database's dialect quotes names with.
  static func check(
    _ db: some Database, sink: CapturingLogHandler.Sink, duplicateKeyCode: String, quote: String = "\""
  ) throws {
    sink.records.withLock { $0.removeAll() }
    try MigratedList.insert { MigratedList(id: 1, title: "secret plans") }.execute(db)
    try MigratedList.insert { MigratedList(id: 2, title: "Errands") }.execute(db)
    let lists = try MigratedList.order { $0.id }.fetchAll(db)
    #expect(lists.count == 2)
    #expect(throws: (any Error).self) { try MigratedList.insert { MigratedList(id: 1, title: "again") }.execute(db) }

    let records = sink.records.withLock { $0 }
    let ran = records.filter { $0.level == .debug && $0.message == "statement ran" }
    #expect(ran.count == 3)
    #expect(ran.first?.metadata["db.query.text"]?.hasPrefix("INSERT INTO \(quote)lists\(quote)") == true)
    #expect(ran.first?.metadata["db.rows"] == "1")
    #expect(ran.last?.metadata["db.query.text"]?.hasPrefix("SELECT \(quote)lists\(quote).\(quote)id\(quote)") == true)
    #expect(ran.last?.metadata["db.rows"] == "2")
    #expect(ran.allSatisfy { Double($0.metadata["db.duration_ms"] ?? "") != nil })
    let failed = records.filter { $0.level == .error }
    #expect(failed.count == 1)
    #expect(failed.first?.metadata["db.response.status_code"] == duplicateKeyCode)
    #expect(failed.first?.metadata["db.query.text"]?.hasPrefix("INSERT") == true)
    #expect(!records.contains { $0.metadata.values.contains { $0.contains("secret") || $0.contains("again") } })
  }

  static func checkValuesWhenAskedFor(_ db: some Database, sink: CapturingLogHandler.Sink) throws {
    try MigratedList.insert { MigratedList(id: 3, title: "secret plans") }.execute(db)
    let prepared = db.prepareInsert(into: MigratedList.self)
    try prepared.execute(MigratedList(id: 4, title: "another secret"))
    try prepared.execute(MigratedList(id: 5, title: "a third secret"))
    let inserts = sink.records.withLock {
      $0.filter { $0.message == "statement ran" && $0.metadata["db.query.text"]?.hasPrefix("INSERT") == true }
    }
    #expect(inserts.count == 3, "each row's statement is logged once")
    let values = sink.records.withLock { $0.compactMap { $0.metadata["db.query.values"] } }
    #expect(values.contains { $0.contains("secret plans") })
    #expect(values.contains { $0.contains("another secret") })
    #expect(values.contains { $0.contains("a third secret") })
  }

  /// A bulk insert on a logged database binds each batch from its values and logs one statement
  /// per batch: the first row, two batches of 256 rows, and the 87 rows left over one by one.
  @Test func bulkInsertLogsAStatementPerBatch() throws {
    let sink = CapturingLogHandler.Sink()
    let db = try SQLiteDatabase(log: StatementLog(CapturingLogHandler.logger(level: .debug, into: sink)))
    try db.execute(Self.schema)
    let lists = (1...600).map { MigratedList(id: $0, title: "List \($0)") }
    try db.prepareInsert(into: MigratedList.self).execute(contentsOf: lists)
    #expect(try MigratedList.order { $0.id }.fetchAll(db) == lists)
    let inserts = sink.records.withLock {
      $0.filter { $0.message == "statement ran" && $0.metadata["db.query.text"]?.hasPrefix("INSERT") == true }
    }
    #expect(inserts.count == 1 + 2 + 87)
    #expect(inserts.filter { $0.metadata["db.rows"] == "256" }.count == 2)
  }

  @Test func sqlite() throws {
    let sink = CapturingLogHandler.Sink()
    let db = try SQLiteDatabase(log: StatementLog(CapturingLogHandler.logger(level: .debug, into: sink)))
    try db.execute(Self.schema)
    try Self.check(db, sink: sink, duplicateKeyCode: "1555")

    let valuesSink = CapturingLogHandler.Sink()
    let logger = CapturingLogHandler.logger(level: .debug, into: valuesSink)
    let withValues = try SQLiteDatabase(log: StatementLog(logger, includesValues: true))
    try withValues.execute(Self.schema)
    try Self.checkValuesWhenAskedFor(withValues, sink: valuesSink)
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgres() throws {
    for includesValues in [false, true] {
      let sink = CapturingLogHandler.Sink()
      let log = StatementLog(CapturingLogHandler.logger(level: .debug, into: sink), includesValues: includesValues)
      try withPostgres(log: log) { db in
        try db.execute(Self.schema)
        if includesValues {
          try Self.checkValuesWhenAskedFor(db, sink: sink)
        } else {
          try Self.check(db, sink: sink, duplicateKeyCode: "23505")
        }
      }
    }
  }

  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDB() throws {
    for includesValues in [false, true] {
      let sink = CapturingLogHandler.Sink()
      let log = StatementLog(CapturingLogHandler.logger(level: .debug, into: sink), includesValues: includesValues)
      try withMySQL(log: log) { db throws in
        try db.execute(Self.schema)
        if includesValues {
          try Self.checkValuesWhenAskedFor(db, sink: sink)
        } else {
          try Self.check(db, sink: sink, duplicateKeyCode: "1062", quote: "`")
        }
      }
    }
  }

  /// On PostgreSQL a bulk insert is the first row's `INSERT` and one `COPY` for the others.
  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func bulkInsertOnPostgresIsOneCopy() throws {
    let sink = CapturingLogHandler.Sink()
    try withPostgres(log: StatementLog(CapturingLogHandler.logger(level: .debug, into: sink))) { db in
      try db.execute(Self.schema)
      let lists = (1...600).map { MigratedList(id: $0, title: "List \($0)") }
      try db.prepareInsert(into: MigratedList.self).execute(contentsOf: lists)
      #expect(try MigratedList.order { $0.id }.fetchAll(db) == lists)
      let ran = sink.records.withLock { $0.filter { $0.message == "statement ran" } }
      let writes = ran.compactMap(\.metadata["db.query.text"]).filter { $0.hasPrefix("INSERT") || $0.hasPrefix("COPY") }
      #expect(writes.count == 2)
      #expect(writes.last == #"COPY "lists" ("id", "title") FROM STDIN"#)
      #expect(ran.first { $0.metadata["db.query.text"]?.hasPrefix("COPY") == true }?.metadata["db.rows"] == "599")
    }
  }

  /// A handler that keeps only `.info` and above sees no statement, only failures; a database
  /// opened without a log logs nothing at all.
  @Test func logsOnlyWhatTheHandlerAllows() throws {
    let sink = CapturingLogHandler.Sink()
    let db = try SQLiteDatabase(log: StatementLog(CapturingLogHandler.logger(level: .info, into: sink)))
    try db.execute(Self.schema)
    try MigratedList.insert { MigratedList(id: 1, title: "Inbox") }.execute(db)
    _ = try MigratedList.all.fetchAll(db)
    #expect(sink.records.withLock { $0.isEmpty })
    #expect(throws: (any Error).self) { try MigratedList.insert { MigratedList(id: 1, title: "Inbox") }.execute(db) }
    #expect(sink.records.withLock { $0.map(\.level) } == [.error])
  }
}
