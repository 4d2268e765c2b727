import CSQLite
import TypedSQLCore

/// A SQLite file database for concurrent programs: one connection that writes and several that
/// read, side by side, in WAL mode.
///
/// ```swift
/// let pool = try SQLiteDatabasePool(path: "app.db", maximumReaders: 4)
/// try pool.write { db in try Reminder.insert { $0.title = "Buy milk" }.execute(db) }
/// let open = try await pool.read { db in try Reminder.where { !$0.isCompleted }.fetchAll(db) }
/// ```
///
/// Writes run one at a time on the writer, each in a transaction. Reads run on up to
/// `maximumReaders` read-only connections, opened as needed, each in a read-only transaction: a
/// read sees the database as the last commit before it began left it, never part of a write,
/// and neither waits for the other, as WAL mode allows. A read that finds every reader busy
/// waits for one, at most `acquireTimeout`, then throws `ConnectionPoolError.timedOut`.
///
/// Each operation comes blocking and `async`. The `async` forms run their body on a thread of
/// the connection's own, never on Swift's cooperative thread pool, and a task waiting for a
/// reader holds no thread. A read called inside a read or a write on the same thread runs on the
/// connection that thread holds already, inside its transaction: a read inside a write sees the
/// write's changes, and a read inside a read never waits for a second reader. A write always
/// runs on the writer.
public final class SQLiteDatabasePool: LiveQueryDatabase, @unchecked Sendable {
  /// The path of the database file.
  public let path: String
  /// The connection every write runs on.
  private let writer: SQLiteDatabase
  private let readers: ConnectionLeases<SQLiteDatabase>
  /// How many live-query fetches run at once.
  private let liveQueryFetches: LiveQueryFetchLimit

  /// Opens (creating if needed) a database file in WAL mode, with reading connections beside
  /// the writer.
  ///
  /// - Parameters:
  ///   - path: The database file; an in-memory database has no file to share and is refused.
  ///   - maximumReaders: The most reading connections open at once.
  ///   - busyTimeout: How long a connection waits for a lock another process holds.
  ///   - acquireTimeout: How long a read waits for a free reader.
  ///   - log: Where each connection logs its statements (see `StatementLog`).
  ///   - prepareConnection: Runs on every connection as it opens, the writer first: to add
  ///     ``SQLiteFunction``s, or set a pragma.
  public init(
    path: String, maximumReaders: Int = 4, busyTimeout: Duration = .seconds(5),
    acquireTimeout: Duration = .seconds(30), log: StatementLog? = nil,
    prepareConnection: (@Sendable (SQLiteDatabase) throws -> Void)? = nil
  ) throws {
    let writer = try SQLiteDatabase(path: path, busyTimeout: busyTimeout, log: log)
    let mode = try writer.fetchOne(RenderedSQL(sql: "PRAGMA journal_mode"), as: String.self) ?? ""
    guard mode.lowercased() == "wal" else {
      throw SQLiteError(
        code: SQLITE_MISUSE,
        message: "a pool needs a database file in WAL mode; \(path) is in \(mode) mode"
          + " (an in-memory database has no file to share: use SQLiteDatabase instead)")
    }
    try prepareConnection?(writer)
    self.path = path
    self.writer = writer
    self.liveQueryFetches = LiveQueryFetchLimit(connections: maximumReaders)
    self.readers = ConnectionLeases(
      maximum: maximumReaders, acquireTimeout: acquireTimeout,
      open: {
        let reader = try SQLiteDatabase(readerOf: path, busyTimeout: busyTimeout, log: log)
        try prepareConnection?(reader)
        return reader
      },
      timeoutError: { ConnectionPoolError.timedOut(after: acquireTimeout, $0) },
      closedError: { ConnectionPoolError.closed })
  }

  /// The most reading connections open at once.
  public var maximumReaders: Int { readers.maximum }

  /// Closes the writer and every reader; any later call throws. A reader in use closes when its
  /// body returns.
  public func close() {
    for reader in readers.close() { reader.close() }
    writer.close()
  }

  // MARK: Blocking

  /// Runs `body` on a reader in a read-only transaction, blocking the calling thread until it
  /// is done (or until a reader is free, when all are busy).
  public func read<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
    if let held = connectionHeldByCurrentThread() { return try held.read(body) }
    return try readers.withLease { try $0.read(body) }
  }

  /// Runs `body` on the writer in a transaction, blocking the calling thread until it is done
  /// (or until earlier writes are).
  public func write<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
    try writer.transaction(body)
  }

  /// Runs `body` on the writer outside any transaction, blocking the calling thread: for work
  /// that cannot run in one, such as `VACUUM` or a `DatabaseMigrator`.
  public func writeWithoutTransaction<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
    try writer.withConnection { try body(writer) }
  }

  // MARK: Async

  /// Runs `body` on a reader in a read-only transaction, on the reader's own thread; the task
  /// waits, holding no thread, while every reader is busy.
  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (SQLiteDatabase) throws -> Result
  ) async throws -> Result {
    try await readers.withLease { try await $0.read(body) }
  }

  /// Runs `body` on the writer in a transaction, on the writer's own thread; writes from many
  /// tasks run one after another, in order.
  public func write<Result: Sendable>(
    _ body: @escaping @Sendable (SQLiteDatabase) throws -> Result
  ) async throws -> Result {
    try await writer.write(body)
  }

  /// Runs `body` on the writer outside any transaction, on the writer's own thread.
  public func writeWithoutTransaction<Result: Sendable>(
    _ body: @escaping @Sendable (SQLiteDatabase) throws -> Result
  ) async throws -> Result {
    try await writer.run(body)
  }

  // MARK: Live queries

  /// The results of `fetch` now, and again after each commit that may change them, each fetch
  /// on a reader, so the writer never waits for one, and on at most all but one of the readers
  /// at once, so other reads never wait behind live queries re-running.
  ///
  /// The writer's commits are heard through SQLite's hooks and announced as soon as they are
  /// done; a fetch is re-run only when a table it read changed. Commits by another connection or
  /// process on the same file are heard by polling `PRAGMA data_version` on the writer every
  /// `SQLiteDatabase.commitPollingInterval` (they re-run every live query). See `LiveQuery`.
  public func observe<Value: Sendable>(
    _ fetch: @escaping @Sendable (SQLiteDatabase) throws -> Value,
    skippingDuplicatesBy isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) -> LiveQuery<Value> {
    writer.liveQuery(isDuplicate: isDuplicate) { [readers, liveQueryFetches] in
      try await liveQueryFetches.run { try await readers.withLease { try await $0.readRecordingTables(fetch) } }
    }
  }

  /// Whether the writer announces its commits to live queries (its hooks are installed).
  var isAnnouncingCommits: Bool { writer.isAnnouncingCommits }

  /// The connection of this pool the calling thread holds already, if any: the writer inside a
  /// write, or a reader inside a read.
  private func connectionHeldByCurrentThread() -> SQLiteDatabase? {
    if writer.isHeldByCurrentThread { return writer }
    return readers.connectionHeld { $0.isHeldByCurrentThread }
  }
}
