import Foundation
import Logging
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres

/// A PgBouncer in transaction pooling mode in front of the test server, for the tests below:
/// started from Debian's `pgbouncer` package as the `postgres` user, on a unix socket of its
/// own, over a database of its own, with two server connections taken in turn, so that
/// consecutive transactions of one client reach different server connections.
final class PgBouncerTestServer: @unchecked Sendable {
  /// The conninfo string that reaches the server through PgBouncer.
  let url: String
  /// The conninfo string that reaches the same database directly.
  let directURL: String
  private let folder: URL

  /// The bouncer shared by the suite, started on first use; `nil` with the reason when this
  /// machine has no `pgbouncer` (CI installs it, so there it is a failure).
  static let shared: Result<PgBouncerTestServer, Error> = Result { try PgBouncerTestServer() }

  /// Whether the suite runs: in CI always, elsewhere when `pgbouncer` is installed.
  static var suiteRuns: Bool {
    guard PostgresTestServer.suitesRun else { return false }
    if binary == nil && ProcessInfo.processInfo.environment["CI"] != "true" {
      print("◇ PgBouncer suite skipped: no pgbouncer binary. Install Debian's pgbouncer package.")
      return false
    }
    return true
  }

  private static let binary: URL? = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"]
    .map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

  private init() throws {
    guard let binary = Self.binary else {
      throw PostgresTestServer.ServerError(message: "no pgbouncer binary (Debian's pgbouncer package)")
    }
    let server = try PostgresTestServer.shared.get()
    let admin = try PostgresDatabase(url: server.url)
    let socketFolder = try admin.fetchOne(RenderedSQL(sql: "SHOW unix_socket_directories"), as: String.self) ?? ""
    let port = try admin.fetchOne(RenderedSQL(sql: "SHOW port"), as: String.self) ?? ""
    let database = "typedsql_bouncer_" + UUID().uuidString.lowercased().prefix(8)
    try admin.execute("CREATE DATABASE \"\(database)\"")

    folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("typedsql-pgbouncer-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
    let bouncerPort = try PostgresTestServer.freePort()
    let socket = socketFolder.split(separator: ",").first.map(String.init) ?? "/tmp"
    let configuration = """
      [databases]
      \(database) = host=\(socket) port=\(port) dbname=\(database) user=postgres

      [pgbouncer]
      listen_addr =
      listen_port = \(bouncerPort)
      unix_socket_dir = \(folder.path)
      auth_type = trust
      auth_file = \(folder.path)/users.txt
      pool_mode = transaction
      default_pool_size = 2
      min_pool_size = 2
      server_round_robin = 1
      max_client_conn = 50
      ignore_startup_parameters = extra_float_digits
      pidfile = \(folder.path)/pgbouncer.pid
      logfile = \(folder.path)/pgbouncer.log
      """
    let configurationPath = folder.appendingPathComponent("pgbouncer.ini").path
    try configuration.write(toFile: configurationPath, atomically: true, encoding: .utf8)
    try #""postgres" """#.write(toFile: folder.path + "/users.txt", atomically: true, encoding: .utf8)
    for file in ["pgbouncer.ini", "users.txt"] {
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.path + "/" + file)
    }
    try PostgresTestServer.run(binary, ["-d", configurationPath])
    url = "host=\(folder.path) port=\(bouncerPort) user=postgres dbname=\(database)"
    directURL = server.url.hasPrefix("postgres")
      ? "host=\(socket) port=\(port) user=postgres dbname=\(database)"
      : server.url.replacingOccurrences(of: "dbname=postgres", with: "dbname=\(database)")
    try waitUntilAccepting()
    let stop: @convention(c) () -> Void = { PgBouncerTestServer.stopShared() }
    atexit(stop)
  }

  /// Waits until the bouncer answers (it daemonizes before it listens).
  private func waitUntilAccepting() throws {
    let deadline = Date(timeIntervalSinceNow: 10)
    while true {
      do {
        _ = try PostgresDatabase(url: url, preparation: .unnamed)
        return
      } catch where Date() < deadline {
        usleep(50_000)
      }
    }
  }

  private static func stopShared() {
    guard case .success(let bouncer) = shared else { return }
    if let pid = try? String(contentsOfFile: bouncer.folder.path + "/pgbouncer.pid", encoding: .utf8),
      let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      kill(number, SIGTERM)
    }
    try? FileManager.default.removeItem(at: bouncer.folder)
  }
}

/// TypedSQL behind PgBouncer in transaction pooling mode (Debian's PgBouncer 1.18, which does
/// not carry named prepared statements from one server connection to another).
@Suite(.enabled(if: PgBouncerTestServer.suiteRuns), .serialized)
struct PgBouncerTests {
  /// Makes both server connections of the bouncer hold no prepared statement, and returns two
  /// clients that steer the next statements: while one holds a server connection in an open
  /// transaction, everything else reaches the other.
  private func clearedServerConnections(_ bouncer: PgBouncerTestServer) throws -> (PostgresDatabase, PostgresDatabase) {
    let first = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    let second = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    try first.execute("BEGIN; DEALLOCATE ALL")
    try second.execute("BEGIN; DEALLOCATE ALL")
    try first.execute("COMMIT")
    try second.execute("COMMIT")
    return (first, second)
  }

