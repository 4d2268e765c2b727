import Foundation
import Testing
import TypedSQL
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
  /// The set-up reproduces the problem: a named statement prepared on one server connection is
  /// missing on the other, which the client's next transaction reaches. Two other clients hold
  /// transactions open so that the bouncer has no choice of server connection.
  @Test func namedStatementsBreakBehindTransactionPooling() throws {
    let bouncer = try PgBouncerTestServer.shared.get()
    let named = try PostgresDatabase(url: bouncer.url, preparation: .named)
    let first = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    let second = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    let query = RenderedSQL(sql: "SELECT $1::int8 + 1", bindings: [.int(41)])
    // `first` holds one server connection; the statement is prepared on the other.
    try first.execute("BEGIN; SELECT 1")
    #expect(try named.fetchOne(query, as: Int.self) == 42)
    // `second` takes that other one; `first` lets its own go, the only one left.
    try second.execute("BEGIN; SELECT 1")
    try first.execute("COMMIT")
    let error = #expect(throws: PostgresError.self) { try named.fetchOne(query, as: Int.self) }
    #expect(error?.sqlState == "26000")  // invalid_sql_statement_name: no such prepared statement
    try second.execute("COMMIT")

    // The same dance with unnamed statements succeeds.
    let unnamed = try PostgresDatabase(url: bouncer.url, preparation: .unnamed)
    try first.execute("BEGIN; SELECT 1")
    #expect(try unnamed.fetchOne(query, as: Int.self) == 42)
    try second.execute("BEGIN; SELECT 1")
    try first.execute("COMMIT")
    #expect(try unnamed.fetchOne(query, as: Int.self) == 42)
    try second.execute("COMMIT")
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
    let pool = PostgresConnectionPool(url: bouncer.url, maximumConnections: 4, preparation: .unnamed)
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
