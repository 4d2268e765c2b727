import CSQLite
import Foundation
import Synchronization
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// SQLite for concurrent programs: the WAL pool and the `async` surface of a connection.
@Suite struct SQLiteConcurrencyTests {
  /// Runs `body` with a fresh database file holding the concurrency schema.
  private func withDatabaseFile(_ body: (String) async throws -> Void) async throws {
    let path = try Self.makeDatabaseFile()
    defer { Self.removeDatabaseFile(path) }
    try await body(path)
  }

  /// A fresh database file with the concurrency schema.
  private static func makeDatabaseFile() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("typedsql-\(UUID().uuidString).db").path
    try SQLiteDatabase(path: path).execute(concurrencySchema)
    return path
  }

  /// Removes a database file and its WAL files.
  private static func removeDatabaseFile(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  }

  private static func isReadOnlyError(_ error: any Error) -> Bool {
    // SQLITE_READONLY (8): a reader is opened read-only; a connection's read refuses each
    // statement that would write.
    (error as? SQLiteError)?.primaryCode == SQLITE_READONLY
  }

  @Test func poolReadersNeverSeeAPartialTransfer() async throws {
    try await withDatabaseFile { path in
      let pool = try SQLiteDatabasePool(path: path, maximumReaders: 4)
      try await ConcurrencyChecks.readersNeverSeeAPartialTransfer(on: pool, readers: 4)
    }
  }

  /// The blocking API from threads: a writer thread and three reader threads.
  @Test func blockingPoolReadersOnThreadsNeverSeeAPartialTransfer() throws {
    let path = try Self.makeDatabaseFile()
    defer { Self.removeDatabaseFile(path) }
    let pool = try SQLiteDatabasePool(path: path, maximumReaders: 3)
    let isWriting = Shared(true)
    let sums = Shared<[Int]>([])
    let done = DispatchGroup()
    func spawn(_ body: @escaping @Sendable () -> Void) {
      done.enter()
      Thread {
        body()
        done.leave()
      }.start()
    }
    spawn {
      defer { isWriting.withLock { $0 = false } }
      for _ in 0..<40 {
        try? pool.write { db in
          try Account.find(1).update { $0.balance = $0.balance - 1 }.execute(db)
          usleep(500)
          try Account.find(2).update { $0.balance = $0.balance + 1 }.execute(db)
        }
      }
    }
    for _ in 0..<3 {
      spawn {
        repeat {
          let sum = try? pool.read { db in
            (try Account.find(1).fetchOne(db)?.balance ?? 0) + (try Account.find(2).fetchOne(db)?.balance ?? 0)
          }
          sums.withLock { $0.append(sum ?? -1) }
        } while isWriting.withLock({ $0 })
      }
    }
    done.wait()
    let seen = sums.withLock { $0 }
    #expect(!seen.isEmpty)
    #expect(seen.allSatisfy { $0 == 100 }, "sums seen: \(Set(seen).sorted())")
    #expect(try pool.read { db in try Account.find(2).fetchOne(db)?.balance } == 40)
  }

  @Test func connectionReadersNeverSeeAPartialTransfer() async throws {
    try await withDatabaseFile { path in
      try await ConcurrencyChecks.readersNeverSeeAPartialTransfer(on: SQLiteDatabase(path: path), readers: 2)
    }
  }

  @Test func poolLongReadDoesNotBlockAWrite() async throws {
    try await withDatabaseFile { path in
      try await ConcurrencyChecks.longReadDoesNotBlockAWrite(on: SQLiteDatabasePool(path: path))
    }
  }

  @Test func manyTasksOnAConnection() async throws {
    try await withDatabaseFile { path in
      try await ConcurrencyChecks.manyTasks(on: SQLiteDatabase(path: path))
    }
  }

  @Test func manyTasksOnAPool() async throws {
    try await withDatabaseFile { path in
      try await ConcurrencyChecks.manyTasks(on: SQLiteDatabasePool(path: path, maximumReaders: 3))
    }
  }

  @Test func readsRefuseWrites() async throws {
    try await withDatabaseFile { path in
      try await ConcurrencyChecks.readRefusesWrites(on: SQLiteDatabase(path: path), isReadOnlyError: Self.isReadOnlyError)
    }
    try await withDatabaseFile { path in
      try await ConcurrencyChecks.readRefusesWrites(on: SQLiteDatabasePool(path: path), isReadOnlyError: Self.isReadOnlyError)
    }
  }

  @Test func failedWritesRollBack() async throws {
    try await withDatabaseFile { path in
      try await ConcurrencyChecks.failedWriteRollsBack(on: SQLiteDatabase(path: path))
    }
    try await withDatabaseFile { path in
      try await ConcurrencyChecks.failedWriteRollsBack(on: SQLiteDatabasePool(path: path))
    }
  }

  /// Reads run side by side, as many at once as the pool has readers and no more.
  @Test func readsRunSideBySideUpToTheBound() async throws {
    try await withDatabaseFile { path in
      let pool = try SQLiteDatabasePool(path: path, maximumReaders: 3)
      let running = Shared((now: 0, most: 0))
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<24 {
          group.addTask {
            try await pool.read { db in
              running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
              defer { running.withLock { $0.now -= 1 } }
              // Each read holds its reader until three have overlapped (for at most 30 s), so the
              // overlap the bound allows is seen however slowly a loaded machine starts tasks;
              // a fixed 20 ms saw only two at once in a loaded run.
              let deadline = Date(timeIntervalSinceNow: 30)
              while running.withLock({ $0.most }) < 3, Date() < deadline { usleep(1_000) }
              usleep(5_000)
              _ = try Hit.count().fetchOne(db)
            }
          }
        }
        try await group.waitForAll()
      }
      let most = running.withLock { $0.most }
      #expect(most == 3)
    }
  }

  /// Inside a write, a read of the same pool runs on the writer and sees the write's changes;
  /// a read inside a read reuses the reader, so a pool of one reader does not wait on itself.
  @Test func nestedCallsUseTheConnectionHeld() async throws {
    try await withDatabaseFile { path in
      try Self.checkNestedCalls(on: SQLiteDatabasePool(path: path, maximumReaders: 1, acquireTimeout: .seconds(2)))
    }
  }

  private static func checkNestedCalls(on pool: SQLiteDatabasePool) throws {
    let seenInside = try pool.write { db in
      try Hit.insert { Hit(task: 5) }.execute(db)
      return try pool.read { db in try Hit.count().fetchOne(db) }
    }
    #expect(seenInside == 1)
    let nested = try pool.read { _ in try pool.read { db in try Hit.count().fetchOne(db) } }
    #expect(nested == 1)
  }

  @Test func aReadWaitingTooLongForAReaderTimesOut() async throws {
    try await withDatabaseFile { path in
      let pool = try SQLiteDatabasePool(path: path, maximumReaders: 1, acquireTimeout: .milliseconds(200))
      let isHeld = Shared(false)
      let mayRelease = Shared(false)
      // The reader is held until the waiting read has its answer (at most 30 s), so the test
      // does not depend on how soon a loaded machine resumes its task.
      async let holder: Void = pool.read { _ in
        isHeld.withLock { $0 = true }
        let cap = Date(timeIntervalSinceNow: testPatienceSeconds)
        while !mayRelease.withLock({ $0 }) && Date() < cap { usleep(1000) }
      }
      while !isHeld.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
      await #expect(throws: ConnectionPoolError.timedOut(after: .milliseconds(200), maximumConnections: 1)) {
        try await pool.read { db in try Hit.count().fetchOne(db) }
      }
      mayRelease.withLock { $0 = true }
      try await holder
      #expect(try await pool.read { db in try Hit.count().fetchOne(db) } == 0)
    }
  }

  /// A cancelled read leaves the line at once: its error arrives while the reader is still
  /// held, not when the reader comes free. (Timed by the holder's state, not by a clock: on a
  /// loaded machine a task may wait long for a thread to resume on.)
  @Test func cancellingAWaitingReadTakesItOutOfLine() async throws {
    try await withDatabaseFile { path in
      let pool = try SQLiteDatabasePool(path: path, maximumReaders: 1)
      let holding = Shared((started: false, ended: false))
      let mayRelease = Shared(false)
      // The reader is held until the cancelled read has its answer (at most `testPatience`): a
      // read that waited for the reader instead would end only when the holder gives up.
      async let holder: Void = pool.read { _ in
        holding.withLock { $0.started = true }
        let cap = Date(timeIntervalSinceNow: testPatienceSeconds)
        while !mayRelease.withLock({ $0 }) && Date() < cap { usleep(1000) }
        holding.withLock { $0.ended = true }
      }
      while !holding.withLock({ $0.started }) { try await Task.sleep(for: .milliseconds(5)) }
      let waiting = Task { try await pool.read { db in try Hit.count().fetchOne(db) } }
      try await Task.sleep(for: .milliseconds(50))
      waiting.cancel()
      await #expect(throws: CancellationError.self) { try await waiting.value }
      #expect(!holding.withLock { $0.ended }, "the cancelled read waited for the reader")
      mayRelease.withLock { $0 = true }
      try await holder
    }
  }

  @Test func aPoolNeedsAFileInWALMode() {
    let error = #expect(throws: SQLiteError.self) { try SQLiteDatabasePool(path: ":memory:") }
    #expect(error?.message.contains("WAL mode") == true)
  }

  @Test func aClosedPoolRefusesCalls() async throws {
    try await withDatabaseFile { path in
      let pool = try SQLiteDatabasePool(path: path)
      #expect(try await pool.read { db in try Hit.count().fetchOne(db) } == 0)
      pool.close()
      await #expect(throws: ConnectionPoolError.closed) {
        try await pool.read { db in try Hit.count().fetchOne(db) }
      }
      await #expect(throws: SQLiteError.self) {
        try await pool.write { db in try Hit.insert { Hit(task: 1) }.execute(db) }
      }
    }
  }

  /// Functions added as each connection opens are there on the writer and on every reader.
  @Test func everyConnectionIsPrepared() async throws {
    try await withDatabaseFile { path in
      let pool = try SQLiteDatabasePool(path: path, maximumReaders: 2) { db in
        try db.execute("PRAGMA cache_size = -4000")
      }
      let sizes = try await withThrowingTaskGroup(of: Int?.self) { group in
        for _ in 0..<6 {
          group.addTask {
            try await pool.read { db in
              usleep(10_000)
              return try db.fetchOne(RenderedSQL(sql: "PRAGMA cache_size"), as: Int.self)
            }
          }
        }
        return try await group.reduce(into: Set<Int?>()) { $0.insert($1) }
      }
      #expect(sizes == [-4000])
      #expect(try await pool.write { db in try db.fetchOne(RenderedSQL(sql: "PRAGMA cache_size"), as: Int.self) } == -4000)
    }
  }
}

