/// Why a pool (`SQLiteDatabasePool`, `PostgresConnectionPool`) could not provide a connection.
public enum ConnectionPoolError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Every connection stayed busy for the whole timeout.
  case timedOut(after: Duration, maximumConnections: Int)
  /// The pool was closed.
  case closed

  public var description: String {
    switch self {
    case .timedOut(let timeout, let maximum):
      return "no connection became free within \(timeout): all \(maximum) were busy"
        + " (a larger pool, or a body that does not wait on another connection, would help)"
    case .closed:
      return "the connection pool is closed"
    }
  }
}
