import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres

/// Faults injected into a live PostgreSQL: a backend terminated and a server stopped in the
/// middle of a transaction. Each checks that nothing is half-committed and that the connection
/// recovers once the transaction is over.
@Suite(.enabled(if: PostgresTestServer.suitesRun)) struct PostgresFaultTests {
  private struct Row: Error {}

  /// Ends this connection's server process from another connection, as an administrator or a
  /// failover would.
  private func terminateBackend(of db: PostgresDatabase, from other: PostgresDatabase) throws {
    let pid = try #require(try db.fetchOne(RenderedSQL(sql: "SELECT pg_backend_pid()"), as: Int.self))
    try other.execute(RenderedSQL(sql: "SELECT pg_terminate_backend(CAST($1 AS integer), 5000)", bindings: [.int(Int64(pid))]))
  }

  /// A server of this test's own, to stop and restart; nil where the tests use one they do not
  /// own (`POSTGRES_URL`), which never happens in CI.
  private func ownServer() throws -> PostgresTestServer? {
    guard case .serverBinaries(let binaries) = PostgresTestServer.availability else {
      #expect(ProcessInfo.processInfo.environment["CI"] != "true")
      return nil
    }
    return try PostgresTestServer(startingWith: binaries)
  }

  @Test func backendTerminatedInsideATransactionFailsTheWholeTransaction() throws {
    let server = try PostgresTestServer.shared.get()
    let admin = try PostgresDatabase(url: server.url)
    let table = "fault_" + UUID().uuidString.prefix(8).lowercased()
    try admin.execute("CREATE TABLE \"\(table)\" (\"id\" integer PRIMARY KEY)")
    defer { try? admin.execute("DROP TABLE \"\(table)\"") }
    let insert = { (db: PostgresDatabase, id: Int) in
      try db.execute(RenderedSQL(sql: "INSERT INTO \"\(table)\" VALUES ($1)", bindings: [.int(Int64(id))]))
    }

    let db = try PostgresDatabase(url: server.url)
    var caught: [Error] = []
    let error = #expect(throws: PostgresError.self) {
      try db.transaction { db in
        for id in 1...50 { try insert(db, id) }
        try terminateBackend(of: db, from: admin)
        // A body that catches and carries on, as a retry loop or a `try?` does.
        for id in 51...52 {
          do { try insert(db, id) } catch { caught.append(error) }
        }
      }
    }
    #expect(error?.isConnectionError == true, "\(String(describing: error))")
    #expect(caught.count == 2)
    #expect(caught.allSatisfy { ($0 as? PostgresError)?.isConnectionError == true })
    // Nothing of the transaction committed, neither before the fault nor after it.
    #expect(try admin.fetchOne(RenderedSQL(sql: "SELECT count(*) FROM \"\(table)\""), as: Int.self) == 0)
    // After the transaction the connection is re-established.
    try insert(db, 99)
    #expect(try db.fetchOne(RenderedSQL(sql: "SELECT count(*) FROM \"\(table)\""), as: Int.self) == 1)
    reportSurvived("PostgreSQL backend terminated mid-transaction, error caught in the body")
  }

  @Test func backendTerminatedInsideASavepointFailsTheOuterTransaction() throws {
    let server = try PostgresTestServer.shared.get()
    let admin = try PostgresDatabase(url: server.url)
    let table = "fault_" + UUID().uuidString.prefix(8).lowercased()
    try admin.execute("CREATE TABLE \"\(table)\" (\"id\" integer PRIMARY KEY)")
    defer { try? admin.execute("DROP TABLE \"\(table)\"") }

    let db = try PostgresDatabase(url: server.url)
    #expect(throws: PostgresError.self) {
      try db.transaction { db in
        try db.execute(RenderedSQL(sql: "INSERT INTO \"\(table)\" VALUES (1)"))
        _ = try? db.transaction { db in
          try terminateBackend(of: db, from: admin)
          try db.execute(RenderedSQL(sql: "INSERT INTO \"\(table)\" VALUES (2)"))
        }
        try? db.execute(RenderedSQL(sql: "INSERT INTO \"\(table)\" VALUES (3)"))
      }
    }
    #expect(try admin.fetchOne(RenderedSQL(sql: "SELECT count(*) FROM \"\(table)\""), as: Int.self) == 0)
    reportSurvived("PostgreSQL backend terminated inside a savepoint")
  }

  /// After a restart every idle connection of a pool is closed; the pool notices before handing
  /// one out, so no request fails for it.
  @Test func poolSurvivesAServerRestartWithoutFailingARequest() async throws {
    guard let server = try ownServer() else { return }
    defer { server.stop() }
    let pool = try PostgresConnectionPool(url: server.url, maximumConnections: 3)
    let burst = {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<3 {
          group.addTask {
            try await pool.withConnection { db in
              try db.execute("SELECT pg_sleep(0.05)")
              return try db.fetchOne(RenderedSQL(sql: "SELECT 1"), as: Int.self) ?? 0
            }
          }
        }
        return try await group.reduce(0, +)
      }
    }
    #expect(try await burst() == 3)
    try server.halt()
    try server.start()
    #expect(try await burst() == 3)
    reportSurvived("PostgreSQL restart under a pool of idle connections")
  }

  /// A transaction that starts on a connection the server closed while it sat idle reconnects
  /// first, instead of failing at `BEGIN`.
  @Test func transactionAfterARestartReconnectsFirst() throws {
    guard let server = try ownServer() else { return }
    defer { server.stop() }
    let db = try PostgresDatabase(url: server.url)
    try db.execute("CREATE TABLE \"kept\" (\"id\" integer)")
    try server.halt()
    try server.start()
    try db.transaction { db in try db.execute(RenderedSQL(sql: "INSERT INTO \"kept\" VALUES (1)")) }
    #expect(try db.fetchOne(RenderedSQL(sql: "SELECT count(*) FROM \"kept\""), as: Int.self) == 1)
    reportSurvived("PostgreSQL restart before a transaction")
  }

  /// The server stops (`pg_ctl stop -m immediate`, as a crash would) in the middle of a
  /// transaction: the transaction fails, nothing of it is committed, and after the server is
  /// back the same connection works again.
  @Test func serverStoppedMidTransactionCommitsNothing() throws {
    guard let server = try ownServer() else { return }
    defer { server.stop() }
    let db = try PostgresDatabase(url: server.url)
    try db.execute("CREATE TABLE \"ledger\" (\"id\" integer PRIMARY KEY)")
    #expect(throws: PostgresError.self) {
      try db.transaction { db in
        for id in 1...10 { try db.execute(RenderedSQL(sql: "INSERT INTO \"ledger\" VALUES ($1)", bindings: [.int(Int64(id))])) }
        try server.halt()
        try? db.execute(RenderedSQL(sql: "INSERT INTO \"ledger\" VALUES (11)"))
        try server.start()
        try? db.execute(RenderedSQL(sql: "INSERT INTO \"ledger\" VALUES (12)"))
      }
    }
    #expect(try db.fetchOne(RenderedSQL(sql: "SELECT count(*) FROM \"ledger\""), as: Int.self) == 0)
    reportSurvived("PostgreSQL stopped (-m immediate) mid-transaction")
  }
}
