import CMariaDB
import Foundation
import TypedSQLCore

/// A connection to a MariaDB or MySQL server over MariaDB Connector/C (`libmariadb`).
///
/// ```swift
/// let db = try MySQLDatabase(url: "mysql://app:secret@127.0.0.1:3306/app")
/// let open = try Reminder.where { !$0.isCompleted }.fetchAll(db)
/// ```
///
/// Each session is set up for the same results as SQLite and PostgreSQL: strict mode, no
/// backslash escapes, `"name"` for names, UTC, and `utf8mb4` text compared by its bytes (see the
/// settings in full on `MySQLConnection.sessionSettings(for:)`). Tables should use the same
/// collation: `CREATE DATABASE app CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin` on MariaDB
/// (`utf8mb4_0900_bin` on MySQL), or the server's default collation compares text ignoring case
/// and trailing spaces. Store booleans in `TINYINT(1)` and dates in `DATETIME(6)`.
///
/// Statements run as server-side prepared statements, prepared once per SQL text; their rows
/// come back in the binary protocol and are decoded by column index. Errors carry the error
/// number, SQLSTATE, message and SQL. When the connection is lost the call in flight throws and
/// the next call reconnects; inside a transaction, every later statement of the transaction
/// throws and so does ``transaction(_:)``. Statements that change the schema (`CREATE`, `ALTER`,
/// `DROP`) commit the open transaction on these servers.
///
/// The connection is `Sendable`: calls from several tasks run one at a time, and a transaction
/// holds the connection for its whole body.
public final class MySQLDatabase: Database, @unchecked Sendable {
  /// The dialect of the server this database reached, at its flavour and version.
  public let dialect: MySQLDialect

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
  let connection: MySQLConnection
  private var transactionDepth = 0
  /// The name of the migration whose transaction is open, if any: each statement run meanwhile
  /// is checked first, so that none commits that transaction (see `runMigration(named:_:)`).
  var migrationRunning: String?
  /// How a cancelled `async` call stops its statements (see `Interruption`).
  let interruption = Interruption()
  /// Where `async` calls run their work.
  let worker = ConnectionThread(name: "TypedSQL MySQL")

  /// Connects to the server at `url` (`mysql://user:password@host:port/database`, with
  /// `?socket=/path` for a unix socket, and time limits in seconds: `connect_timeout`, 10 unless
  /// set, `read_timeout` and `write_timeout`, none unless set). Statements are logged to `log`
  /// when given, and traced when a tracer is set as the database opens (see `StatementTracing`).
  public init(url: String, log: StatementLog? = nil) throws {
    connection = try MySQLConnection(url: url, interruption: interruption)
    dialect = MySQLDialect(server: connection.server)
    observation = StatementObservation(log: log, tracing: .ifTracerIsSet(system: "mysql"))
    // Only while the cancelled work holds the connection: otherwise the statement running would
    // be another caller's.
    interruption.setStatementInterrupter { [lock, queryKiller = connection.queryKiller] thread in
      if lock.isHeld(by: thread) { queryKiller.send() }
    }
  }

  /// Closes the connection; any later call throws (SQLSTATE 08003). Closing twice does nothing.
  public func close() {
    lock.withLock { connection.close() }
  }

  /// The server's version string, e.g. `10.11.19-MariaDB-0+deb12u1`.
  public var serverVersion: String {
    lock.withLock { connection.serverVersion }
  }

  public func execute(_ sql: String) throws {
    try observation.run(sql, bindings: [], rowCount: { 0 }) {
      try lock.withLock {
        try checkRunsInMigration(sql)
        try connection.execute(sql)
      }
    }
  }

  public func execute(_ query: RenderedSQL) throws {
    _ = try observation.run(query.sql, bindings: query.bindings, rowCount: { $0 }) {
      try lock.withLock {
        try checkRunsInMigration(query.sql)
        return try connection.run(query) { _ in () }.changed
      }
    }
  }

  @inlinable
  public func fetchAll<Row: QueryRow>(_ query: RenderedSQL, as row: Row.Type) throws -> [Row.Output] {
    try observation.run(query.sql, bindings: query.bindings, rowCount: { $0.count }) {
      try withRows(of: query) { cursor in
        guard var cursor else { return [] }
        return try QueryDecodingError.attaching(sql: query.sql) { try Row.decodeRows(&cursor) }
      }
    }
  }

  @inlinable
  public func fetchOne<Row: QueryRow>(_ query: RenderedSQL, as row: Row.Type) throws -> Row.Output? {
    try observation.run(query.sql, bindings: query.bindings, rowCount: { $0 == nil ? 0 : 1 }) {
      try withRows(of: query) { cursor in
        guard var cursor else { return nil }
        return try QueryDecodingError.attaching(sql: query.sql) { try Row.decodeFirstRow(&cursor) }
      }
    }
  }

