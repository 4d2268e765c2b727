import Foundation
import Synchronization
import TypedSQL
import TypedSQLPostgres

/// A PostgreSQL server for the integration tests: the one `POSTGRES_URL` names, or else a
/// throwaway cluster this process creates (initdb in a temporary folder, as the `postgres` user
/// when run as root, listening only on a unix socket and a free port) and removes when it exits.
public final class PostgresTestServer: @unchecked Sendable {
  /// Where the tests find their server, or why there is none.
  public enum Availability: Sendable {
    case url(String)
    case serverBinaries(URL)
    case unavailable(String)
  }

  /// The conninfo string of the running server.
  public let url: String
  /// The server's socket folder and port, when this process created it.
  public let socket: (folder: String, port: Int)?
  private let dataDirectory: URL?
  private let binaries: URL?
  private let folder: URL?
  /// The options the server runs with: its socket folder and port, and no TCP.
  private let serverOptions: String

  /// What this machine offers, decided once.
  public static let availability: Availability = {
    if let url = ProcessInfo.processInfo.environment["POSTGRES_URL"], !url.isEmpty { return .url(url) }
    if let binaries = findServerBinaries() { return .serverBinaries(binaries) }
    return .unavailable("no POSTGRES_URL and no PostgreSQL server binaries (initdb, pg_ctl) found")
  }()

  /// Whether the PostgreSQL suites run. In CI (`CI=true`) they always do, so a missing server
  /// fails the run instead of skipping it.
  public static var suitesRun: Bool {
    if case .unavailable(let reason) = availability {
      guard ProcessInfo.processInfo.environment["CI"] == "true" else {
        print("◇ PostgreSQL suites skipped: \(reason). Set POSTGRES_URL or install postgresql.")
        return false
      }
    }
    return true
  }

  /// The server shared by the whole test run, started on first use.
  public static let shared: Result<PostgresTestServer, Error> = Result {
    switch availability {
    case .url(let url): return PostgresTestServer(url: url)
    case .serverBinaries(let binaries): return try PostgresTestServer(startingWith: binaries)
    case .unavailable(let reason): throw ServerError(message: reason)
    }
  }

  public struct ServerError: Error, CustomStringConvertible {
    public var message: String

    /// An error saying `message`.
    public init(message: String) {
      self.message = message
    }

    public var description: String { message }
  }

  private init(url: String) {
    self.url = url
    self.socket = nil
    self.dataDirectory = nil
    self.binaries = nil
    self.folder = nil
    self.serverOptions = ""
  }

