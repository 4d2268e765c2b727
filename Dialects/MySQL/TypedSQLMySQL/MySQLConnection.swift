import CMariaDB
import Foundation
import TypedSQLCore

/// One Connector/C connection and its prepared statements. Not thread-safe: ``MySQLDatabase``
/// serializes every call.
///
/// After connecting (and reconnecting) it sets the session up for the same results as SQLite and
/// PostgreSQL (see ``sessionSettings(for:)``). A lost connection is reported once, as a
/// ``MySQLError`` with the client library's code; the next call reconnects, unless a transaction
/// was open: then every call throws until the transaction ends.
final class MySQLConnection {
  private var handle: UnsafeMutablePointer<MYSQL>?
  /// Prepared statements by SQL text.
  private var prepared: [ExactText: UnsafeMutablePointer<MYSQL_STMT>] = [:] {
    didSet {
      lastPrepared = nil
      lastBound = nil
      lastStreamedResult = nil
    }
  }
  /// The statement `preparedStatement(for:)` returned last and its SQL: a statement run again
  /// (each row of a prepared insert, say) is found by comparing its bytes, without hashing them.
  /// Forgotten whenever ``prepared`` changes.
  private var lastPrepared: (sql: String, statement: UnsafeMutablePointer<MYSQL_STMT>)?
  /// The statement that ran last and the values it has bound: its next run with values of the
  /// same types writes them into the same memory instead of binding again, which would make
  /// Connector/C send every parameter's type with the run (see `MySQLParameters.rewrite(with:)`).
  /// Forgotten whenever ``prepared`` changes, so a closed statement's address is never taken
  /// for a new one's.
  private var lastBound: (statement: UnsafeMutablePointer<MYSQL_STMT>, parameters: MySQLParameters)?
  /// The statement whose rows streamed last and the column buffers bound to it, which its next
  /// streamed run reuses (see `resultBuffers(for:streaming:sql:)`). Forgotten whenever
  /// ``prepared`` changes, and whenever the statement's columns are bound to other buffers.
  private var lastStreamedResult: (statement: UnsafeMutablePointer<MYSQL_STMT>, buffers: MySQLResultBuffers)?
  /// The most statements kept prepared; past it the cache starts over.
  private static let preparedCapacity = 256
  private var isBroken = false
  private let options: MySQLConnectionOptions
  /// Stops the statement this connection runs, from another thread.
  let queryKiller: MySQLQueryKiller
  /// The server this connection reached.
  private(set) var server: MySQLServer
  /// The server's version string, `10.11.19-MariaDB-0+deb12u1`.
  private(set) var serverVersion: String
  /// The largest packet the server takes (`max_allowed_packet`), read as each session starts.
  private var maximumPacket = 16 << 20
  /// Whether a transaction is open on this connection (set by ``MySQLDatabase``).
  var isInTransaction = false
  /// The error with which the server rolled back the open transaction (a deadlock, a lost
  /// connection), if it did: the transaction's later statements would run outside it, so they
  /// throw instead.
  private(set) var transactionRollback: MySQLError?
  /// Whether the `async` call whose work runs now was cancelled.
  private let interruption: Interruption

  /// Connector/C must be set up once, before any thread opens a connection.
  private static let libraryIsReady: Bool = mysql_server_init(0, nil, nil) == 0

  init(url: String, interruption: Interruption) throws {
    options = try MySQLConnectionOptions(parsing: url)
    self.interruption = interruption
    queryKiller = MySQLQueryKiller(options: options)
    handle = try Self.open(options)
    queryKiller.renew(for: handle)
    serverVersion = String(cString: mysql_get_server_info(handle))
    server = MySQLServer(versionString: serverVersion) ?? .mariaDB10_11
    try startSession()
  }

  deinit {
    close()
  }

  /// Closes the connection: every later call throws, and nothing reconnects.
  func close() {
    for statement in prepared.values { mysql_stmt_close(statement) }
    prepared.removeAll()
    queryKiller.renew(for: nil)
    if let handle { mysql_close(handle) }
    handle = nil
  }