/// The same `async` surface on PostgreSQL: a connection and a pool.
@Suite(.enabled(if: PostgresTestServer.suitesRun))
struct PostgresConcurrencyTests {
  private static func isReadOnlyError(_ error: any Error) -> Bool {
    (error as? PostgresError)?.sqlState == "25006"  // read_only_sql_transaction
  }

  @Test func connectionReadersNeverSeeAPartialTransfer() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await ConcurrencyChecks.readersNeverSeeAPartialTransfer(on: PostgresDatabase(url: url), readers: 2)
    }
  }

  @Test func poolReadersNeverSeeAPartialTransfer() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      let pool = try PostgresConnectionPool(url: url, maximumConnections: 4)
      try await ConcurrencyChecks.readersNeverSeeAPartialTransfer(on: pool, readers: 3)
    }
  }

  @Test func poolLongReadDoesNotBlockAWrite() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await ConcurrencyChecks.longReadDoesNotBlockAWrite(on: try PostgresConnectionPool(url: url))
    }
  }

  @Test func manyTasksOnAConnection() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await ConcurrencyChecks.manyTasks(on: PostgresDatabase(url: url))
    }
  }

  @Test func manyTasksOnAPool() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      // 80 calls through 3 connections: a connection is given back only once its task resumes,
      // which a loaded machine may delay for seconds, so the wait in line gets a minute.
      try await ConcurrencyChecks.manyTasks(
        on: try PostgresConnectionPool(url: url, maximumConnections: 3, acquireTimeout: .seconds(60)))
    }
  }

  @Test func readsRefuseWrites() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await ConcurrencyChecks.readRefusesWrites(on: PostgresDatabase(url: url), isReadOnlyError: Self.isReadOnlyError)
    }
    try await withPostgresSchema(concurrencySchema) { url in
      try await ConcurrencyChecks.readRefusesWrites(
        on: try PostgresConnectionPool(url: url), isReadOnlyError: Self.isReadOnlyError)
    }
  }

  @Test func failedWritesRollBack() async throws {
    try await withPostgresSchema(concurrencySchema) { url in
      try await ConcurrencyChecks.failedWriteRollsBack(on: PostgresDatabase(url: url))
    }
    try await withPostgresSchema(concurrencySchema) { url in
      try await ConcurrencyChecks.failedWriteRollsBack(on: try PostgresConnectionPool(url: url))
    }
  }
}