  /// Creates and starts a throwaway cluster, with `settings` (`["max_connections": "3"]`) on
  /// top of the usual ones; it is stopped and deleted when the process exits (or by ``stop()``).
  public convenience init(startingWith binaries: URL, settings: [String: String] = [:]) throws {
    try self.init(binaries: binaries, settings: settings) { data in
      try Self.run(
        binaries.appendingPathComponent("initdb"),
        ["-D", data.path, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"])
    }
  }

  /// Creates and starts a streaming standby of `primary` (a cluster this process created),
  /// copied with `pg_basebackup -R`; stopped and deleted when the process exits.
  public convenience init(standbyOf primary: PostgresTestServer) throws {
    guard let binaries = primary.binaries, let primarySocket = primary.socket else {
      throw ServerError(message: "a standby needs a primary this process created")
    }
    try self.init(binaries: binaries) { data in
      try Self.run(
        binaries.appendingPathComponent("pg_basebackup"),
        ["-D", data.path, "-R", "-X", "stream", "-h", primarySocket.folder, "-p", String(primarySocket.port), "-U", "postgres"])
    }
  }

  /// Creates a cluster in a fresh folder on a free port, its data directory filled by
  /// `createData`, and starts it; it is stopped and deleted when the process exits.
  private init(binaries: URL, settings: [String: String] = [:], createData: (_ dataDirectory: URL) throws -> Void) throws {
    let (folder, port) = try Self.makeFolderAndPort()
    let data = folder.appendingPathComponent("data")
    self.binaries = binaries
    self.dataDirectory = data
    self.folder = folder
    self.socket = (folder.path, port)
    self.url = "host=\(folder.path) port=\(port) user=postgres dbname=postgres"
    self.serverOptions = "-k \(folder.path) -p \(port) -c listen_addresses='' -c fsync=off -c max_connections=100"
      + settings.sorted { $0.key < $1.key }.map { " -c \($0.key)=\($0.value)" }.joined()
    try createData(data)
    try start()
    Self.stopAtExit(self)
  }

  /// Promotes this standby to a primary and waits until it accepts writes.
  public func promote() throws {
    guard let binaries, let dataDirectory else { return }
    try Self.run(binaries.appendingPathComponent("pg_ctl"), ["-D", dataDirectory.path, "-w", "promote"])
  }

  /// A fresh folder any user may write (the server runs as `postgres`) and a free port.
  private static func makeFolderAndPort() throws -> (URL, Int) {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("typedsql-pg-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
    return (folder, try freePort())
  }

  /// Stops the server and deletes its files, if this process started it.
  public func stop() {
    guard let folder else { return }
    try? halt()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Starts (or restarts) the server, if this process created it, and waits until it accepts
  /// connections.
  public func start() throws {
    guard let binaries, let dataDirectory, let folder else { return }
    try Self.run(
      binaries.appendingPathComponent("pg_ctl"),
      [
        "-D", dataDirectory.path, "-l", folder.appendingPathComponent("server.log").path, "-w",
        "-o", serverOptions, "start",
      ])
  }

  /// What the server wrote to its log so far (empty for a server this process did not create).
  public func logText() -> String {
    guard let folder else { return "" }
    return (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
  }

  /// Makes `role` sign in with its password (SCRAM-SHA-256) on this cluster's socket, which
  /// otherwise trusts every local connection.
  public func requirePassword(forRole role: String) throws {
    try prependAccessRules(["local all \(role) scram-sha-256"])
  }

  /// Puts `rules` (`pg_hba.conf` lines) ahead of this cluster's others, in order, and reloads
  /// them; they apply within moments.
  public func prependAccessRules(_ rules: [String]) throws {
    guard let binaries, let dataDirectory else {
      throw ServerError(message: "only a cluster this process created can change who may connect")
    }
    let file = dataDirectory.appendingPathComponent("pg_hba.conf")
    let existing = try String(contentsOf: file, encoding: .utf8)
    try (rules.map { $0 + "\n" }.joined() + existing).write(to: file, atomically: false, encoding: .utf8)
    try Self.run(binaries.appendingPathComponent("pg_ctl"), ["-D", dataDirectory.path, "-w", "reload"])
  }

  /// Stops the server without deleting it, as a crash or restart would.
  public func halt() throws {
    guard let binaries, let dataDirectory else { return }
    try Self.run(binaries.appendingPathComponent("pg_ctl"), ["-D", dataDirectory.path, "-m", "immediate", "-w", "stop"])
  }

  // MARK: Helpers

  private static let serversToStop = Mutex<[PostgresTestServer]>([])

  private static func stopAtExit(_ server: PostgresTestServer) {
    let isFirst = serversToStop.withLock { servers in
      servers.append(server)
      return servers.count == 1
    }
    if isFirst {
      atexit {
        for server in PostgresTestServer.serversToStop.withLock({ $0 }) { server.stop() }
      }
    }
  }

  public static func findServerBinaries() -> URL? {
    var candidates: [String] = []
    if let bindir = try? output(of: "pg_config", ["--bindir"]) { candidates.append(bindir) }
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    candidates += versions.sorted().reversed().map { "/usr/lib/postgresql/\($0)/bin" }
    return candidates.map(URL.init(fileURLWithPath:)).first { folder in
      ["initdb", "pg_ctl", "postgres"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent($0).path)
      }
    }
  }

  /// Runs a server program, as the `postgres` user when this process is root (the server
  /// refuses to run as root), and waits for it; its output is in the error when it fails.
  public static func run(_ program: URL, _ arguments: [String]) throws {
    let command = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", program.path] : [program.path]
    do {
      try ChildProcess.run(command, arguments)
    } catch let error as ChildProcessError {
      throw ServerError(message: error.message)
    }
  }

  /// What `command` (found on the `PATH`) writes, trimmed. It runs as a `ChildProcess`, whose
  /// output goes to a file: read from a `Process` pipe, it never ended when a server another
  /// test started meanwhile inherited the pipe, and the whole test run hung.
  private static func output(of command: String, _ arguments: [String]) throws -> String {
    try ChildProcess.run(["/usr/bin/env", command], arguments).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A TCP port nothing listens on now: the server's socket file is named after it.
  public static func freePort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound else { throw ServerError(message: "no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// A fresh schema on the shared test server, with its own connection (logging to `log`, when
/// given), dropped afterwards: each test starts from an empty database.
public func withPostgres(log: StatementLog? = nil, _ body: (PostgresDatabase) throws -> Void) throws {
  let server = try PostgresTestServer.shared.get()
  let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  let db = try PostgresDatabase(url: server.url, log: log)
  try db.execute("CREATE SCHEMA \"\(schema)\"; SET search_path TO \"\(schema)\"")
  defer { try? db.execute("DROP SCHEMA \"\(schema)\" CASCADE") }
  try body(db)
}

/// `address` (a `postgres://` URL or a conninfo string) with a libpq `options` setting that sets
/// the server setting `name` to `value` for every session opened with it.
public func postgresAddress(_ address: String, settingOption name: String, to value: String) -> String {
  if address.hasPrefix("postgres://") || address.hasPrefix("postgresql://") {
    return address + (address.contains("?") ? "&" : "?") + "options=-c\(name)%3D\(value)"
  }
  return address + " options='-c\(name)=\(value)'"
}
