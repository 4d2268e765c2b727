import Synchronization
import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres

/// What the PostgreSQL driver itself promises: session settings, typed parameters, errors, lost
/// connections, aborted transactions, the async API and the pool.
@Suite(.enabled(if: PostgresTestServer.suitesRun))
struct PostgresDriverTests {
  @Table struct Measurement: Equatable {
    let id: Int
    var small: Int16
    var ratio: Double
    var bytes: [UInt8]
    var flag: Bool?
  }

  @Test func sessionRunsInUTC() throws {
    try withPostgres { db throws in
      #expect(try db.fetchOne(RenderedSQL(sql: "SHOW TimeZone"), as: String.self) == "UTC")
      #expect(db.serverVersion >= 100_000)
    }
  }

  @Test func parametersCarryTheirTypes() throws {
    // Without a type the server cannot tell what `$1` is here.
    try withPostgres { db throws in
      #expect(try db.fetchOne(RenderedSQL(sql: "SELECT $1 IS NULL", bindings: [.int(1)]), as: Bool.self) == false)
      #expect(try db.fetchOne(RenderedSQL(sql: "SELECT $1 || 'b'", bindings: [.text("a")]), as: String.self) == "ab")
    }
  }

  @Test func valuesOfEveryPrimitiveTypeRoundTrip() throws {
    try withPostgres { db throws in
      try db.execute(
        #"CREATE TABLE "measurements" ("id" integer PRIMARY KEY, "small" smallint NOT NULL, "ratio" double precision NOT NULL, "bytes" bytea NOT NULL, "flag" boolean)"#)
      let rows = [
        Measurement(id: 1, small: -32768, ratio: 0.1, bytes: [], flag: nil),
        Measurement(id: 2, small: 32767, ratio: -1e300, bytes: [0, 255, 7], flag: true),
        Measurement(id: 3, small: 0, ratio: .infinity, bytes: Array("é".utf8), flag: false),
      ]
      try Measurement.insert { rows }.execute(db)
      #expect(try Measurement.order { $0.id }.fetchAll(db) == rows)
    }
  }

  /// The copy of a bulk insert carries the same values as bound parameters do: bytes, infinities,
  /// extreme numbers, `NULL`.
  @Test func bulkInsertCopiesEveryPrimitiveType() throws {
    try withPostgres { db throws in
      try db.execute(
        #"CREATE TABLE "measurements" ("id" integer PRIMARY KEY, "small" smallint NOT NULL, "ratio" double precision NOT NULL, "bytes" bytea NOT NULL, "flag" boolean)"#)
      let ratios: [Double] = [0.1, -1e300, .infinity, -.infinity, .leastNonzeroMagnitude, 0]
      let rows = (1...500).map { id in
        Measurement(
          id: id, small: id % 2 == 0 ? .min : .max, ratio: ratios[id % ratios.count],
          bytes: id % 5 == 0 ? [] : [0, 9, 10, 13, 92, 255, UInt8(id % 256)], flag: id % 3 == 0 ? nil : id % 3 == 1)
      }
      try db.prepareInsert(into: Measurement.self).execute(contentsOf: rows)
      #expect(try Measurement.order { $0.id }.fetchAll(db) == rows)
    }
  }

  /// Text PostgreSQL cannot store (a NUL byte) fails the whole copy with a clear error, before
  /// the server loads any of it; the connection goes on working.
  @Test func bulkInsertWithUnstorableTextLoadsNothing() throws {
    try withPostgres { db throws in
      try db.execute(#"CREATE TABLE "notes" ("id" integer PRIMARY KEY, "body" text NOT NULL)"#)
      var notes = (1...400).map { Note(id: $0, body: "note \($0)") }
      notes[300].body = "cut\u{0}short"
      let error = #expect(throws: QueryBindingError.self) {
        try db.prepareInsert(into: Note.self).execute(contentsOf: notes)
      }
      #expect(error?.message.contains("NUL byte") == true)
      #expect(try Note.count().fetchOne(db) == 0)
      notes[300].body = "whole"
      try db.prepareInsert(into: Note.self).execute(contentsOf: notes)
      #expect(try Note.count().fetchOne(db) == 400)
    }
  }

  /// A batch goes out in libpq's pipeline mode, in groups, in one transaction: every statement
  /// runs, in order; a failing one undoes the whole batch and the connection goes on working.
  @Test func batchRunsPipelinedAllOrNothing() throws {
    try withPostgres { db throws in
      try db.execute(#"CREATE TABLE "notes" ("id" integer PRIMARY KEY, "body" text NOT NULL)"#)
      try db.prepareInsert(into: Note.self).execute(contentsOf: (1...1000).map { Note(id: $0, body: "new") })
      let counts = try db.executeBatch((1...1000).map { id in Note.find(id).update { $0.body = "edited \(id)" } })
      #expect(counts == Array(repeating: 1, count: 1000))
      #expect(try Note.order { $0.id }.fetchAll(db) == (1...1000).map { Note(id: $0, body: "edited \($0)") })

      // The 600th statement breaks the primary key: nothing of the batch stays.
      let clashing = (1...1000).map { id in Note.find(id).update { $0.id = id == 600 ? 1 : id; $0.body = "again" } }
      let error = #expect(throws: PostgresError.self) { try db.executeBatch(clashing) }
      #expect(error?.sqlState == "23505")
      #expect(try Note.where { $0.body == "again" }.count().fetchOne(db) == 0)
      #expect(try db.executeBatch([Note.find(1).update { $0.body = "after" }]) == [1])
      #expect(try db.executeBatch([Update<Note, NoRow>]()) == [])
    }
  }

  @Table struct Note: Equatable {
    let id: Int
    var body: String
  }

  @Test func numericResultsDecodeAsNumbers() throws {
    try withPostgres { db throws in
      #expect(try db.fetchOne(RenderedSQL(sql: "SELECT 12::numeric"), as: Int.self) == 12)
      #expect(try db.fetchOne(RenderedSQL(sql: "SELECT avg(x) FROM (VALUES (1), (2)) v(x)"), as: Double.self) == 1.5)
      #expect(try db.fetchOne(RenderedSQL(sql: "SELECT 'NaN'::float8"), as: Double.self)?.isNaN == true)
      let fraction = #expect(throws: QueryDecodingError.self) {
        try db.fetchOne(RenderedSQL(sql: "SELECT 1.5::numeric AS \"x\""), as: Int.self)
      }
      #expect(fraction?.storedValue == #"numeric("1.5")"#)
      let overflow = #expect(throws: QueryDecodingError.self) {
        try db.fetchOne(RenderedSQL(sql: "SELECT 40000"), as: Int16.self)
      }
      #expect(overflow?.storedValue == "int(40000), out of range")
    }
  }

  @Test func badSQLCarriesSQLStateMessageAndSQL() throws {
    try withPostgres { db throws in
      let error = #expect(throws: PostgresError.self) { try db.execute("SELEC 1") }
      #expect(error?.sqlState == "42601")
      #expect(error?.message == #"syntax error at or near "SELEC""#)
      #expect(error?.sql == "SELEC 1")
      let hinted = #expect(throws: PostgresError.self) {
        try db.execute(#"CREATE TABLE "t" ("title" text); SELECT "titel" FROM "t""#)
      }
      #expect(hinted?.sqlState == "42703")
      #expect(hinted?.hint == #"Perhaps you meant to reference the column "t.title"."#)
    }
  }

  @Test func constraintViolationCarriesDetail() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      let error = #expect(throws: PostgresError.self) {
        try Tag.insert { Tag.Draft(name: "urgent") }.execute(db)
      }
      #expect(error?.sqlState == "23505")
      #expect(error?.detail == "Key (name)=(urgent) already exists.")
      #expect(error?.sql == #"INSERT INTO "tags" ("name") VALUES ($1)"#)
    }
  }

  @Test func wrongTypeInAColumnNamesColumnAndType() throws {
    try withPostgres { db throws in
      try db.execute(#"CREATE TABLE "remindersLists" ("id" integer PRIMARY KEY, "title" integer); INSERT INTO "remindersLists" VALUES (1, 42)"#)
      let error = #expect(throws: QueryDecodingError.self) { try RemindersList.all.fetchAll(db) }
      #expect(error?.columnName == "title")
      #expect(error?.expectedType == "String")
      #expect(error?.storedValue == #"integer("42")"#)
    }
  }

  @Test func abortedTransactionIsRolledBackNotLeftDangling() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      let error = #expect(throws: PostgresError.self) {
        try db.transaction { db in
          try Tag.insert { Tag.Draft(name: "kept?") }.execute(db)
          // The body swallows a failure; PostgreSQL has aborted the transaction regardless.
          _ = try? Tag.insert { Tag.Draft(name: "urgent") }.execute(db)
        }
      }
      #expect(error?.sqlState == "25P02")
      #expect(try Tag.where { $0.name == "kept?" }.count().fetchOne(db) == 0)
      // The connection is usable again: no transaction was left open.
      try Tag.insert { Tag.Draft(name: "after") }.execute(db)
      #expect(try Tag.count().fetchOne(db) == 3)
    }
  }

  @Test func failedStatementInsideASavepointRollsBackOnlyTheSavepoint() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      try db.transaction { db in
        try Tag.insert { Tag.Draft(name: "outer") }.execute(db)
        #expect(throws: PostgresError.self) {
          try db.transaction { db in try Tag.insert { Tag.Draft(name: "urgent") }.execute(db) }
        }
        try Tag.insert { Tag.Draft(name: "still fine") }.execute(db)
      }
      #expect(try Tag.order { $0.id }.select { $0.name }.fetchAll(db) == ["urgent", "someday", "outer", "still fine"])
    }
  }

  @Test func lostConnectionIsAClearErrorAndTheNextUseReconnects() throws {
    guard case .serverBinaries(let binaries) = PostgresTestServer.availability else {
      // Only a server this process owns can be stopped mid-run.
      return
    }
    let server = try PostgresTestServer(startingWith: binaries)
    defer { server.stop() }
    let db = try PostgresDatabase(url: server.url)
    #expect(try db.fetchOne(RenderedSQL(sql: "SELECT 1"), as: Int.self) == 1)
    try server.halt()
    let error = #expect(throws: PostgresError.self) {
      try db.fetchOne(RenderedSQL(sql: "SELECT 1"), as: Int.self)
    }
    #expect(error?.isConnectionError == true)
    try server.start()
    #expect(try db.fetchOne(RenderedSQL(sql: "SELECT 2"), as: Int.self) == 2)
    #expect(try db.fetchOne(RenderedSQL(sql: "SHOW TimeZone"), as: String.self) == "UTC")
  }

  @Test func asyncAPIRunsOffTheCooperativePool() async throws {
    let server = try PostgresTestServer.shared.get()
    let db = try PostgresDatabase(url: server.url)
    let sum = try await db.run { db in
      try db.fetchOne(RenderedSQL(sql: "SELECT $1 + $2", bindings: [.int(40), .int(2)]), as: Int.self)
    }
    #expect(sum == 42)
  }

  @Test func poolServesConcurrentTasksWithinItsBound() async throws {
    let server = try PostgresTestServer.shared.get()
    // The bound is what this test checks, not how long a task waits: on a loaded machine (the
    // whole suite at once on two cores) a task once waited past the default 10 seconds.
    let pool = try PostgresConnectionPool(url: server.url, maximumConnections: 3, acquireTimeout: .seconds(120))
    let backends = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<12 {
        group.addTask {
          try await pool.withConnection { db in
            try db.fetchOne(RenderedSQL(sql: "SELECT pg_backend_pid()"), as: Int.self) ?? 0
          }
        }
      }
      return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
    }
    #expect(backends.count <= 3)
    #expect(!backends.isEmpty)
  }

  @Test func poolExhaustionTimesOutWithAClearError() async throws {
    let server = try PostgresTestServer.shared.get()
    let pool = try PostgresConnectionPool(url: server.url, maximumConnections: 1, acquireTimeout: .milliseconds(200))
    let isHeld = Mutex(false)
    let waiterIsDone = Mutex(false)
    let holder = Task {
      try await pool.withConnection { db in
        isHeld.withLock { $0 = true }
        // Held until the waiter has given up, however late a busy machine schedules it.
        while !waiterIsDone.withLock({ $0 }) { try db.execute("SELECT pg_sleep(0.05)") }
      }
    }
    // Wait until the holder has the connection, however long a busy machine takes to start it.
    while !isHeld.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    await #expect(throws: ConnectionPoolError.timedOut(after: .milliseconds(200), maximumConnections: 1)) {
      try await pool.withConnection { _ in () }
    }
    waiterIsDone.withLock { $0 = true }
    try await holder.value
    // Once the connection is back, the pool serves again.
    #expect(try await pool.withConnection { db in try db.fetchOne(RenderedSQL(sql: "SELECT 7"), as: Int.self) } == 7)
  }
}