  /// Runs `query`, holding the connection, and hands its rows (nil for a statement that returns
  /// none) to `body` as they stream from the server: `body` decodes them and runs nothing else.
  @usableFromInline
  func withRows<Result>(of query: RenderedSQL, _ body: (MySQLRowCursor?) throws -> Result) throws -> Result {
    try lock.withLock {
      try checkRunsInMigration(query.sql)
      return try connection.run(query, streamingRows: true, body).result
    }
  }

  /// While a migration's transaction is open, refuses SQL that would commit it or end it, before
  /// any of the SQL runs.
  private func checkRunsInMigration(_ sql: String) throws {
    guard let migration = migrationRunning else { return }
    for statement in MySQLScript(sql).statements {
      switch statement.transactionEffect {
      case .none:
        continue
      case .commitsImplicitly:
        throw MigrationError.implicitCommit(migration: migration, statement: statement.excerpt)
      case .controlsTransaction:
        throw MigrationError.transactionControl(migration: migration, statement: statement.excerpt)
      }
    }
  }

  public func withConnection<Result>(_ body: () throws -> Result) rethrows -> Result {
    try lock.withLock(body)
  }

  /// Makes sure a connection that sat idle is still open, so that the next call reconnects
  /// rather than fails when the server closed it meanwhile (a restart).
  func detectClosedWhileIdle() {
    lock.withLock { connection.detectClosedWhileIdle() }
  }

  public func transaction<Result>(_ body: (MySQLDatabase) throws -> Result) throws -> Result {
    try inTransaction(beginning: "START TRANSACTION", body)
  }

  /// Runs `body` in a read-only transaction that sees one snapshot of the database (InnoDB's
  /// consistent snapshot): every statement sees the same committed state, and one that writes
  /// fails (error 1792). Inside a transaction of this connection, `body` runs in it.
  public func read<Result>(_ body: (MySQLDatabase) throws -> Result) throws -> Result {
    try inTransaction(beginning: "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY", body)
  }

  /// Runs `body` in a transaction, as ``transaction(_:)`` does.
  public func write<Result>(_ body: (MySQLDatabase) throws -> Result) throws -> Result {
    try transaction(body)
  }

  /// Runs `body` in a transaction begun with `begin`, or in a savepoint when a transaction is
  /// open already: it commits when `body` returns and rolls back when it throws.
  private func inTransaction<Result>(
    beginning begin: String, _ body: (MySQLDatabase) throws -> Result
  ) throws -> Result {
    try lock.withLock {
      let depth = transactionDepth
      let savepoint = "`typedsql_savepoint_\(depth)`"
      // A server restart closes an idle connection: reconnect now rather than fail the BEGIN.
      if depth == 0 { connection.detectClosedWhileIdle() }
      try connection.execute(depth == 0 ? begin : "SAVEPOINT \(savepoint)")
      transactionDepth += 1
      if depth == 0 { connection.isInTransaction = true }
      defer {
        transactionDepth -= 1
        if depth == 0 { connection.transactionEnded() }
      }
      let result: Result
      do {
        result = try body(self)
      } catch {
        rollBack(depth: depth, savepoint: savepoint)
        throw error
      }
      // A deadlock or a lost connection inside the body, its error caught there, rolled the
      // transaction back: committing would commit nothing, so say so instead.
      if let rollback = connection.transactionRollback {
        rollBack(depth: depth, savepoint: savepoint)
        throw rollback.rolledBackTransaction(sql: nil)
      }
      if interruption.isRequestedOnCurrentThread {
        rollBack(depth: depth, savepoint: savepoint)
        throw CancellationError()
      }
      try connection.execute(depth == 0 ? "COMMIT" : "RELEASE SAVEPOINT \(savepoint)")
      return result
    }
  }

  /// Rolls back the transaction or savepoint; the body's error, not a failed rollback's, is the
  /// one reported. It runs even when the work was cancelled: a transaction left open would be
  /// committed by the next one's `BEGIN`.
  private func rollBack(depth: Int, savepoint: String) {
    if depth == 0 {
      try? connection.execute("ROLLBACK", exemptFromCancellation: true)
    } else {
      try? connection.execute("ROLLBACK TO SAVEPOINT \(savepoint)", exemptFromCancellation: true)
      try? connection.execute("RELEASE SAVEPOINT \(savepoint)", exemptFromCancellation: true)
    }
  }
}