  /// The problem, reproduced: a named statement prepared on one server connection is missing on
  /// the other, which the client's next statement reaches. The connection then prepares unnamed,
  /// logs why once, and runs that statement again, since the server ran none of it; with
  /// `.unnamed` from the start nothing fails at all.
  @Test func namedStatementsFallBackToUnnamedBehindTransactionPooling() throws {
    let bouncer = try PgBouncerTestServer.shared.get()
    let (first, second) = try clearedServerConnections(bouncer)
    let sink = CapturingLogHandler.Sink()
    let named = try PostgresDatabase(
      url: bouncer.url, log: StatementLog(CapturingLogHandler.logger(level: .warning, into: sink)))
    let query = RenderedSQL(sql: "SELECT $1::int8 + 1", bindings: [.int(41)])
    // `first` holds one server connection; the statement is prepared on the other.
    try first.execute("BEGIN; SELECT 1")
    #expect(try named.fetchOne(query, as: Int.self) == 42)
    // `second` takes that other one; `first` lets its own go, the only one left.
    try second.execute("BEGIN; SELECT 1")
    try first.execute("COMMIT")
    #expect(try named.fetchOne(query, as: Int.self) == 42)
    #expect(try named.fetchOne(query, as: Int.self) == 42)
    try second.execute("COMMIT")
    let warnings = sink.records.withLock { $0 }
    #expect(warnings.count == 1)
    #expect(warnings.first?.level == .warning)
    #expect(warnings.first?.message.contains("pooler in transaction mode") == true)

    // The same dance with unnamed statements from the start.
    let unnamed = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    try first.execute("BEGIN; SELECT 1")
    #expect(try unnamed.fetchOne(query, as: Int.self) == 42)
    try second.execute("BEGIN; SELECT 1")
    try first.execute("COMMIT")
    #expect(try unnamed.fetchOne(query, as: Int.self) == 42)
    try second.execute("COMMIT")
  }

  /// Inside a transaction the missing statement fails the transaction, which the server has
  /// aborted, with SQLSTATE 26000 and a hint; the transaction then runs when tried again. The
  /// other connections of the same pool prepare unnamed from then on, so a transaction of theirs
  /// does not fail the same way.
  @Test func aMissingStatementInsideATransactionFailsOnceForTheWholePool() throws {
    let bouncer = try PgBouncerTestServer.shared.get()
    let (first, second) = try clearedServerConnections(bouncer)
    try first.execute("DROP TABLE IF EXISTS bouncer_counts; CREATE TABLE bouncer_counts (id int8 PRIMARY KEY)")
    let pool = try PostgresConnectionPool(url: bouncer.url, maximumConnections: 2)
    let insert = { (id: Int) in RenderedSQL(sql: "INSERT INTO bouncer_counts VALUES ($1)", bindings: [.int(Int64(id))]) }
    try pool.withConnection { one in
      try pool.withConnection { other in
        // Both pool connections prepare the insert on one server connection.
        try first.execute("BEGIN; SELECT 1")
        try one.execute(insert(1))
        try other.execute(insert(2))
        // Their transactions reach the other server connection.
        try second.execute("BEGIN; SELECT 1")
        try first.execute("COMMIT")
        let error = #expect(throws: PostgresError.self) { try one.transaction { db in try db.execute(insert(3)) } }
        #expect(error?.sqlState == "26000")
        #expect(error?.hint?.contains("can run again") == true)
        try one.transaction { db in try db.execute(insert(3)) }
        try other.transaction { db in try db.execute(insert(4)) }
        try second.execute("COMMIT")
      }
    }
    let ids = try first.fetchAll(RenderedSQL(sql: "SELECT id FROM bouncer_counts ORDER BY id"), as: Int.self)
    #expect(ids == [1, 2, 3, 4])
  }

  /// A pipelined batch whose named statement is missing from the server connection fails whole,
  /// inside its transaction, and then runs whole with unnamed statements.
  @Test func aBatchWithAMissingStatementFailsWholeThenRuns() throws {
    let bouncer = try PgBouncerTestServer.shared.get()
    let (first, second) = try clearedServerConnections(bouncer)
    try first.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public; " + concurrencySchema)
    try first.execute("INSERT INTO hits SELECT generate_series(1, 10)")
    let db = try PostgresDatabase(url: bouncer.url)
    try first.execute("BEGIN; SELECT 1")
    try Hit.where { $0.task == 1 }.delete().execute(db)
    try second.execute("BEGIN; SELECT 1")
    try first.execute("COMMIT")
    let deletes = (2...4).map { task in Hit.where { $0.task == task }.delete() }
    let error = #expect(throws: PostgresError.self) { try db.executeBatch(deletes) }
    #expect(error?.sqlState == "26000")
    #expect(try Hit.count().fetchOne(db) == 9)
    #expect(try db.executeBatch(deletes) == [1, 1, 1])
    try second.execute("COMMIT")
    #expect(try Hit.order { $0.task }.select { $0.task }.fetchAll(first) == Array(5...10))
  }

