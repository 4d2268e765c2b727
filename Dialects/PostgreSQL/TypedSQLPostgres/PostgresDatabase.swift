import CLibPQ
import Foundation
import TypedSQLCore

/// A connection to a PostgreSQL server over the system `libpq`.
///
/// ```swift
/// let pg = try PostgresDatabase(url: "postgres://app@localhost:5432/app")
/// let open = try Reminder.where { !$0.isCompleted }.fetchAll(pg)
/// ```
///
/// `url` is a `postgres://` URL or a libpq conninfo string (`host=/tmp port=5433 dbname=app`).
/// Each session runs in UTC with `standard_conforming_strings` on, whatever the server or the
/// address sets. Statements are prepared once per SQL text, with the type of every
/// bound value sent along, so the server never has to guess a parameter's type. Errors carry the
/// SQLSTATE, message, detail, hint and SQL. When the connection is lost the call in flight
/// throws (SQLSTATE class 08) and the next call reconnects; inside a transaction, every later
/// statement of the transaction throws and so does ``transaction(_:)``, even when the body caught
/// the first error, and the next call after the transaction reconnects.
///
/// The connection is `Sendable`: calls from several tasks run one at a time, and a transaction
/// holds the connection for its whole body. For many concurrent tasks use a
/// ``PostgresConnectionPool``.
public final class PostgresDatabase: Database, @unchecked Sendable {
  public let dialect = PostgresDialect()

  /// The SQL of statements built at the call that this connection rendered, for the next of
  /// each table, form and shape.
  public let renderedStatementShapes: RenderedStatementShapes? = RenderedStatementShapes()

  /// Where each statement is logged, if anywhere (see `StatementLog`).
  public var log: StatementLog? { observation?.log }
  /// The logging and tracing of each statement; `nil` for neither.
  @usableFromInline
  let observation: StatementObservation?

  // Guarded by `lock`, recursive so a transaction's body can call back in on its thread.
  let lock = RecursiveMutex()
  let connection: PostgresConnection
  private var transactionDepth = 0
  /// The name of the migration whose transaction is open, if any: SQL text run meanwhile is
  /// wrapped so that it cannot end that transaction (see `runMigration(named:_:)`).
  var migrationRunning: String?
  /// How a cancelled `async` call stops its statements (see `Interruption`).
  let interruption = Interruption()
  /// Where `async` calls run their work.
  let worker = ConnectionThread(name: "TypedSQL PG")
  /// The connection that hears commits for live queries, while any listens.
  let changeListener: PostgresChangeListener

  /// Connects to the server at `url`. The server's notices and warnings (`RAISE NOTICE`, "there
  /// is no transaction in progress") go to `onNotice`, or nowhere; never to standard error.
  /// Statements are logged to `log` when given, and traced when a
  /// tracer is set as the database opens (see `StatementTracing`). Behind a pooler in
  /// transaction mode, such as PgBouncer, pass `preparation: .unnamed` (see
  /// ``PostgresStatementPreparation/named`` for what happens otherwise).
  public convenience init(
    url: String, onNotice: (@Sendable (String) -> Void)? = nil, log: StatementLog? = nil,
    preparation: PostgresStatementPreparation = .named
  ) throws {
    try self.init(url: url, onNotice: onNotice, log: log, preparation: StatementPreparationMode(preparation, log: log))
  }

  /// Connects to the server at `url`, preparing statements as `preparation` says, a mode that
  /// the connections of one pool share.
  init(
    url: String, onNotice: (@Sendable (String) -> Void)? = nil, log: StatementLog?,
    preparation: StatementPreparationMode
  ) throws {
    connection = try PostgresConnection(
      url: url, onNotice: onNotice, preparation: preparation, interruption: interruption)
    changeListener = PostgresChangeListener(address: { url })
    self.observation = StatementObservation(log: log, tracing: .ifTracerIsSet(system: "postgresql"))
    // Only while the cancelled work holds the connection: otherwise the statement running would
    // be another caller's.
    interruption.setStatementInterrupter { [lock, cancelRequest = connection.cancelRequest] thread in
      if lock.isHeld(by: thread) { cancelRequest.send() }
    }
  }

  /// Closes the connection; any later call throws (SQLSTATE 08003). Closing twice does nothing.
  public func close() {
    lock.withLock { connection.close() }
  }

  /// Makes sure a connection that sat idle is still open, so that the next call reconnects
  /// rather than fails when the server closed it meanwhile (a restart).
  func detectClosedWhileIdle() {
    lock.withLock { connection.detectClosedWhileIdle() }
  }

  /// The server's version number, e.g. 150018 for 15.18.
  public var serverVersion: Int {
    lock.withLock { connection.serverVersion }
  }

  public func execute(_ sql: String) throws {
    try observation.run(sql, bindings: [], rowCount: { 0 }) {
      try lock.withLock {
        guard let migration = migrationRunning else { return try connection.execute(sql) }
        do {
          try connection.execute(Self.refusingTransactionControl(sql))
        } catch let error as PostgresError where error.sqlState == "0A000" && error.routine == "exec_stmt_dynexecute" {
          throw MigrationError.transactionControl(migration: migration, statement: "a transaction command")
        }
      }
    }
  }

  public func execute(_ query: RenderedSQL) throws {
    _ = try observation.run(query.sql, bindings: query.bindings, rowCount: { $0 }) {
      try lock.withLock { try connection.run(query) { result in Int(String(cString: PQcmdTuples(result))) ?? 0 } }
    }
  }

