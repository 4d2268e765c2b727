import TypedSQLCore

extension MySQLDatabase: DatabaseAccess {
  /// Runs `body` in a read-only snapshot transaction (as the blocking `read(_:)` does) on this
  /// connection's own thread, never on Swift's cooperative thread pool, which the client
  /// library's waits on the network would stall. Calls from many tasks run one after another.
  ///
  /// Cancelling the calling task stops the work: work still waiting never starts, the statement
  /// running is stopped with `KILL QUERY` from a second connection (it fails with error 1317),
  /// each later statement throws before it is sent, and a transaction rolls back.
  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (MySQLDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.read(body) }
  }

  /// Runs `body` in a transaction (see ``transaction(_:)``) on this connection's own thread.
  public func write<Result: Sendable>(
    _ body: @escaping @Sendable (MySQLDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.transaction(body) }
  }

  /// Runs `body` holding this connection, outside any transaction, on this connection's own
  /// thread.
  ///
  /// ```swift
  /// let open = try await db.run { db in try Reminder.where { !$0.isCompleted }.fetchAll(db) }
  /// ```
  public func run<Result: Sendable>(
    _ body: @escaping @Sendable (MySQLDatabase) throws -> Result
  ) async throws -> Result {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.withConnection { try body(self) } }
  }
}
