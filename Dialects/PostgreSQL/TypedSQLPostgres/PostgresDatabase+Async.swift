import TypedSQLCore

extension PostgresDatabase: DatabaseAccess {
  /// Runs `body` in a read-only snapshot transaction (as the blocking `read(_:)` does) on this
  /// connection's own thread, never on Swift's cooperative thread pool, which libpq's waits on
  /// the network would stall. Calls from many tasks run one after another, in order, and hold
  /// no thread while they wait.
  ///
  /// Cancelling the calling task stops the work, in each of these calls: work still waiting
  /// never starts; the server is asked to cancel the statement running (SQLSTATE 57014); each
  /// later statement throws before it is sent; a transaction rolls back, never
  /// committing. The call then throws `CancellationError`; only work that was done when the
  /// cancellation reached it (its transaction committed) returns its result.
  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.read(body) }
  }

  /// Runs `body` in a transaction (see ``transaction(_:)``) on this connection's own thread.
  public func write<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.transaction(body) }
  }

  /// Runs `body` holding this connection, outside any transaction, on this connection's own
  /// thread: for work that cannot run in a transaction (`CREATE INDEX CONCURRENTLY`, a
  /// `DatabaseMigrator`).
  ///
  /// ```swift
  /// let open = try await pg.run { db in try Reminder.where { !$0.isCompleted }.fetchAll(db) }
  /// ```
  public func run<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.withConnection { try body(self) } }
  }
}