extension PostgresDriverTests {
  @Test func nullNeedsNoTypeToInfer() throws {
    try withPostgres { db throws in
      let row = try selectValues(Int?.none, "x").fetchOne(db)
      #expect(row?.0 == nil && row?.1 == "x")
    }
  }
}

extension PostgresDriverTests {
  @Test func manyStatementShapesStayWithinTheStatementCache() throws {
    try withPostgres { db throws in
      for count in 1...300 {
        let query = RenderedSQL(sql: "SELECT \(count)::bigint", bindings: [])
        #expect(try db.fetchOne(query, as: Int.self) == count)
      }
      let prepared = try #require(try db.fetchOne(RenderedSQL(sql: "SELECT count(*) FROM pg_prepared_statements"), as: Int.self))
      #expect(prepared <= 256)
    }
  }
}

extension PostgresDriverTests {
  @Test func closedConnectionThrowsAndClosingTwiceIsHarmless() throws {
    let server = try PostgresTestServer.shared.get()
    let db = try PostgresDatabase(url: server.url)
    #expect(try db.fetchOne(RenderedSQL(sql: "SELECT 1"), as: Int.self) == 1)
    db.close()
    db.close()
    let error = #expect(throws: PostgresError.self) {
      try db.fetchOne(RenderedSQL(sql: "SELECT 1"), as: Int.self)
    }
    #expect(error?.sqlState == "08003")
    #expect(error?.message.contains("closed") == true)
    #expect(throws: PostgresError.self) { try db.execute("SELECT 1") }
    #expect(throws: PostgresError.self) { try db.transaction { _ in } }
  }

  @Test func noticesGoToTheHandlerNotStandardError() throws {
    let server = try PostgresTestServer.shared.get()
    let notices = Mutex<[String]>([])
    let db = try PostgresDatabase(url: server.url) { notice in notices.withLock { $0.append(notice) } }
    try db.execute("DO $$ BEGIN RAISE NOTICE 'checked %', 42; END $$")
    #expect(notices.withLock { $0 } == ["NOTICE:  checked 42"])
  }
}

