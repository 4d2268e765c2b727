import TypedSQLCore

/// A bounded pool of PostgreSQL connections for concurrent work.
///
/// ```swift
/// let pool = try PostgresConnectionPool(url: url, maximumConnections: 8)
/// let lists = try await pool.read { db in try RemindersList.all.fetchAll(db) }
/// try await pool.write { db in try RemindersList.insert { $0.title = "Errands" }.execute(db) }
/// ```
///
/// Connections open on demand, up to `maximumConnections`, and each call gets one to itself: a
/// read called inside a write takes a second connection, which does not see the write's changes
/// until it commits.
/// When all are busy a caller waits, first come first served, at most `acquireTimeout`; then it
/// gets `ConnectionPoolError.timedOut(after:maximumConnections:)` instead of waiting forever,
/// so a pool too small for its load, or a body that holds a connection while waiting for
/// another, shows up as an error rather than a deadlock. Each operation comes blocking and
/// `async`; the `async` forms run their body on the connection's own thread, never on Swift's
/// cooperative thread pool, and a task waiting for a connection holds no thread.
public final class PostgresConnectionPool: LiveQueryDatabase, Sendable {
  /// The address every connection goes to, with its password masked (`***`): the pool never
  /// hands the password out.
  public let url: String
  /// How long a caller waits for a connection before giving up.
  public let acquireTimeout: Duration
  private let connections: ConnectionLeases<PostgresDatabase>
  /// The connection that hears commits for live queries, while any listens.
  private let changeListener: PostgresChangeListener
  /// How many live-query fetches run at once.
  private let liveQueryFetches: LiveQueryFetchLimit

  /// A pool of at most `maximumConnections` connections to `url`, each logging its statements
  /// to `log` when given and preparing them as `preparation` says (`.unnamed` behind a pooler
  /// in transaction mode). When one connection finds a named statement missing, all of them
  /// prepare unnamed from then on.
  ///
  /// An address libpq cannot read throws here, with SQLSTATE `22023` and its password masked,
  /// rather than at the first request.
  public convenience init(
    url: String, maximumConnections: Int = 4, acquireTimeout: Duration = .seconds(10),
    log: StatementLog? = nil, preparation: PostgresStatementPreparation = .named
  ) throws {
    _ = try PostgresConnectionOptions(parsing: url)
    self.init(
      url: url, connectingTo: { url }, maximumConnections: maximumConnections, acquireTimeout: acquireTimeout,
      log: log, preparation: preparation)
  }

  /// A pool for `url` whose every new connection goes to the address `nextAddress` gives, such as
  /// `url` with its hosts in another order.
  init(
    url: String, connectingTo nextAddress: @escaping @Sendable () -> String, maximumConnections: Int,
    acquireTimeout: Duration, log: StatementLog?, preparation: PostgresStatementPreparation
  ) {
    self.url = PostgresAddressSecrets(of: url).redacting(url)
    self.acquireTimeout = acquireTimeout
    let maximum = max(1, maximumConnections)
    let preparation = StatementPreparationMode(preparation, log: log)
    self.changeListener = PostgresChangeListener(address: nextAddress)
    self.liveQueryFetches = LiveQueryFetchLimit(connections: maximum)
    self.connections = ConnectionLeases(
      maximum: maximum, acquireTimeout: acquireTimeout,
      open: { try PostgresDatabase(url: nextAddress(), log: log, preparation: preparation) },
      isPermanent: { ($0 as? PostgresError)?.isRefusalThatLasts ?? false },
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
  public func read<Result>(_ body: (PostgresDatabase) throws -> Result) throws -> Result {
    try connections.withLease { try $0.read(body) }
  }

  /// Runs `body` in a transaction on a connection of the pool, blocking the calling thread.
  public func write<Result>(_ body: (PostgresDatabase) throws -> Result) throws -> Result {
    try connections.withLease { try $0.transaction(body) }
  }

  /// Runs `body` with a connection of the pool, outside any transaction, blocking the calling
  /// thread, then returns the connection to the pool.
  public func withConnection<Result>(_ body: (PostgresDatabase) throws -> Result) throws -> Result {
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
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    try await connections.withLease { try await $0.read(body) }
  }

  /// Runs `body` in a transaction on a connection of the pool, on that connection's own thread.
  public func write<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    try await connections.withLease { try await $0.write(body) }
  }

  /// Runs `body` with a connection of the pool, outside any transaction, on that connection's
  /// own thread, then returns the connection to the pool.
  public func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
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

  // MARK: Live queries

  /// The results of `fetch` now, and again after each commit that may change them, each fetch
  /// on a connection of the pool, at most all but one of them at once (so that writes and other
  /// reads never wait behind live queries re-running). Commits are heard as `PostgresDatabase`'s
  /// live queries hear them, on one listening connection for the whole pool, besides its
  /// `maximumConnections`.
  public func observe<Value: Sendable>(
    _ fetch: @escaping @Sendable (PostgresDatabase) throws -> Value,
    skippingDuplicatesBy isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) -> LiveQuery<Value> {
    changeListener.liveQuery(isDuplicate: isDuplicate) { [self] in
      try await liveQueryFetches.run { try await read { db in try db.fetchRecordingTables(fetch) } }
    }
  }

  /// Whether the pool's listening connection is open for live queries.
  var isListeningForChanges: Bool { changeListener.isRunning }
}