  /// Opens a connection with `options` (its time limits included), text in `utf8mb4`, several
  /// statements per raw call, and "rows matched" rather than "rows changed" as an update's
  /// count, as SQLite and PostgreSQL count.
  static func open(_ options: MySQLConnectionOptions) throws -> UnsafeMutablePointer<MYSQL> {
    guard libraryIsReady, let handle = mysql_init(nil) else {
      throw MySQLError(code: 2008, sqlState: "HY000", message: "Connector/C could not start a connection")
    }
    mysql_options(handle, MYSQL_SET_CHARSET_NAME, "utf8mb4")
    for (option, seconds) in [
      (MYSQL_OPT_CONNECT_TIMEOUT, options.connectTimeout), (MYSQL_OPT_READ_TIMEOUT, options.readTimeout),
      (MYSQL_OPT_WRITE_TIMEOUT, options.writeTimeout),
    ] where seconds > 0 {
      var value = seconds
      mysql_options(handle, option, &value)
    }
    let flags = UInt(CLIENT_MULTI_STATEMENTS) | UInt(CLIENT_FOUND_ROWS)
    guard
      mysql_real_connect(
        handle, options.host, options.user, options.password, options.database, options.port, options.socket,
        flags) != nil
    else {
      let error = MySQLError.from(connection: handle, sql: nil)
      mysql_close(handle)
      throw error
    }
    return handle
  }

  /// The settings every session runs with, whatever the server or its configuration sets:
  ///
  /// - `sql_mode`: `STRICT_ALL_TABLES` (a value that does not fit is an error, never cut or
  ///   changed), `NO_BACKSLASH_ESCAPES` (a backslash in `'…'` is itself), `ANSI_QUOTES`
  ///   (`"name"` is a name, never a string), `PIPES_AS_CONCAT` (`||` joins text, as elsewhere),
  ///   `NO_ZERO_DATE`, `NO_ZERO_IN_DATE`, `NO_AUTO_VALUE_ON_ZERO` (a 0 stored in an
  ///   `AUTO_INCREMENT` key is 0), `NO_ENGINE_SUBSTITUTION`; on MariaDB `SIMULTANEOUS_ASSIGNMENT`
  ///   (an update's assignments all read the row as it was), on MySQL `ONLY_FULL_GROUP_BY`.
  ///   MariaDB's `ONLY_FULL_GROUP_BY` refuses a column of a table grouped by its primary key,
  ///   which SQLite and PostgreSQL accept, so it stays off there, as in SQLite. Division by zero
  ///   is `NULL`, as in SQLite.
  /// - `time_zone` `+00:00`: instants are read and written in UTC.
  /// - `utf8mb4` with its binary collation, without trailing-space padding on MariaDB
  ///   (`utf8mb4_nopad_bin`): text compares by its bytes, as in SQLite. Columns take their
  ///   table's or database's collation: create them with the same one.
  /// - `group_concat_max_len` at its largest, so that a string aggregate is never cut short.
  static func sessionSettings(for server: MySQLServer) -> String {
    let mariaDB = server.flavor == .mariaDB
    let modes = [
      "STRICT_ALL_TABLES", "NO_BACKSLASH_ESCAPES", "ANSI_QUOTES", "PIPES_AS_CONCAT", "NO_ZERO_DATE",
      "NO_ZERO_IN_DATE", "NO_AUTO_VALUE_ON_ZERO", "NO_ENGINE_SUBSTITUTION",
    ] + (mariaDB ? ["SIMULTANEOUS_ASSIGNMENT"] : ["ONLY_FULL_GROUP_BY"])
    return "SET SESSION sql_mode = '\(modes.joined(separator: ","))', time_zone = '+00:00',"
      + " group_concat_max_len = 4294967295;"
      + " SET NAMES utf8mb4 COLLATE \(mariaDB ? "utf8mb4_nopad_bin" : "utf8mb4_0900_bin")"
  }

  private func startSession() throws {
    try runRaw(Self.sessionSettings(for: server))
    maximumPacket = try readMaximumPacket()
  }

  /// The session's `max_allowed_packet`: the largest packet the server takes before it closes
  /// the connection.
  private func readMaximumPacket() throws -> Int {
    let sql = "SELECT @@SESSION.max_allowed_packet"
    guard let handle else { throw MySQLError.closed(sql: sql) }
    guard mysql_real_query(handle, sql, UInt(sql.utf8.count)) == 0, let result = mysql_store_result(handle) else {
      throw failure(sql: sql)
    }
    defer { mysql_free_result(result) }
    guard let row = mysql_fetch_row(result), let field = row[0], let value = Int(String(cString: field)) else {
      throw MySQLError(code: 2000, sqlState: "HY000", message: "the server did not say its max_allowed_packet", sql: sql)
    }
    return value
  }

  /// Runs raw SQL, possibly several statements, discarding any rows. Unless
  /// `exemptFromCancellation` (a rollback must run even then), it throws `CancellationError`
  /// instead when the work it belongs to was cancelled.
  func execute(_ sql: String, exemptFromCancellation: Bool = false) throws {
    if !exemptFromCancellation { try interruption.checkNotRequested() }
    try reconnectIfNeeded(sql: sql)
    try runRaw(sql)
  }

