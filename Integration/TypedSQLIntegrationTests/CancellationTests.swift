import CSQLite
import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// Cancelling an `async` call stops its work, the same way on every database and connection type.
enum CancellationChecks {
  /// A statement that would run for ``testPatience`` is stopped by its database (`isInterruption`
  /// tells the error it then throws) soon after its task is cancelled, the call throws
  /// `CancellationError`, and the connection serves the next call. (No wall-clock check: other
  /// suites running meanwhile can hold up this test's task; the database's error shows that
  /// the statement was stopped rather than finished.)
  static func aLongStatementStops(
    on db: some DatabaseAccess, longQuery: RenderedSQL, isInterruption: @escaping @Sendable (any Error) -> Bool
  ) async throws {
    let (started, stoppedBy) = (Shared(false), Shared<String?>(nil))
    let long = Task {
      try await db.read { db in
        do {
          started.withLock { $0 = true }
          return try db.fetchOne(longQuery, as: Int.self)
        } catch {
          stoppedBy.withLock { $0 = isInterruption(error) ? "the database" : "\(error)" }
          throw error
        }
      }
    }
    while !started.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    // Time for the connection's thread to send the statement it was about to run.
    try await Task.sleep(for: .seconds(1))
    long.cancel()
    await #expect(throws: CancellationError.self) { try await long.value }
    #expect(stoppedBy.withLock { $0 } == "the database")
    #expect(try await db.read { db in try Hit.count().fetchOne(db) } == 0)
  }

  /// A write that runs statement after statement, Swift code in between, stops at its next
  /// statement (or within the one running); its transaction rolls back, and the next write
  /// commits. Left alone, it would insert rows for ``testPatience`` and commit them.
  static func aWriteStopsBetweenStatementsAndRollsBack(on db: some DatabaseAccess) async throws {
    let inserted = Shared(0)
    let loop = Task {
      try await db.write { db in
        let deadline = ContinuousClock.now + testPatience
        var task = 0
        while ContinuousClock.now < deadline {
          task += 1
          try Hit.insert { Hit(task: task) }.execute(db)
          inserted.withLock { $0 = task }
          Thread.sleep(forTimeInterval: 0.001)
        }
      }
    }
    while inserted.withLock({ $0 }) < 10 { try await Task.sleep(for: .milliseconds(10)) }
    loop.cancel()
    await #expect(throws: CancellationError.self) { try await loop.value }
    #expect(try await db.read { db in try Hit.count().fetchOne(db) } == 0)
    try await db.write { db in try Hit.insert { Hit(task: 1) }.execute(db) }
    #expect(try await db.read { db in try Hit.count().fetchOne(db) } == 1)
    try await db.write { db in try Hit.delete().execute(db) }
  }

  /// A task cancelled while its call waits for a connection that a blocking caller on another
  /// thread holds stops, and the other caller's statements, running meanwhile, are not stopped.
  /// `slowStatement` takes a fraction of a second and returns 1; the other caller runs it again
  /// and again until the cancellation is done.
  static func anotherCallersWorkIsNotStopped(on db: some DatabaseAccess, slowStatement: RenderedSQL) async throws {
    let (holding, released) = (Shared(false), Shared(false))
    let blocking = Task {
      try await ConnectionThread.runDetached {
        try db.write { db in
          holding.withLock { $0 = true }
          let deadline = ContinuousClock.now + testPatience
          var runs = 0
          while !released.withLock({ $0 }) && ContinuousClock.now < deadline {
            runs += try db.fetchOne(slowStatement, as: Int.self) ?? 0
          }
          return runs
        }
      }
    }
    while !holding.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    let cancelled = Task { try await db.read { db in try db.fetchOne(RenderedSQL(sql: "SELECT 7"), as: Int.self) } }
    try await Task.sleep(for: .milliseconds(200))
    cancelled.cancel()
    // The interruption is requested from a thread of its own; give it a moment.
    try await Task.sleep(for: .milliseconds(100))
    released.withLock { $0 = true }
    #expect(try await blocking.value > 0)
    await #expect(throws: CancellationError.self) { try await cancelled.value }
  }

  /// A write cancelled while it waits behind another never runs.
  static func aWaitingWriteNeverRuns(on db: some DatabaseAccess) async throws {
    let (busyStarted, released) = (Shared(false), Shared(false))
    let busy = Task {
      try await db.write { _ in
        busyStarted.withLock { $0 = true }
        let deadline = ContinuousClock.now + testPatience
        while !released.withLock({ $0 }) && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
      }
    }
    while !busyStarted.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    let waiting = Task { try await db.write { db in try Hit.insert { Hit(task: 99) }.execute(db) } }
    try await Task.sleep(for: .milliseconds(100))
    waiting.cancel()
    released.withLock { $0 = true }
    try await busy.value
    await #expect(throws: CancellationError.self) { try await waiting.value }
    #expect(try await db.read { db in try Hit.where { $0.task == 99 }.count().fetchOne(db) } == 0)
  }
}

@Suite struct SQLiteCancellationTests {
  /// About ten minutes of work for SQLite on this machine (``testPatience``).
  static let longQuery = RenderedSQL(
    sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000000) SELECT count(*) FROM c")

