import CLibPQ
import Foundation
import TypedSQLCore

/// One attempt to open a libpq connection, which never waits past its limit and ends promptly
/// when its task is cancelled.
///
/// libpq connects with `PQconnectdbParams`, so that multi-host addresses keep libpq's own order
/// and fallback, with `connect_timeout` set to ``defaultSecondsPerHost`` unless the address or
/// `PGCONNECT_TIMEOUT` sets it. That limit does not cover looking the host's name up (libpq 15
/// waits for the resolver however long it takes), so the attempt runs on a thread of its own
/// and the caller waits for it at most the limit for each host, plus a second; past that, or
/// once the caller's task is cancelled, the caller stops waiting and the thread closes the
/// connection when libpq returns.
struct PostgresConnectionAttempt {
  /// The seconds libpq waits for each host when neither the address nor the environment says.
  static let defaultSecondsPerHost = 10

  let address: String
  /// The seconds the caller waits for each host; nil waits for as long as libpq does.
  let secondsPerHost: Int?
  /// The hosts the address lists, at least one.
  private let hostCount: Int
  /// Whether the attempt passes `connect_timeout` itself, the address and environment leaving it
  /// unset.
  private let setsTimeout: Bool
  /// The password file libpq would read, when others may read it too: libpq ignores such a file
  /// and says so on standard error, where an app's logs may never look. The attempt says so to
  /// the connection's notice handler instead, and points libpq at no file, which it ignores in
  /// silence, to the same effect.
  private let insecurePasswordFile: String?

  /// An attempt to connect to `address`, whose options are `options`.
  init(address: String, options: PostgresConnectionOptions) {
    self.address = address
    insecurePasswordFile = Self.insecurePasswordFile(for: options)
    let given = options["connect_timeout"] ?? ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"]
    setsTimeout = given == nil
    let seconds = given.map { Int($0.trimmingCharacters(in: .whitespaces)) ?? 0 } ?? Self.defaultSecondsPerHost
    // libpq: zero or less waits for ever; less than two seconds is two.
    secondsPerHost = seconds <= 0 ? nil : max(2, seconds)
    hostCount = max(1, (options["host"] ?? options["hostaddr"] ?? "").split(separator: ",", omittingEmptySubsequences: false).count)
  }

  /// The open connection; throws the failure's ``PostgresError`` (`08001` when no host answered
  /// in time), or `CancellationError` when the caller's task was cancelled first.
  func open(notice: ((String) -> Void)?) throws -> OpaquePointer {
    let result = Outcome()
    var keywords = setsTimeout ? ["connect_timeout", "dbname"] : ["dbname"]
    var values = setsTimeout ? [String(Self.defaultSecondsPerHost), address] : [address]
    if let insecurePasswordFile {
      notice?(
        "WARNING: password file \"\(insecurePasswordFile)\" has group or world access and is ignored;"
          + " permissions should be u=rw (0600) or less")
      keywords.append("passfile")
      values.append("/nonexistent/typedsql-ignored-pgpass")
    }
    let thread = Thread { [keywords, values] in
      let handle = Self.connect(keywords: keywords, values: values)
      if !result.deliver(handle) { PQfinish(handle) }
    }
    thread.stackSize = 1 << 20
    thread.start()
    let deadline = secondsPerHost.map { Date(timeIntervalSinceNow: Double($0 * hostCount) + 1) }
    while true {
      if let delivered = result.wait(until: Date(timeIntervalSinceNow: 0.02)) {
        guard let handle = delivered, PQstatus(handle) == CONNECTION_OK else {
          let error = PostgresError.connectionFailure(delivered, secrets: PostgresAddressSecrets(of: address))
          PQfinish(delivered)
          throw error
        }
        return handle
      }
      if OpeningCancellation.isRequested, result.abandon() {
        throw CancellationError()
      }
      if let deadline, Date() >= deadline, result.abandon() {
        throw PostgresError(
          sqlState: "08001",  // sqlclient_unable_to_establish_sqlconnection
          message: "no PostgreSQL server answered within \(secondsPerHost ?? 0) seconds"
            + (hostCount > 1 ? " for each of the \(hostCount) hosts" : "")
            + " (connect_timeout; the name lookup included)")
      }
    }
  }

  /// The password file libpq would read for `options` (its `passfile`, `PGPASSFILE` or
  /// `~/.pgpass`, when no password is given otherwise), if it is a file others may read.
  private static func insecurePasswordFile(for options: PostgresConnectionOptions) -> String? {
    let environment = ProcessInfo.processInfo.environment
    guard options["password"] == nil, environment["PGPASSWORD"] == nil else { return nil }
    guard
      let path = options["passfile"] ?? environment["PGPASSFILE"]
        ?? environment["HOME"].map({ $0 + "/.pgpass" })
    else { return nil }
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0 else { return nil }
    return path
  }

  /// `PQconnectdbParams` of the keywords and values, the first `dbname` expanded as an address.
  private static func connect(keywords: [String], values: [String]) -> OpaquePointer? {
    let cKeywords = keywords.map { strdup($0) }
    let cValues = values.map { strdup($0) }
    defer {
      cKeywords.forEach { free($0) }
      cValues.forEach { free($0) }
    }
    let keywordList = cKeywords.map { UnsafePointer($0) } + [nil]
    let valueList = cValues.map { UnsafePointer($0) } + [nil]
    return PQconnectdbParams(keywordList, valueList, 1)
  }

  /// What the connecting thread hands over, once: the handle, or word that nobody waits for it.
  private final class Outcome: @unchecked Sendable {
    private let condition = NSCondition()
    private var handle: OpaquePointer??
    private var isAbandoned = false

    /// Hands `handle` to the waiting caller; false when the caller stopped waiting, and the
    /// handle is the connecting thread's to close.
    func deliver(_ handle: OpaquePointer?) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      guard !isAbandoned else { return false }
      self.handle = .some(handle)
      condition.broadcast()
      return true
    }

    /// The handle once delivered, waiting until `deadline` at most.
    func wait(until deadline: Date) -> OpaquePointer?? {
      condition.lock()
      defer { condition.unlock() }
      if handle == nil { _ = condition.wait(until: deadline) }
      return handle
    }

    /// Stops waiting; false when the handle was delivered meanwhile, for the caller to take.
    func abandon() -> Bool {
      condition.lock()
      defer { condition.unlock() }
      guard handle == nil else { return false }
      isAbandoned = true
      return true
    }
  }
}