  /// The session's UTC holds on every server connection a client reaches, whatever time zone
  /// the client before it left there (PgBouncer carries a client's `TimeZone` to each server
  /// connection it hands it), and a date makes the round trip.
  @Test func everyServerConnectionRunsInUTC() throws {
    let bouncer = try PgBouncerTestServer.shared.get()
    let (first, second) = try clearedServerConnections(bouncer)
    // Both server connections are left in Tokyo's time zone.
    for holder in [first, second] { try holder.execute("SET TimeZone TO 'Asia/Tokyo'; BEGIN; SELECT 1") }
    for holder in [first, second] {
      #expect(try holder.fetchOne(RenderedSQL(sql: "SHOW TimeZone"), as: String.self) == "Asia/Tokyo")
      try holder.execute("COMMIT")
    }
    let db = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    let query = RenderedSQL(
      sql: "SELECT current_setting('TimeZone') || ' ' || $1::timestamptz::text",
      bindings: [.date(Date(timeIntervalSince1970: 1_700_000_000))])
    for holder in [first, second] {
      try holder.execute("BEGIN; SELECT 1")
      #expect(try db.fetchOne(query, as: String.self) == "UTC 2023-11-14 22:13:20+00")
      try holder.execute("COMMIT")
    }
  }

  /// Two clients' named statements meet on one server connection, and neither runs the
  /// other's: the reader prepares its `SELECT` on one server connection, the writer its `DELETE`
  /// on the other, and the reader's next run reaches the writer's. Statement names numbered from
  /// 1 on every connection made both `typedsql_1`, so the reader's run deleted the row it asked
  /// for.
  @Test func anotherClientsStatementNeverRunsInPlaceOfOurs() throws {
    let bouncer = try PgBouncerTestServer.shared.get()
    let direct = try PostgresDatabase(url: bouncer.directURL)
    try direct.execute(
      "DROP TABLE IF EXISTS bouncer_notes; CREATE TABLE bouncer_notes (id int8 PRIMARY KEY, body text NOT NULL);"
        + " INSERT INTO bouncer_notes VALUES (1, 'one'), (2, 'two')")
    let reader = try PostgresDatabase(url: bouncer.url)
    let writer = try PostgresDatabase(url: bouncer.url)
    let (first, second) = try clearedServerConnections(bouncer)
    let select = RenderedSQL(sql: "SELECT body FROM bouncer_notes WHERE id = $1", bindings: [.int(2)])
    // `first` holds one server connection; the reader's statement is prepared on the other.
    try first.execute("BEGIN; SELECT 1")
    #expect(try reader.fetchOne(select, as: String.self) == "two")
    // `second` holds that one; the writer's statement is prepared on the first, and run.
    try second.execute("BEGIN; SELECT 1")
    try first.execute("COMMIT")
    try writer.execute(RenderedSQL(sql: "DELETE FROM bouncer_notes WHERE id = $1", bindings: [.int(1)]))
    // The reader's next run reaches the writer's server connection.
    #expect(try reader.fetchOne(select, as: String.self) == "two")
    try second.execute("COMMIT")
    let left = try direct.fetchAll(RenderedSQL(sql: "SELECT id FROM bouncer_notes ORDER BY id"), as: Int.self)
    #expect(left == [2])
  }

  /// Every parity body, through the bouncer with unnamed statements, against a fresh schema and
  /// the fixture each time.
  @Test func parityBodiesRunWithUnnamedStatements() throws {
    let bouncer = try PgBouncerTestServer.shared.get()
    let db = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    for check in PortableCheck.allCases {
      try db.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public; " + postgresRemindersSchema)
      try insertRemindersFixture(db)
      do {
        try check.run(on: db)
      } catch {
        Issue.record("\(check) through PgBouncer: \(error)")
      }
      IntegrationRunCounter.shared.record("PostgreSQL through PgBouncer")
    }
  }

  /// A pool of unnamed-statement connections behind the bouncer: concurrent tasks' reads and
  /// writes, and a bulk load through `COPY`.
  @Test func poolAndBulkLoadThroughTheBouncer() async throws {
    let bouncer = try PgBouncerTestServer.shared.get()
    let setUp = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    try setUp.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public; " + concurrencySchema)
    let pool = try PostgresConnectionPool(url: bouncer.url, maximumConnections: 4, preparation: .unnamed)
    try await ConcurrencyChecks.manyTasks(on: pool)
    try await pool.write { db in
      try db.prepareInsert(into: Hit.self).execute(contentsOf: (1000..<3000).map(Hit.init))
    }
    #expect(try await pool.read { db in try Hit.count().fetchOne(db) } == 40 + 2000)
    let deleted = try await pool.withConnection { db in
      try db.executeBatch((1000..<1100).map { task in Hit.where { $0.task == task }.delete() })
    }
    #expect(deleted == Array(repeating: 1, count: 100))
  }
}