  private func runRaw(_ sql: String) throws {
    guard let handle else { throw MySQLError.closed(sql: sql) }
    let length = UInt(sql.utf8.count)
    guard mysql_real_query(handle, sql, length) == 0 else { throw failure(sql: sql) }
    while true {
      if let result = mysql_store_result(handle) { mysql_free_result(result) }
      else if mysql_field_count(handle) != 0 { throw failure(sql: sql) }
      let next = mysql_next_result(handle)
      if next == -1 { return }
      if next > 0 { throw failure(sql: sql) }
    }
  }

  /// Runs `query` as a prepared statement (prepared once per SQL text) and hands its rows, or
  /// nil when it returns none, to `body`; returns what `body` returns with the count of rows the
  /// statement changed (for rows stored on the client, the count of rows).
  ///
  /// With `streamingRows`, the rows are read from the server as `body` steps through them,
  /// without a copy of the whole result on the client; `body` must not run anything else on
  /// this connection meanwhile. Rows `body` leaves unread are read and dropped after it.
  func run<Result>(
    _ query: RenderedSQL, streamingRows: Bool = false, _ body: (MySQLRowCursor?) throws -> Result
  ) throws -> (result: Result, changed: Int) {
    try interruption.checkNotRequested()
    try reconnectIfNeeded(sql: query.sql)
    var statement = try preparedStatement(for: query.sql)
    // Until this run succeeds, what the statement has bound is in doubt: the next run binds.
    let bound = lastBound
    lastBound = nil
    let parameters: MySQLParameters
    if let bound, bound.statement == statement, try bound.parameters.rewrite(with: query) {
      parameters = bound.parameters
    } else {
      parameters = try MySQLParameters(query)
      try checkPlaceholders(statement, parameters: parameters, sql: query.sql)
      if mysql_stmt_bind_param(statement, parameters.binds) != 0 {
        throw statementFailure(statement, sql: query.sql)
      }
    }
    var sentApart = try parameters.sendLongValues(of: statement, maximumPacket: maximumPacket, sql: query.sql)
    if mysql_stmt_execute(statement) != 0 {
      // A table the statement reads changed shape since it was prepared: prepare it again, once.
      guard mysql_stmt_errno(statement) == 1615 else { throw statementFailure(statement, sql: query.sql) }
      forget(query.sql)
      statement = try preparedStatement(for: query.sql)
      guard mysql_stmt_bind_param(statement, parameters.binds) == 0 else { throw statementFailure(statement, sql: query.sql) }
      sentApart = try parameters.sendLongValues(of: statement, maximumPacket: maximumPacket, sql: query.sql)
      guard mysql_stmt_execute(statement) == 0 else { throw statementFailure(statement, sql: query.sql) }
    }
    // A run that sent values apart binds its next run afresh, leaving no state of the parts behind.
    if !sentApart { lastBound = (statement, parameters) }
    guard mysql_stmt_field_count(statement) > 0 else {
      return (try body(nil), Int(mysql_stmt_affected_rows(statement)))
    }
    defer { mysql_stmt_free_result(statement) }
    guard streamingRows || mysql_stmt_store_result(statement) == 0 else {
      // Rows that end in an error (an overflow in the fifth row, say) leave Connector/C's
      // statement unable to run again: its next execution would wait for ever for an answer the
      // server never sends. Resetting it returns it to its prepared state.
      let error = statementFailure(statement, sql: query.sql)
      mysql_stmt_reset(statement)
      throw error
    }
    let buffers = try resultBuffers(for: statement, streaming: streamingRows, sql: query.sql)
    let rows = streamingRows ? 0 : Int(mysql_stmt_num_rows(statement))
    do {
      return (try body(MySQLRowCursor(statement: statement, buffers: buffers, sql: query.sql)), rows)
    } catch let error as MySQLError {
      // A streamed row can fail as it is read (a lost connection, a query killed by a
      // cancellation): the connection learns of it as of any statement's failure, and the
      // statement, reset, binds its next run's values and columns afresh.
      lastBound = nil
      lastStreamedResult = nil
      throw note(error)
    }
  }

  /// The buffers `statement`'s rows are fetched into, bound to it. Streamed rows reuse those of
  /// the statement's last run when it ran last and its columns still have the same types;
  /// stored rows, whose buffers are sized by the longest values, get new ones.
  private func resultBuffers(
    for statement: UnsafeMutablePointer<MYSQL_STMT>, streaming: Bool, sql: String
  ) throws -> MySQLResultBuffers {
    if streaming, let kept = lastStreamedResult, kept.statement == statement, kept.buffers.describe(statement) {
      return kept.buffers
    }
    lastStreamedResult = nil
    guard let metadata = mysql_stmt_result_metadata(statement) else { throw statementFailure(statement, sql: sql) }
    defer { mysql_free_result(metadata) }
    let buffers = MySQLResultBuffers(metadata: metadata, isStreamed: streaming)
    guard mysql_stmt_bind_result(statement, buffers.binds) == 0 else { throw statementFailure(statement, sql: sql) }
    if streaming { lastStreamedResult = (statement, buffers) }
    return buffers
  }

