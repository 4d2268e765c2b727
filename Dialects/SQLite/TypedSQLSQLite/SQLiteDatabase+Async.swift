import TypedSQLCore

extension SQLiteDatabase: DatabaseAccess {
  /// Runs `body` in a read-only transaction (as the blocking `read(_:)` does) on
  /// this connection's own thread, never on Swift's cooperative thread pool. Calls from many
  /// tasks run one after another, in order, and hold no thread while they wait.
  ///
  /// Cancelling the calling task stops the work, in each of these calls: work still waiting
  /// never starts; the statement running stops within a thousand steps of SQLite's virtual
  /// machine; each later statement throws before it starts; a transaction rolls back, never
  /// committing. The call then throws `CancellationError`; only work that was done when the
  /// cancellation reached it (its transaction committed) returns its result.
  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (SQLiteDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.read(body) }
  }

  /// Runs `body` in a transaction (see ``transaction(_:)``) on this connection's own thread,
  /// never on Swift's cooperative thread pool.
  public func write<Result: Sendable>(
    _ body: @escaping @Sendable (SQLiteDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.transaction(body) }
  }

  /// Runs `body` holding this connection, outside any transaction, on this connection's own
  /// thread: for work that cannot run in a transaction, such as `VACUUM` or a
  /// `DatabaseMigrator`, which runs a transaction per migration.
  ///
  /// ```swift
  /// let applied = try await db.run { db in try migrator.migrate(db) }
  /// ```
  public func run<Result: Sendable>(
    _ body: @escaping @Sendable (SQLiteDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.withConnection { try body(self) } }
  }
}