  /// SQLite's error for a statement it stopped: SQLITE_INTERRUPT.
  static func isInterruption(_ error: any Error) -> Bool {
    (error as? SQLiteError)?.primaryCode == SQLITE_INTERRUPT
  }

  /// Runs `body` with a connection and a pool of a fresh database file with the concurrency
  /// schema.
  private func withDatabases(_ body: (SQLiteDatabase, SQLiteDatabasePool) async throws -> Void) async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("typedsql-\(UUID().uuidString).db").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let db = try SQLiteDatabase(path: path)
    try db.execute(concurrencySchema)
    try await body(db, try SQLiteDatabasePool(path: path, maximumReaders: 2))
  }

  @Test func aLongStatementStops() async throws {
    try await withDatabases { db, pool in
      try await CancellationChecks.aLongStatementStops(on: db, longQuery: Self.longQuery, isInterruption: Self.isInterruption)
      try await CancellationChecks.aLongStatementStops(on: pool, longQuery: Self.longQuery, isInterruption: Self.isInterruption)
    }
  }

  @Test func aWriteStopsBetweenStatementsAndRollsBack() async throws {
    try await withDatabases { db, _ in try await CancellationChecks.aWriteStopsBetweenStatementsAndRollsBack(on: db) }
    try await withDatabases { _, pool in try await CancellationChecks.aWriteStopsBetweenStatementsAndRollsBack(on: pool) }
  }

  @Test func aWaitingWriteNeverRuns() async throws {
    try await withDatabases { db, pool in
      try await CancellationChecks.aWaitingWriteNeverRuns(on: db)
      try await CancellationChecks.aWaitingWriteNeverRuns(on: pool)
    }
  }

  @Test func anotherCallersWorkIsNotStopped() async throws {
    try await withDatabases { db, _ in
      try await CancellationChecks.anotherCallersWorkIsNotStopped(
        on: db,
        slowStatement: RenderedSQL(
          sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT count(*) > 0 FROM c"))
    }
  }

  /// A call waiting for another connection's write lock, with a busy timeout of ten minutes,
  /// gets the lock once it is released, and stops waiting when its task is cancelled.
  @Test func aWaitForAnotherConnectionsLockStops() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("typedsql-\(UUID().uuidString).db").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let holder = try SQLiteDatabase(path: path)
    try holder.execute(concurrencySchema)
    let waiter = try SQLiteDatabase(path: path, busyTimeout: .seconds(600))

    try holder.execute("BEGIN IMMEDIATE")
    let served = Task { try await waiter.write { db in try Hit.insert { Hit(task: 1) }.execute(db) } }
    try await Task.sleep(for: .milliseconds(200))
    try holder.execute("COMMIT")
    try await served.value
    #expect(try holder.fetchOne(RenderedSQL(sql: "SELECT count(*) FROM hits"), as: Int.self) == 1)

    try holder.execute("BEGIN IMMEDIATE")
    let (started, waited) = (Shared(false), Shared<Duration?>(nil))
    let cancelled = Task {
      try await waiter.run { db in
        started.withLock { $0 = true }
        let start = ContinuousClock.now
        defer { waited.withLock { $0 = .now - start } }
        try db.execute("BEGIN IMMEDIATE")
        try db.execute("ROLLBACK")
      }
    }
    while !started.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    try await Task.sleep(for: .milliseconds(200))
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(try #require(waited.withLock { $0 }) < .seconds(300))
    try holder.execute("ROLLBACK")
  }
}

@Suite(.enabled(if: PostgresTestServer.suitesRun))
struct PostgresCancellationTests {
  /// ``testPatience`` of waiting on the server.
  static let longQuery = RenderedSQL(sql: "SELECT 1 FROM pg_sleep(600)")

  /// PostgreSQL's error for a statement cancelled at the client's request: SQLSTATE 57014.
  static func isInterruption(_ error: any Error) -> Bool {
    (error as? PostgresError)?.sqlState == "57014"
  }

  @Test func aLongStatementStops() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await CancellationChecks.aLongStatementStops(
        on: PostgresDatabase(url: url), longQuery: Self.longQuery, isInterruption: Self.isInterruption)
      try await CancellationChecks.aLongStatementStops(
        on: try PostgresConnectionPool(url: url, maximumConnections: 2), longQuery: Self.longQuery,
        isInterruption: Self.isInterruption)
    }
  }

  @Test func aWriteStopsBetweenStatementsAndRollsBack() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await CancellationChecks.aWriteStopsBetweenStatementsAndRollsBack(on: PostgresDatabase(url: url))
    }
    try await withPostgresSchema(concurrencySchema) { url in
      try await CancellationChecks.aWriteStopsBetweenStatementsAndRollsBack(
        on: try PostgresConnectionPool(url: url, maximumConnections: 2))
    }
  }

  @Test func aWaitingWriteNeverRuns() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await CancellationChecks.aWaitingWriteNeverRuns(on: PostgresDatabase(url: url))
      try await CancellationChecks.aWaitingWriteNeverRuns(on: try PostgresConnectionPool(url: url, maximumConnections: 1))
    }
  }

  @Test func anotherCallersWorkIsNotStopped() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await CancellationChecks.anotherCallersWorkIsNotStopped(
        on: PostgresDatabase(url: url), slowStatement: RenderedSQL(sql: "SELECT 1 FROM pg_sleep(0.2)"))
    }
  }
}
