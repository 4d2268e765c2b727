import CLibPQ
import TypedSQLCore

/// One libpq connection and its prepared statements. Not thread-safe: ``PostgresDatabase``
/// serializes every call.
///
/// After connecting (and reconnecting) it sets `TimeZone` to UTC. A lost connection is reported
/// once as a ``PostgresError`` with a class-08 SQLSTATE; the next call reconnects, unless a
/// transaction was open: then every call throws until the transaction ends.
final class PostgresConnection {
  private let url: String
  private var handle: OpaquePointer?
  /// Prepared statement names by SQL text.
  private var prepared: [String: String] = [:]
  /// The most statements kept prepared; past it the cache starts over.
  private static let preparedCapacity = 256
  /// Numbers the prepared statements of this connection.
  private var preparedCount = 0
  private var isBroken = false
  /// Whether a transaction is open on this connection (set by ``PostgresDatabase``). A
  /// connection lost while one is open is not re-established until it ends: the server rolled
  /// the transaction back, so a statement on a new connection would commit on its own.
  var isInTransaction = false

  init(url: String) throws {
    self.url = url
    self.handle = PQconnectdb(url)
    guard PQstatus(handle) == CONNECTION_OK else {
      let error = PostgresError.connectionError(handle, sql: nil)
      PQfinish(handle)
      handle = nil
      throw error
    }
    try startSession()
  }

  deinit {
    PQfinish(handle)
  }

  /// Whether the server is inside a transaction block, and whether an error aborted it.
  var transactionStatus: PGTransactionStatusType {
    PQtransactionStatus(handle)
  }

  /// The server's version, e.g. 150018 for 15.18.
  var serverVersion: Int { Int(PQserverVersion(handle)) }

  /// Runs raw SQL, possibly several statements, with nothing bound.
  func execute(_ sql: String) throws {
    try reconnectIfNeeded(sql: sql)
    let result = PQexec(handle, sql)
    defer { PQclear(result) }
    try check(result, sql: sql)
  }

  /// Runs a rendered statement through its cached prepared statement and hands the result to
  /// `body`; the result is freed afterwards.
  func run<Result>(_ query: RenderedSQL, _ body: (OpaquePointer) throws -> Result) throws -> Result {
    try reconnectIfNeeded(sql: query.sql)
    let parameters = try PostgresParameters(query.bindings)
    let name = try preparedName(for: query.sql, types: parameters.types)
    let result = parameters.withUnsafeArguments { values, lengths, formats in
      PQexecPrepared(handle, name, Int32(query.bindings.count), values, lengths, formats, 0)
    }
    defer { PQclear(result) }
    try check(result, sql: query.sql)
    return try body(result!)
  }

  private func preparedName(for sql: String, types: [Oid]) throws -> String {
    if let name = prepared[sql] { return name }
    if prepared.count >= Self.preparedCapacity {
      try execute("DEALLOCATE ALL")
      prepared.removeAll()
    }
    preparedCount += 1
    let name = "typedsql_\(preparedCount)"
    let result = PQprepare(handle, name, sql, Int32(types.count), types)
    defer { PQclear(result) }
    try check(result, sql: sql)
    prepared[sql] = name
    return name
  }

  /// Throws the error a result carries; marks the connection broken when it was lost.
  private func check(_ result: OpaquePointer?, sql: String) throws {
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
      return
    default:
      let error =
        PQstatus(handle) == CONNECTION_OK
        ? PostgresError.from(result, connection: handle, sql: sql)
        : PostgresError.connectionError(handle, sql: sql)
      // libpq does not always mark the connection bad when the server vanishes mid-call; a
      // connection-class error means the next call must reconnect either way.
      if error.isConnectionError { isBroken = true }
      throw error
    }
  }

  /// Re-establishes a connection that was lost; its prepared statements are gone with it.
  private func reconnectIfNeeded(sql: String) throws {
    guard isBroken || PQstatus(handle) != CONNECTION_OK else { return }
    guard !isInTransaction else {
      throw PostgresError(
        sqlState: "08003",
        message: "the connection was lost inside a transaction, which the server has rolled back;"
          + " no statement of that transaction runs, and the transaction fails",
        sql: sql)
    }
    PQreset(handle)
    guard PQstatus(handle) == CONNECTION_OK else {
      throw PostgresError.connectionError(handle, sql: sql)
    }
    isBroken = false
    prepared.removeAll()
    preparedCount = 0
    try startSession()
  }

  private func startSession() throws {
    let result = PQexec(handle, "SET TimeZone TO 'UTC'")
    defer { PQclear(result) }
    try check(result, sql: "SET TimeZone TO 'UTC'")
  }
}
