import Dispatch

extension PostgresDatabase {
  /// Runs `body` with this connection on a thread outside Swift's cooperative pool, so an
  /// `async` caller (a server handling requests) never blocks one of the pool's few threads
  /// while libpq waits on the network.
  ///
  /// ```swift
  /// let open = try await pg.run { db in try Reminder.where { !$0.isCompleted }.fetchAll(db) }
  /// ```
  public func run<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Swift.Result { try body(self) })
      }
    }
  }
}
