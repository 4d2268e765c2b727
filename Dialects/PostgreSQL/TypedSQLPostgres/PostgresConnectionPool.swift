import Dispatch

/// A bounded pool of PostgreSQL connections for concurrent `async` work.
///
/// ```swift
/// let pool = PostgresConnectionPool(url: url, maximumConnections: 8)
/// let lists = try await pool.withConnection { db in try RemindersList.all.fetchAll(db) }
/// ```
///
/// Connections open on demand, up to `maximumConnections`. When all are busy a caller waits, at
/// most `acquireTimeout`; then it gets ``PostgresPoolError/timedOut(after:maximumConnections:)``
/// instead of waiting forever, so a pool too small for its load, or a body that holds a
/// connection while waiting for another, shows up as an error rather than a deadlock.
public actor PostgresConnectionPool {
  /// The server every connection goes to.
  public let url: String
  /// The most connections open at once.
  public let maximumConnections: Int
  /// How long a caller waits for a connection before giving up.
  public let acquireTimeout: Duration

  private var idle: [PostgresDatabase] = []
  private var openCount = 0
  private var waiters: [(id: Int, continuation: CheckedContinuation<PostgresDatabase, Error>)] = []
  private var nextWaiterID = 0

  /// A pool of at most `maximumConnections` connections to `url`.
  public init(url: String, maximumConnections: Int = 4, acquireTimeout: Duration = .seconds(10)) {
    self.url = url
    self.maximumConnections = max(1, maximumConnections)
    self.acquireTimeout = acquireTimeout
  }

  /// Runs `body` with a connection of the pool (off the cooperative thread pool), then returns
  /// the connection to the pool.
  public func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    let connection = try await acquire()
    do {
      let result = try await connection.run(body)
      release(connection)
      return result
    } catch {
      release(connection)
      throw error
    }
  }

  private func acquire() async throws -> PostgresDatabase {
    if let connection = idle.popLast() {
      // A server restart closes every idle connection: reconnect it now, not on a user's call.
      connection.detectClosedWhileIdle()
      return connection
    }
    if openCount < maximumConnections {
      openCount += 1
      do {
        let url = self.url
        return try await withCheckedThrowingContinuation { continuation in
          DispatchQueue.global().async {
            continuation.resume(with: Swift.Result { try PostgresDatabase(url: url) })
          }
        }
      } catch {
        openCount -= 1
        throw error
      }
    }
    nextWaiterID += 1
    let id = nextWaiterID
    let timeout = acquireTimeout
    return try await withCheckedThrowingContinuation { continuation in
      waiters.append((id, continuation))
      Task { [weak self] in
        try? await Task.sleep(for: timeout)
        await self?.expire(waiter: id)
      }
    }
  }

  private func release(_ connection: PostgresDatabase) {
    if waiters.isEmpty {
      idle.append(connection)
    } else {
      waiters.removeFirst().continuation.resume(returning: connection)
    }
  }

  private func expire(waiter id: Int) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    waiters.remove(at: index).continuation.resume(
      throwing: PostgresPoolError.timedOut(after: acquireTimeout, maximumConnections: maximumConnections))
  }
}

/// Why a ``PostgresConnectionPool`` could not provide a connection.
public enum PostgresPoolError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Every connection stayed busy for the whole timeout.
  case timedOut(after: Duration, maximumConnections: Int)

  public var description: String {
    switch self {
    case .timedOut(let timeout, let maximum):
      return "no PostgreSQL connection became free within \(timeout): all \(maximum) were busy"
        + " (a larger pool, or a body that does not wait on another connection, would help)"
    }
  }
}
