import TypedSQLCore

/// A bounded pool of MariaDB or MySQL connections for concurrent work.
///
/// ```swift
/// let pool = try MySQLConnectionPool(url: url, maximumConnections: 8)
/// let lists = try await pool.read { db in try RemindersList.all.fetchAll(db) }
/// try await pool.write { db in try RemindersList.insert { RemindersList.Draft(title: "Errands") }.execute(db) }
/// ```
///
/// Connections open on demand, up to `maximumConnections`, and each call gets one to itself: a
/// read called inside a write takes a second connection, which does not see the write's changes
/// until it commits. When all are busy a caller waits, first come first served, at most
/// `acquireTimeout`; then it gets `ConnectionPoolError.timedOut(after:_:)` instead of waiting
/// forever. While the pool has no connection open, a refusal that will not pass (a wrong
/// password, an unknown database) fails the waiting callers at once. Each operation comes
/// blocking and `async`; the `async` forms run their body on the connection's own thread, never
/// on Swift's cooperative thread pool, and a task waiting for a connection holds no thread.
public final class MySQLConnectionPool: DatabaseAccess, Sendable {
  /// How long a caller waits for a connection before giving up.
  public let acquireTimeout: Duration
  private let connections: ConnectionLeases<MySQLDatabase>

  /// A pool of at most `maximumConnections` connections to `url` (read as
  /// ``MySQLDatabase/init(url:log:)`` reads it), each logging its statements to `log` when given.
  /// An address that cannot be read throws here, with SQLSTATE `22023`, rather than at the first
  /// request.
  public init(
    url: String, maximumConnections: Int = 4, acquireTimeout: Duration = .seconds(10), log: StatementLog? = nil
  ) throws {
    _ = try MySQLConnectionOptions(parsing: url)
    self.acquireTimeout = acquireTimeout
    connections = ConnectionLeases(
      maximum: max(1, maximumConnections), acquireTimeout: acquireTimeout,
      open: { try MySQLDatabase(url: url, log: log) },
      isPermanent: { ($0 as? MySQLError)?.isRefusalThatLasts ?? false },
      timeoutError: { ConnectionPoolError.timedOut(after: acquireTimeout, $0) },
      closedError: { ConnectionPoolError.closed })
  }

  /// The most connections open at once.
  public var maximumConnections: Int { connections.maximum }

  /// Closes every idle connection; any later call throws. A connection in use closes when its
  /// body returns.
  public func close() {
    for connection in connections.close() { connection.close() }
  }

  // MARK: Blocking

  /// Runs `body` in a read-only snapshot transaction on a connection of the pool, blocking the
  /// calling thread.
  public func read<Result>(_ body: (MySQLDatabase) throws -> Result) throws -> Result {
    try connections.withLease { try $0.read(body) }
  }

  /// Runs `body` in a transaction on a connection of the pool, blocking the calling thread.
  public func write<Result>(_ body: (MySQLDatabase) throws -> Result) throws -> Result {
    try connections.withLease { try $0.transaction(body) }
  }

  /// Runs `body` with a connection of the pool, outside any transaction, blocking the calling
  /// thread, then returns the connection to the pool.
  public func withConnection<Result>(_ body: (MySQLDatabase) throws -> Result) throws -> Result {
    try connections.withLease { connection in
      try connection.withConnection {
        connection.detectClosedWhileIdle()
        return try body(connection)
      }
    }
  }

  // MARK: Async

  /// Runs `body` in a read-only snapshot transaction on a connection of the pool, on that
  /// connection's own thread.
  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (MySQLDatabase) throws -> Result
  ) async throws -> Result {
    try await connections.withLease { try await $0.read(body) }
  }

  /// Runs `body` in a transaction on a connection of the pool, on that connection's own thread.
  public func write<Result: Sendable>(
    _ body: @escaping @Sendable (MySQLDatabase) throws -> Result
  ) async throws -> Result {
    try await connections.withLease { try await $0.write(body) }
  }

  /// Runs `body` with a connection of the pool, outside any transaction, on that connection's
  /// own thread, then returns the connection to the pool.
  public func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (MySQLDatabase) throws -> Result
  ) async throws -> Result {
    try await connections.withLease { connection in
      try await connection.run { db in
        // A server restart closes every idle connection: reconnect it now, rather than fail
        // the body's first statement. A transaction checks this as it begins.
        db.detectClosedWhileIdle()
        return try body(db)
      }
    }
  }
}