  /// Throws unless the statement has one placeholder per value bound: a `?` written in the text
  /// of a `#sql` fragment would otherwise take another placeholder's value.
  private func checkPlaceholders(
    _ statement: UnsafeMutablePointer<MYSQL_STMT>, parameters: MySQLParameters, sql: String
  ) throws {
    let expected = Int(mysql_stmt_param_count(statement))
    guard expected == parameters.count else {
      throw MySQLError(
        code: 2034, sqlState: "07001",
        message: "the statement has \(expected) placeholders but \(parameters.count) values were bound"
          + " (a `?` in the text of a #sql fragment is a placeholder here: bind the value instead)",
        sql: sql)
    }
  }

  /// The statement prepared for `sql`, preparing it if it is new.
  private func preparedStatement(for sql: String) throws -> UnsafeMutablePointer<MYSQL_STMT> {
    if let lastPrepared, ExactText.haveSameUTF8(lastPrepared.sql, sql) { return lastPrepared.statement }
    let key = ExactText(sql)
    if let statement = prepared[key] {
      lastPrepared = (sql, statement)
      return statement
    }
    guard let handle else { throw MySQLError.closed(sql: sql) }
    if prepared.count >= Self.preparedCapacity {
      for statement in prepared.values { mysql_stmt_close(statement) }
      prepared.removeAll()
    }
    guard let statement = mysql_stmt_init(handle) else { throw failure(sql: sql) }
    var updateMaxLength: my_bool = 1
    mysql_stmt_attr_set(statement, STMT_ATTR_UPDATE_MAX_LENGTH, &updateMaxLength)
    guard mysql_stmt_prepare(statement, sql, UInt(sql.utf8.count)) == 0 else {
      let error = statementFailure(statement, sql: sql)
      mysql_stmt_close(statement)
      throw error
    }
    prepared[key] = statement
    lastPrepared = (sql, statement)
    return statement
  }

  /// Closes the statement prepared for `sql`, if any.
  private func forget(_ sql: String) {
    if let statement = prepared.removeValue(forKey: ExactText(sql)) { mysql_stmt_close(statement) }
  }

  /// The connection's error now, noting a lost connection or a rolled-back transaction.
  private func failure(sql: String) -> MySQLError {
    note(MySQLError.from(connection: handle, sql: sql))
  }

  /// A statement's error now, noting a lost connection or a rolled-back transaction.
  private func statementFailure(_ statement: UnsafeMutablePointer<MYSQL_STMT>, sql: String) -> MySQLError {
    note(MySQLError.from(statement: statement, sql: sql))
  }

  /// Marks the connection broken when `error` lost it, and the open transaction rolled back when
  /// the server rolled it back (a lost connection, a deadlock: 1213).
  private func note(_ error: MySQLError) -> MySQLError {
    if error.isConnectionError { isBroken = true }
    if isInTransaction, transactionRollback == nil, error.isConnectionError || error.code == 1213 {
      transactionRollback = error
    }
    return error
  }

  /// Marks an idle connection broken when the server has closed it meanwhile (a restart, its
  /// `wait_timeout`): its socket is then readable with nothing asked. The next call reconnects
  /// rather than fails.
  func detectClosedWhileIdle() {
    guard !isInTransaction, !isBroken, let handle else { return }
    var descriptor = pollfd(fd: Int32(mysql_get_socket(handle)), events: Int16(POLLIN), revents: 0)
    guard descriptor.fd >= 0, poll(&descriptor, 1, 0) != 0 else { return }
    isBroken = true
  }

  /// Ends the transaction's bookkeeping: the next statement runs outside it.
  func transactionEnded() {
    isInTransaction = false
    transactionRollback = nil
  }

  /// Re-establishes a connection that was lost; its prepared statements are gone with it. When
  /// the server cannot be reached yet, the call throws and the next one tries again.
  private func reconnectIfNeeded(sql: String) throws {
    guard let lost = handle else { throw MySQLError.closed(sql: sql) }
    if let rollback = transactionRollback {
      throw rollback.rolledBackTransaction(sql: sql)
    }
    guard isBroken else { return }
    let fresh = try Self.open(options)
    for statement in prepared.values { mysql_stmt_close(statement) }
    prepared.removeAll()
    mysql_close(lost)
    handle = fresh
    queryKiller.renew(for: fresh)
    isBroken = false
    try startSession()
  }
}
