/// Why a pool (`SQLiteDatabasePool`, `PostgresConnectionPool`) could not provide a connection.
public enum ConnectionPoolError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Every connection stayed busy for the whole timeout.
  case timedOut(after: Duration, maximumConnections: Int)
  /// No connection became free in time while `connecting` of them were still being opened (the
  /// server had not answered them) and `busy` were in use; `lastError` says why the last attempt
  /// to open one failed, if it did.
  case timedOutConnecting(after: Duration, connecting: Int, busy: Int, lastError: String?)
  /// The pool was closed.
  case closed

  /// Why a caller of a pool gave up waiting, from what the pool's connections were doing then.
  package static func timedOut(after timeout: Duration, _ state: ConnectionLeases<some AnyObject & Sendable>.State) -> Self {
    guard state.opening > 0 || state.lastOpenError != nil else {
      return .timedOut(after: timeout, maximumConnections: state.maximum)
    }
    return .timedOutConnecting(after: timeout, connecting: state.opening, busy: state.busy, lastError: state.lastOpenError)
  }

  public var description: String {
    switch self {
    case .timedOut(let timeout, let maximum):
      return "no connection became free within \(timeout): all \(maximum) were busy"
        + " (a larger pool, or a body that does not wait on another connection, would help)"
    case .timedOutConnecting(let timeout, let connecting, let busy, let lastError):
      var text = "no connection within \(timeout): \(connecting) still connecting, the server not answering yet,"
        + " and \(busy) busy (a larger pool would not help)"
      if let lastError { text += "; the last attempt to connect failed: \(lastError)" }
      return text
    case .closed:
      return "the connection pool is closed"
    }
  }
}