  @inlinable
  public func fetchAll<Row: QueryRow>(_ query: RenderedSQL, as row: Row.Type) throws -> [Row.Output] {
    try observation.run(query.sql, bindings: query.bindings, rowCount: { $0.count }) {
      try withResult(of: query) { result in
        try PostgresRowCursor.withCursor(over: result) { cursor in
          try QueryDecodingError.attaching(sql: query.sql) { try Row.decodeRows(&cursor) }
        }
      }
    }
  }

  /// Runs `query`, holding the connection, and hands its result to `body`: in binary once the
  /// statement has shown that its columns read in binary (see `PostgresResultFormat`).
  @usableFromInline
  func withResult<Result>(of query: RenderedSQL, _ body: (OpaquePointer) throws -> Result) throws -> Result {
    try lock.withLock { try connection.run(query, binaryResults: true, body) }
  }

  @inlinable
  public func fetchOne<Row: QueryRow>(_ query: RenderedSQL, as row: Row.Type) throws -> Row.Output? {
    try observation.run(query.sql, bindings: query.bindings, rowCount: { $0 == nil ? 0 : 1 }) {
      try withResult(of: query) { result in
        try PostgresRowCursor.withCursor(over: result) { cursor in
          try QueryDecodingError.attaching(sql: query.sql) { try Row.decodeFirstRow(&cursor) }
        }
      }
    }
  }

  /// Runs `statements` in one transaction (a savepoint inside one already open), all or
  /// nothing, sent in libpq's pipeline mode: groups of 256 statements go out together and their
  /// results come back together, one round trip per group instead of one per statement. Returns
  /// how many rows each statement changed (or returned); a statement that writes nothing (an
  /// update that sets no column) is not sent, and changed 0. A `StatementLog` or a tracer sees the
  /// batch as one statement, named by its first statement's SQL, with the rows of all of them.
  ///
  /// ```swift
  /// try pg.executeBatch(moves.map { move in Reminder.find(move.id).update { $0.remindersListID = move.list } })
  /// ```
  @discardableResult
  public func executeBatch<S: Statement>(_ statements: some Sequence<S>) throws -> [Int] {
    let statements = Array(statements)
    let rendered = try statements.filter { !$0.runsNothing }.map { try $0.render(in: dialect) }
    guard let first = rendered.first else { return Array(repeating: 0, count: statements.count) }
    var sentCounts = try transaction { _ in
      try observation.run(first.sql, bindings: first.bindings, rowCount: { $0.reduce(0, +) }) {
        try lock.withLock { try connection.runPipelined(rendered) }
      }
    }[...]
    return statements.map { $0.runsNothing ? 0 : sentCounts.removeFirst() }
  }

  public func withConnection<Result>(_ body: () throws -> Result) rethrows -> Result {
    try lock.withLock(body)
  }

  public func transaction<Result>(_ body: (PostgresDatabase) throws -> Result) throws -> Result {
    try inTransaction(beginning: "BEGIN", body)
  }

  /// Runs `body` in a read-only transaction that sees one snapshot of the database (`REPEATABLE
  /// READ`): every statement sees the same committed state, and one that writes fails (SQLSTATE
  /// 25006). Inside a transaction of this connection, `body` runs in it.
  public func read<Result>(_ body: (PostgresDatabase) throws -> Result) throws -> Result {
    try inTransaction(beginning: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", body)
  }

  /// Runs `body` in a transaction, as ``transaction(_:)`` does.
  public func write<Result>(_ body: (PostgresDatabase) throws -> Result) throws -> Result {
    try transaction(body)
  }

  /// Runs `body` in a transaction begun with `begin`, or in a savepoint when a transaction is
  /// open already: it commits when `body` returns and rolls back when it throws.
  private func inTransaction<Result>(
    beginning begin: String, _ body: (PostgresDatabase) throws -> Result
  ) throws -> Result {
    try lock.withLock {
      let depth = transactionDepth
      let savepoint = "\"typedsql_savepoint_\(depth)\""
      if depth == 0 { connection.detectClosedWhileIdle() }
      try connection.execute(depth == 0 ? begin : "SAVEPOINT \(savepoint)")
      transactionDepth += 1
      if depth == 0 { connection.isInTransaction = true }
      defer {
        transactionDepth -= 1
        if depth == 0 { connection.isInTransaction = false }
      }
      let result: Result
      do {
        result = try body(self)
      } catch {
        rollBack(depth: depth, savepoint: savepoint)
        throw error
      }
      // A statement that failed inside the body, its error caught there, aborted the
      // transaction: committing would silently roll back, so say so instead.
      if connection.transactionStatus == PQTRANS_INERROR {
        rollBack(depth: depth, savepoint: savepoint)
        throw PostgresError(
          sqlState: "25P02",
          message: "the transaction was aborted by an earlier failed statement and has been rolled back")
      }
      // Work whose task was cancelled never commits.
      if interruption.isRequestedOnCurrentThread {
        rollBack(depth: depth, savepoint: savepoint)
        throw CancellationError()
      }
      try connection.execute(depth == 0 ? "COMMIT" : "RELEASE SAVEPOINT \(savepoint)")
      return result
    }
  }

  /// Rolls back the transaction or savepoint; the body's error, not a failed rollback's, is the
  /// one reported (a lost connection has rolled back already).
  private func rollBack(depth: Int, savepoint: String) {
    if depth == 0 {
      try? connection.execute("ROLLBACK", exemptFromCancellation: true)
    } else {
      try? connection.execute("ROLLBACK TO SAVEPOINT \(savepoint)", exemptFromCancellation: true)
      try? connection.execute("RELEASE SAVEPOINT \(savepoint)", exemptFromCancellation: true)
    }
  }
}