extension PostgresDriverTests {
  @Test func statementsPreparedBeforeASchemaChangeArePreparedAgain() throws {
    try withPostgres { db throws in
      try db.execute(#"CREATE TABLE "shifting" ("value" bigint); INSERT INTO "shifting" VALUES (7)"#)
      let query = RenderedSQL(sql: #"SELECT * FROM "shifting""#)
      #expect(try db.fetchOne(query, as: Int.self) == 7)
      // The cached statement's result type is now out of date: outside a transaction it is
      // prepared again and runs.
      try db.execute(#"ALTER TABLE "shifting" ALTER COLUMN "value" TYPE text"#)
      #expect(try db.fetchOne(query, as: String.self) == "7")
      // Inside one, the server has aborted the transaction by the time it says so; the
      // transaction fails, and the statement runs afresh after it.
      try db.execute(#"ALTER TABLE "shifting" ALTER COLUMN "value" TYPE bigint USING "value"::bigint"#)
      let error = #expect(throws: PostgresError.self) {
        try db.transaction { db in _ = try db.fetchOne(query, as: Int.self) }
      }
      #expect(error?.sqlState == "0A000")
      #expect(try db.fetchOne(query, as: Int.self) == 7)
      let inTransaction = try db.transaction { db in try db.fetchOne(query, as: Int.self) }
      #expect(inTransaction == 7)
    }
  }
}

extension PostgresDriverTests {
  /// A batch whose statement's result type changed since it was prepared fails inside its
  /// transaction, the server having aborted it, and runs with the statement prepared afresh the
  /// next time, as a single statement does.
  @Test func batchesPreparedBeforeASchemaChangeArePreparedAgain() throws {
    try withPostgres { db throws in
      try db.execute(#"CREATE TABLE "notes" ("id" integer PRIMARY KEY, "body" text NOT NULL)"#)
      try db.execute(#"INSERT INTO "notes" VALUES (1, 'first')"#)
      let batch = [Note.find(1).update { $0.body = "edited" }.returning { $0.id }]
      #expect(try db.executeBatch(batch) == [1])
      try db.execute(#"ALTER TABLE "notes" ALTER COLUMN "id" TYPE bigint"#)
      let error = #expect(throws: PostgresError.self) { try db.executeBatch(batch) }
      #expect(error?.sqlState == "0A000")
      #expect(try db.executeBatch(batch) == [1])
    }
  }
}
