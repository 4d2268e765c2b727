import Foundation
import Synchronization
import TypedSQL
import TypedSQLMySQL

/// A MariaDB server for the integration tests: the one `MYSQL_URL` names, or else a throwaway
/// server this process creates (`mariadb-install-db` into a temporary folder, `mariadbd` run as
/// the `mysql` user when this process is root, listening on a unix socket and a free loopback
/// port) and removes when it exits.
public final class MySQLTestServer: @unchecked Sendable {
  /// Where the tests find their server, or why there is none.
  public enum Availability: Sendable {
    case url(String)
    case serverBinaries(server: URL, installer: URL)
    case unavailable(String)
  }

  /// The address of the running server, without a database: `mysql://root@localhost/?socket=…`.
  public let url: String
  /// The server's socket and port, when this process created it.
  public let socket: (path: String, port: Int)?
  private let folder: URL?
  private let process: ChildProcess?

  /// What this machine offers, decided once.
  public static let availability: Availability = {
    if let url = ProcessInfo.processInfo.environment["MYSQL_URL"], !url.isEmpty { return .url(url) }
    let server = ["/usr/sbin/mariadbd", "/usr/libexec/mariadbd", "/usr/local/bin/mariadbd"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    let installer = ["/usr/bin/mariadb-install-db", "/usr/local/bin/mariadb-install-db"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    if let server, let installer {
      return .serverBinaries(server: URL(fileURLWithPath: server), installer: URL(fileURLWithPath: installer))
    }
    return .unavailable("no MYSQL_URL and no MariaDB server binaries (mariadbd, mariadb-install-db) found")
  }()

  /// Whether the MariaDB suites run. In CI (`CI=true`) they always do, so a missing server fails
  /// the run instead of skipping it.
  public static var suitesRun: Bool {
    if case .unavailable(let reason) = availability {
      guard ProcessInfo.processInfo.environment["CI"] == "true" else {
        print("◇ MariaDB suites skipped: \(reason). Set MYSQL_URL or install mariadb-server.")
        return false
      }
    }
    return true
  }

  /// The server shared by the whole test run, started on first use.
  public static let shared: Result<MySQLTestServer, Error> = Result {
    switch availability {
    case .url(let url): return MySQLTestServer(url: url)
    case .serverBinaries(let server, let installer): return try MySQLTestServer(server: server, installer: installer)
    case .unavailable(let reason): throw PostgresTestServer.ServerError(message: reason)
    }
  }

  private init(url: String) {
    self.url = url
    self.socket = nil
    self.folder = nil
    self.process = nil
  }

  /// Creates a data directory in a fresh folder, starts `mariadbd` on it with a socket there and
  /// a free loopback port, and waits until it accepts connections; it is stopped and deleted
  /// when the process exits (or by ``stop()``).
  public init(server: URL, installer: URL) throws {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("typedsql-mariadb-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The server runs as another user, which must write here.
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
    let port = try PostgresTestServer.freePort()
    let data = folder.appendingPathComponent("data").path
    let socketPath = folder.appendingPathComponent("mariadb.sock").path
    let log = folder.appendingPathComponent("server.log").path
    self.folder = folder
    self.socket = (socketPath, port)
    self.url = "mysql://root@localhost/?socket=\(socketPath)"
    do {
      try ChildProcess.run(
        Self.asServerUser(installer.path),
        [
          "--no-defaults", "--datadir=\(data)", "--auth-root-authentication-method=normal",
          "--skip-test-db", "--skip-name-resolve",
        ])
    } catch let error as ChildProcessError {
      try? FileManager.default.removeItem(at: folder)
      throw PostgresTestServer.ServerError(message: error.message)
    }
    process = try ChildProcess(
      Self.asServerUser(server.path),
      [
        "--no-defaults", "--datadir=\(data)", "--socket=\(socketPath)", "--port=\(port)",
        "--bind-address=127.0.0.1", "--pid-file=\(folder.appendingPathComponent("mariadbd.pid").path)",
        "--log-error=\(log)", "--skip-log-bin", "--skip-name-resolve",
        "--character-set-server=utf8mb4", "--collation-server=utf8mb4_nopad_bin",
        "--innodb-buffer-pool-size=32M", "--innodb-flush-log-at-trx-commit=0", "--innodb-doublewrite=0",
        "--max-connections=200",
      ])
    Self.stopAtExit(self)
    try waitUntilReady(log: log)
  }

  /// Waits until the server's log says it accepts connections, for at most 60 seconds.
  private func waitUntilReady(log: String) throws {
    let deadline = Date(timeIntervalSinceNow: 60)
    while Date() < deadline {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      if text.contains("ready for connections") { return }
      if text.contains("[ERROR] Aborting") { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no log)"
    stop()
    throw PostgresTestServer.ServerError(message: "mariadbd did not become ready: \(text.suffix(2000))")
  }

  /// The server's address with `database` as the database connected to.
  public func url(database: String) -> String {
    guard var components = URLComponents(string: url) else { return url }
    components.path = "/" + database
    return components.string ?? url
  }

  /// Stops the server and deletes its files, if this process started it.
  public func stop() {
    guard let folder, let process else { return }
    let pidFile = folder.appendingPathComponent("mariadbd.pid").path
    let pid = (try? String(contentsOfFile: pidFile, encoding: .utf8))
      .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    if let pid {
      kill(pid, SIGTERM)
    } else {
      process.kill()
    }
    _ = process.wait()
    try? FileManager.default.removeItem(at: folder)
  }

  /// `program`, run as the `mysql` user when this process is root: the server refuses to run as
  /// root.
  private static func asServerUser(_ program: String) -> [String] {
    getuid() == 0 ? ["/usr/sbin/runuser", "-u", "mysql", "--", program] : [program]
  }

  private static let serversToStop = Mutex<[MySQLTestServer]>([])

  private static func stopAtExit(_ server: MySQLTestServer) {
    let isFirst = serversToStop.withLock { servers in
      servers.append(server)
      return servers.count == 1
    }
    if isFirst {
      atexit {
        for server in MySQLTestServer.serversToStop.withLock({ $0 }) { server.stop() }
      }
    }
  }
}

/// A fresh database on the shared test server (`utf8mb4` compared by its bytes, as the driver's
/// session is), with its own connection (logging to `log`, when given), dropped afterwards: each
/// test starts from an empty database.
public func withMySQL(log: StatementLog? = nil, _ body: (MySQLDatabase) throws -> Void) throws {
  try withScratchMySQLDatabase { url in
    let db = try MySQLDatabase(url: url, log: log)
    defer { db.close() }
    try body(db)
  }
}

/// Runs `body` with the address of a fresh database on the shared test server, dropped when
/// `body` returns or throws: for tests that open their own connections or pools.
public func withScratchMySQLDatabase<Result>(_ body: (String) throws -> Result) throws -> Result {
  let scratch = try ScratchMySQLDatabase()
  defer { scratch.drop() }
  return try body(scratch.url)
}

/// Runs `body` with the address of a fresh database on the shared test server, dropped when
/// `body` returns or throws.
public func withScratchMySQLDatabase<Result>(_ body: (String) async throws -> Result) async throws -> Result {
  let scratch = try ScratchMySQLDatabase()
  defer { scratch.drop() }
  return try await body(scratch.url)
}

/// A database of its own on the shared test server, named at random, created with the
/// collation the driver's session uses.
private struct ScratchMySQLDatabase {
  let url: String
  private let name: String
  private let admin: MySQLDatabase

  init() throws {
    let server = try MySQLTestServer.shared.get()
    name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    admin = try MySQLDatabase(url: server.url)
    try admin.execute("CREATE DATABASE `\(name)` CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin")
    url = server.url(database: name)
  }

  func drop() {
    try? admin.execute("DROP DATABASE `\(name)`")
    admin.close()
  }
}
