import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers

/// `MySQLConnectionPool`: concurrent work on at most its connections with no lost update, a
/// read beside a write on a connection of its own, a clear error when every connection stays
/// busy or the server refuses the login, and idle connections the server closed reopened.
@Suite(.enabled(if: MySQLTestServer.suitesRun))
struct MySQLPoolTests {
  /// 200 increments from concurrent tasks on a pool of 4: every one counted, never more than 4
  /// sessions open.
  @Test func concurrentWritesAreAllCountedOnAtMostItsConnections() async throws {
    try await withMySQLDatabase { url, admin in
      try admin.execute(#"CREATE TABLE "counters" ("id" bigint PRIMARY KEY, "value" bigint NOT NULL); INSERT INTO "counters" VALUES (1, 0)"#)
      // The last of 200 callers in line waits for 50 transactions before it: a loaded two-core
      // run took longer than the default 10 s, so the limit here is far above it (the time-out
      // has a test of its own).
      let pool = try MySQLConnectionPool(url: url, maximumConnections: 4, acquireTimeout: .seconds(120))
      let sessions = SessionIDs()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<200 {
          group.addTask {
            try await pool.write { db in
              try db.execute(#"UPDATE "counters" SET "value" = "value" + 1 WHERE "id" = 1"#)
              sessions.insert(try db.fetchOne(RenderedSQL(sql: "SELECT CONNECTION_ID()"), as: Int.self))
            }
          }
        }
        try await group.waitForAll()
      }
      #expect(try admin.fetchOne(RenderedSQL(sql: #"SELECT "value" FROM "counters""#), as: Int.self) == 200)
      #expect((1...4).contains(sessions.count), "\(sessions.count) sessions")
      pool.close()
    }
  }

  /// A read called inside a write takes a second connection, which does not see the write's
  /// change until it commits.
  @Test func aReadInsideAWriteUsesAnotherConnection() throws {
    try withMySQLDatabase { url, admin in
      try admin.execute(#"CREATE TABLE "items" ("id" bigint PRIMARY KEY)"#)
      let pool = try MySQLConnectionPool(url: url, maximumConnections: 2)
      try pool.write { db in
        try db.execute(#"INSERT INTO "items" VALUES (1)"#)
        let seenElsewhere = try pool.read { other in try other.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "items""#), as: Int.self) }
        #expect(seenElsewhere == 0)
      }
      #expect(try pool.read { try $0.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "items""#), as: Int.self) } == 1)
    }
  }

  /// With its one connection held, a second caller gets `timedOut` after `acquireTimeout`
  /// instead of waiting for ever.
  @Test func aCallerWaitingPastTheAcquireTimeoutGetsAnError() async throws {
    try await withMySQLDatabase { url, admin in
      let pool = try MySQLConnectionPool(url: url, maximumConnections: 1, acquireTimeout: .seconds(1))
      // The connection opened first, so that the holder does not itself wait past the limit
      // while a loaded machine connects; its session is the one the holder runs on.
      var session: Int?
      for attempt in 1...30 {
        do {
          session = try await pool.read { db in try db.fetchOne(RenderedSQL(sql: "SELECT CONNECTION_ID()"), as: Int.self) }
          break
        } catch ConnectionPoolError.timedOutConnecting where attempt < 30 {}
      }
      let holding = Task { try await pool.write { db in try db.execute("DO SLEEP(600)") } }
      try await waitUntilRunning("DO SLEEP(600)", onSession: try #require(session), admin: admin)
      await #expect(throws: ConnectionPoolError.timedOut(after: .seconds(1), maximumConnections: 1)) {
        try await pool.read { db in try db.fetchOne(RenderedSQL(sql: "SELECT 1"), as: Int.self) }
      }
      holding.cancel()
      _ = await holding.result
    }
  }

  /// A wrong password fails the request with the server's refusal, not with a time-out after
  /// trying again for 30 s.
  @Test func aRefusedLoginFailsAtOnce() async throws {
    let server = try MySQLTestServer.shared.get()
    var address = try #require(URLComponents(string: server.url))
    address.user = "nobody_here"
    address.password = "wrong"
    let pool = try MySQLConnectionPool(url: try #require(address.string), maximumConnections: 2, acquireTimeout: .seconds(30))
    // The server's refusal itself, not `ConnectionPoolError.timedOutConnecting` after retries.
    let error = await #expect(throws: MySQLError.self) {
      try await pool.read { db in try db.fetchOne(RenderedSQL(sql: "SELECT 1"), as: Int.self) }
    }
    #expect(error?.code == 1045 || error?.code == 1698, "\(String(describing: error))")
  }

  /// Idle connections the server closed (a restart, `wait_timeout`) are reopened as they are
  /// next used: the caller gets rows, not a lost-connection error.
  @Test func idleConnectionsTheServerClosedAreReopened() async throws {
    try await withMySQLDatabase { url, admin in
      let pool = try MySQLConnectionPool(url: url, maximumConnections: 1)
      let before = try await pool.read { db in try db.fetchOne(RenderedSQL(sql: "SELECT CONNECTION_ID()"), as: Int.self) }
      try admin.execute("KILL CONNECTION \(try #require(before))")
      try await Task.sleep(for: .milliseconds(200))
      let after = try await pool.read { db in try db.fetchOne(RenderedSQL(sql: "SELECT CONNECTION_ID()"), as: Int.self) }
      #expect(after != nil && after != before)
      let direct = try await pool.withConnection { db in try db.fetchOne(RenderedSQL(sql: "SELECT 2"), as: Int.self) }
      #expect(direct == 2)
    }
  }

  /// Runs `body` with the address of a fresh database and a connection to it.
  private func withMySQLDatabase(_ body: (String, MySQLDatabase) async throws -> Void) async throws {
    try await withScratchMySQLDatabase { url in try await body(url, try MySQLDatabase(url: url)) }
  }

  private func withMySQLDatabase(_ body: (String, MySQLDatabase) throws -> Void) throws {
    try withScratchMySQLDatabase { url in try body(url, try MySQLDatabase(url: url)) }
  }
}

/// The server sessions a pool's connections ran in, gathered from concurrent tasks.
private final class SessionIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var ids: Set<Int> = []

  func insert(_ id: Int?) {
    guard let id else { return }
    lock.withLock { _ = ids.insert(id) }
  }

  var count: Int { lock.withLock { ids.count } }
}
