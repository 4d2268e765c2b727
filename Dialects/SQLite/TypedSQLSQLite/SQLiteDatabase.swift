import CSQLite
import Foundation
import TypedSQLCore

/// A connection to a SQLite database over the system `libsqlite3`.
///
/// ```swift
/// let db = try SQLiteDatabase()                    // in memory
/// let file = try SQLiteDatabase(path: "app.db")    // a file, in WAL mode
/// try db.execute("CREATE TABLE reminders (…)")
/// let open = try Reminder.where { !$0.isCompleted }.fetchAll(db)
/// ```
///
/// On open the connection turns off double-quoted string literals, turns on foreign keys and
/// extended result codes, and waits up to `busyTimeout` for a locked database (less when the
/// `async` call waiting is cancelled; a `PRAGMA busy_timeout` replaces this wait with SQLite's
/// own). Statements are prepared once per SQL text and cached.
///
/// The connection is `Sendable`: calls from several tasks or threads run one at a time, and a
/// transaction holds the connection for its whole body.
public final class SQLiteDatabase: Database, @unchecked Sendable {
  /// SQLite's dialect at the linked library's version, accepting as many bindings per statement
  /// as the connection allows (`SQLITE_LIMIT_VARIABLE_NUMBER`).
  public let dialect: SQLiteDialect

  /// The SQL of statements built at the call that this connection rendered, for the next of
  /// each table, form and shape.
  public let renderedStatementShapes: RenderedStatementShapes? = RenderedStatementShapes()

  /// The path the database was opened with (`":memory:"` for an in-memory database).
  public let path: String

  /// Where each statement is logged, if anywhere (see `StatementLog`).
  public var log: StatementLog? { observation?.log }
  /// The logging and tracing of each statement; `nil` for neither.
  @usableFromInline
  let observation: StatementObservation?

  // Everything below is guarded by `lock`, which is recursive so that a transaction's body can
  // call back into the connection on the same thread.
  @usableFromInline
  let lock = RecursiveMutex()
  @usableFromInline
  @exclusivity(unchecked)  // only touched under `lock`
  var handle: OpaquePointer?
  @exclusivity(unchecked)  // only touched under `lock`
  private var statements: SQLiteStatementCache
  private var transactionDepth = 0
  /// Whether the connection was opened read-only (a pool's reader).
  private let isReadOnly: Bool
  /// Where `async` calls run their work.
  let worker: ConnectionThread
  /// How a cancelled `async` call stops its statements (see `Interruption`).
  @usableFromInline
  let interruption = Interruption()
  /// How many steps of SQLite's virtual machine run between two checks for a cancelled call.
  private static let stepsBetweenCancellationChecks: Int32 = 1000
  /// How the connection waits for another's lock; it outlives the handle it is installed on.
  private let busyWait: SQLiteBusyWait
  /// What the statements read and write, while live queries need to know.
  let tableAccess = SQLiteTableAccess()
  /// Whether a read's body runs: a statement that would write is refused before it runs.
  @usableFromInline
  @exclusivity(unchecked)  // only touched under `lock`
  var refusesWrites = false
  /// Whether `tableAccess` must hear of each statement (it follows writes or records reads): a
  /// copy of its `isActive` that every statement reads, without a call or a reference count.
  @usableFromInline
  @exclusivity(unchecked)  // only touched under `lock`
  var tracksTableAccess = false
  /// Where the commits live queries hear of are announced.
  let changeHub = TableChangeHub()
  /// The polling that hears other connections' commits, while live queries listen.
  var commitPolling: Task<Void, Never>?

  /// Opens (creating if needed) the database at `path`, in WAL journal mode; statements are
  /// logged to `log` when given, and traced when a tracer is set (see `StatementTracing`).
  public convenience init(path: String, busyTimeout: Duration = .seconds(5), log: StatementLog? = nil) throws {
    try self.init(opening: path, readOnly: false, busyTimeout: busyTimeout, log: log)
    // Two connections switching a new file to WAL at once: the loser's switch fails with
    // SQLITE_BUSY without waiting, so it waits here, as long as the busy timeout allows.
    let deadline = ContinuousClock.now + busyTimeout
    while true {
      do {
        try execute("PRAGMA journal_mode = WAL")
        return
      } catch let error as SQLiteError where error.code & 0xFF == SQLITE_BUSY && ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
  }

  /// Opens a private in-memory database, gone when the connection closes.
  public convenience init(log: StatementLog? = nil) throws {
    try self.init(opening: ":memory:", readOnly: false, busyTimeout: .seconds(5), log: log)
  }

  /// Opens the database at `path` for reading only: a reader of a ``SQLiteDatabasePool``.
  convenience init(readerOf path: String, busyTimeout: Duration, log: StatementLog?) throws {
    try self.init(opening: path, readOnly: true, busyTimeout: busyTimeout, log: log)
  }

  private init(opening path: String, readOnly: Bool, busyTimeout: Duration, log: StatementLog?) throws {
    var handle: OpaquePointer?
    let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    let code = sqlite3_open_v2(path, &handle, access | SQLITE_OPEN_NOMUTEX, nil)
    guard code == SQLITE_OK, let handle else {
      let error = SQLiteError.last(on: handle, code: code, sql: nil)
      sqlite3_close_v2(handle)
      throw error
    }
    self.path = path
    self.isReadOnly = readOnly
    self.observation = StatementObservation(log: log, tracing: .ifTracerIsSet(system: "sqlite"))
    self.handle = handle
    self.statements = SQLiteStatementCache()
    self.worker = ConnectionThread(name: "TypedSQL SQLite")
    self.busyWait = SQLiteBusyWait(timeout: busyTimeout, interruption: interruption)
    sqlite3_extended_result_codes(handle, 1)
    busyWait.install(on: handle)
    self.dialect = SQLiteDialect(
      version: .linked,
      maximumBindingCount: Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)))
    let dqs = typedsql_sqlite3_disable_double_quoted_strings(handle)
    guard dqs == SQLITE_OK else { throw SQLiteError.last(on: handle, code: dqs, sql: nil) }
    // A statement of cancelled work stops at its next check (SQLITE_INTERRUPT). The check runs
    // on the thread stepping the statement, so it never stops another caller's.
    let interruption = Unmanaged.passUnretained(interruption).toOpaque()
    sqlite3_progress_handler(handle, Self.stepsBetweenCancellationChecks, { interruption in
      guard let interruption else { return 0 }
      return Unmanaged<Interruption>.fromOpaque(interruption).takeUnretainedValue().isRequestedOnCurrentThread ? 1 : 0
    }, interruption)
    try execute("PRAGMA foreign_keys = ON")
  }

  deinit {
    statements.finalizeAll()
    sqlite3_close_v2(handle)
  }

  /// Closes the connection; any later call throws. Closing twice does nothing.
  public func close() {
    lock.withLock {
      statements.finalizeAll()
      sqlite3_close_v2(handle)
      handle = nil
    }
  }

  // MARK: Database

  /// Runs raw SQL, possibly several statements, with `sqlite3_exec`; text holding a NUL byte
  /// throws rather than run only up to it.
  public func execute(_ sql: String) throws {
    _ = try observation.run(sql, bindings: [], rowCount: { $0 }) { try run(sql) }
  }

  /// Runs raw SQL that undoes what cancelled work did (a rollback, the end of a read-only
  /// stretch): it runs even when that work was cancelled (see `Interruption`).
  private func executeUndoing(_ sql: String) throws {
    _ = try observation.run(sql, bindings: [], rowCount: { $0 }) { try run(sql, exemptFromCancellation: true) }
  }

  /// Runs raw SQL and returns how many rows its last statement changed.
  private func run(_ sql: String, exemptFromCancellation: Bool = false) throws -> Int {
    guard !sql.utf8.contains(0) else {
      // sqlite3_exec would run the text up to the NUL and silently ignore the rest.
      throw SQLiteError(code: SQLITE_MISUSE, message: "the SQL text holds a NUL byte", sql: sql)
    }
    return try withOpenHandle(sql: sql, exemptFromCancellation: exemptFromCancellation) { handle in
      if refusesWrites { return try Self.runRefusingWrites(sql, on: handle) }
      var message: UnsafeMutablePointer<CChar>?
      let code = sqlite3_exec(handle, sql, nil, nil, &message)
      guard code == SQLITE_OK else {
        let text = message.map { String(cString: $0) }
        sqlite3_free(message)
        let error = SQLiteError.last(on: handle, code: code, sql: sql)
        throw SQLiteError(code: error.code, message: text ?? error.message, sql: sql)
      }
      return Int(sqlite3_changes(handle))
    }
  }

  /// Runs raw SQL statement by statement, as `sqlite3_exec` would, refusing the first that would
  /// write before it runs; returns how many rows the last statement changed.
  private static func runRefusingWrites(_ sql: String, on handle: OpaquePointer) throws -> Int {
    try sql.withCString { start in
      var next: UnsafePointer<CChar>? = start
      while let current = next, current.pointee != 0 {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, current, -1, &statement, &next)
        guard code == SQLITE_OK else { throw SQLiteError.last(on: handle, code: code, sql: sql) }
        guard let statement else { continue }  // only whitespace or a comment
        defer { sqlite3_finalize(statement) }
        try refuseWriting(statement, sql: sql)
        try stepToEnd(statement)
      }
      return Int(sqlite3_changes(handle))
    }
  }

  /// Throws `SQLITE_READONLY` when `statement`, of `sql`, would write: inside a read.
  static func refuseWriting(_ statement: OpaquePointer, sql: String) throws {
    guard sqlite3_stmt_readonly(statement) == 0 else { return }
    throw SQLiteError(
      code: SQLITE_READONLY, message: "a read cannot write; run the statement in a write", sql: sql)
  }

  /// Throws `SQLITE_READONLY` when the statement the user prepared would write: inside a read.
  @usableFromInline
  func refuseWriting(_ prepared: SQLitePreparedStatement) throws {
    try Self.refuseWriting(prepared.statement, sql: prepared.query.sql)
  }

  /// Runs a rendered statement with the cached prepared statement for its SQL, stepping past any
  /// rows it returns.
  public func execute(_ query: RenderedSQL) throws {
    _ = try observation.run(query.sql, bindings: query.bindings, rowCount: { $0 }) {
      try withStatement(query) { statement in
        try Self.stepToEnd(statement)
        return Int(sqlite3_changes(sqlite3_db_handle(statement)))
      }
    }
  }

  /// Runs a rendered statement with the cached prepared statement for its SQL and decodes every
  /// row, naming the SQL in any decoding error.
  @inlinable
  public func fetchAll<Row: QueryRow>(_ query: RenderedSQL, as row: Row.Type) throws -> [Row.Output] {
    try observation.run(query.sql, bindings: query.bindings, rowCount: { $0.count }) {
      try withStatement(query) { try Self.decodeRows($0, sql: query.sql, as: row) }
    }
  }

  /// Runs a rendered statement with the cached prepared statement for its SQL and decodes its
  /// first row, if any, naming the SQL in any decoding error.
  @inlinable
  public func fetchOne<Row: QueryRow>(_ query: RenderedSQL, as row: Row.Type) throws -> Row.Output? {
    try observation.run(query.sql, bindings: query.bindings, rowCount: { $0 == nil ? 0 : 1 }) {
      try withStatement(query) { try Self.decodeFirstRow($0, sql: query.sql, as: row) }
    }
  }

  /// Runs `body` holding the connection's lock, which is recursive: calls on the same thread nest,
  /// and other threads wait.
  @inlinable
  public func withConnection<Result>(_ body: () throws -> Result) rethrows -> Result {
    try lock.withLock(body)
  }

  /// Runs `body` in a transaction begun with `BEGIN IMMEDIATE`, which takes SQLite's write lock at
  /// once; it commits when `body` returns and rolls back when it throws. A nested call runs in a
  /// savepoint.
  public func transaction<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
    // IMMEDIATE takes the write lock at once: a transaction that reads before it writes cannot
    // then fail with SQLITE_BUSY because another connection wrote in between.
    try inTransaction(beginning: "BEGIN IMMEDIATE", body)
  }

  /// Runs `body` in a read-only transaction: every statement sees the same committed state, and
  /// one that writes fails (`SQLITE_READONLY`) before it runs. Inside a transaction of this
  /// connection, `body` runs in it.
  public func read<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
    try lock.withLock {
      if transactionDepth > 0 || isReadOnly {
        return try inTransaction(beginning: "BEGIN DEFERRED", body)
      }
      // Not `PRAGMA query_only`: switching it makes SQLite prepare every cached statement
      // again at its next run, a `sqlite3_prepare` per statement after each read.
      refusesWrites = true
      defer { refusesWrites = false }
      return try inTransaction(beginning: "BEGIN DEFERRED", body)
    }
  }

  /// Runs `body` in a transaction, as ``transaction(_:)`` does.
  public func write<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
    try transaction(body)
  }

  /// Runs `body` in a transaction begun with `begin`, or in a savepoint when a transaction is
  /// open already: it commits when `body` returns and rolls back when it throws.
  private func inTransaction<Result>(
    beginning begin: String, _ body: (SQLiteDatabase) throws -> Result
  ) throws -> Result {
    try lock.withLock {
      let depth = transactionDepth
      let savepoint = depth == 0 ? "" : "\"typedsql_savepoint_\(depth)\""
      try executeTransactionControl(depth == 0 ? begin : "SAVEPOINT \(savepoint)")
      transactionDepth += 1
      defer { transactionDepth -= 1 }
      do {
        let result = try body(self)
        try executeTransactionControl(depth == 0 ? "COMMIT" : "RELEASE \(savepoint)")
        return result
      } catch {
        // The body's error is the one worth reporting; a failed rollback (SQLite may already
        // have rolled back after, say, a full disk) must not replace it.
        if depth == 0 {
          try? executeUndoing("ROLLBACK")
        } else {
          try? executeUndoing("ROLLBACK TO \(savepoint)")
          try? executeUndoing("RELEASE \(savepoint)")
        }
        throw error
      }
    }
  }

  /// Runs a statement that begins or ends a transaction or a savepoint, as `execute(_:)` would,
  /// but with a statement prepared once and kept: `sqlite3_exec` prepared it again for every
  /// transaction. It reads and writes no table, so table-access tracking hears of it only as it
  /// did then, through the authorizer when it is prepared.
  private func executeTransactionControl(_ sql: String) throws {
    _ = try observation.run(sql, bindings: [], rowCount: { $0 }) {
      try withOpenHandle(sql: sql) { handle in
        let statement = try statements.statement(for: sql, on: handle)
        defer { sqlite3_reset(statement) }
        try Self.stepToEnd(statement)
        return Int(sqlite3_changes(handle))
      }
    }
  }

  /// Whether the calling thread holds the connection, in ``withConnection(_:)`` or a
  /// transaction.
  var isHeldByCurrentThread: Bool { lock.isHeldByCurrentThread }

  /// Runs `body` with the open handle, holding the connection; `sql` names the statement in the
  /// error when the connection is closed. Unless `exemptFromCancellation`, it throws
  /// `CancellationError` instead when the work it belongs to was cancelled.
  @inlinable
  func withOpenHandle<Result>(
    sql: @autoclosure () -> String? = nil, exemptFromCancellation: Bool = false,
    _ body: (OpaquePointer) throws -> Result
  ) throws -> Result {
    try lock.withLock {
      guard let handle else { throw Self.closedConnectionError(sql: sql()) }
      if !exemptFromCancellation { try interruption.checkNotRequested() }
      defer { if tracksTableAccess { announceCommitted(on: handle) } }
      return try body(handle)
    }
  }

  /// How many prepared statements the connection holds in its cache.
  var cachedStatementCount: Int {
    lock.withLock { statements.count }
  }

  // MARK: Statements

  /// The error for a call on a closed connection; `sql` names the statement.
  @usableFromInline
  static func closedConnectionError(sql: String?) -> SQLiteError {
    SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed", sql: sql)
  }

  /// Runs `body` with the cached statement for `query`, bound to its values, and resets it after.
  ///
  /// When the cached statement is running already (a ``SQLiteFunction`` called by it runs the
  /// same SQL on this connection), this call prepares a statement of its own, so the outer one
  /// is neither rebound nor reset. While live queries need to know, `tableAccess` hears of the
  /// statement (see `SQLiteTableAccess`).
  @usableFromInline
  func withStatement<Result>(
    _ query: RenderedSQL, _ body: (OpaquePointer) throws -> Result
  ) throws -> Result {
    try withOpenHandle(sql: query.sql) { handle in
      let isFollowed = tracksTableAccess
      if isFollowed { tableAccess.statementWillBePrepared() }
      var statement = try statements.statement(for: query.sql, on: handle)
      let ownsStatement = sqlite3_stmt_busy(statement) != 0
      if ownsStatement { statement = try SQLiteStatementCache.prepare(query.sql, on: handle) }
      defer {
        if ownsStatement {
          if isFollowed { tableAccess.statementWillBeFinalized(statement) }
          sqlite3_finalize(statement)
        } else {
          // The statement keeps its values until its next run binds new ones, as a prepared
          // statement does: clearing them freed SQLite's copies of its text, which the next run
          // then allocated again.
          sqlite3_reset(statement)
        }
      }
      // A run with fewer values than placeholders leaves the rest NULL, as SQLite does for a
      // new statement, not holding an earlier run's values.
      if query.bindings.count < sqlite3_bind_parameter_count(statement) { sqlite3_clear_bindings(statement) }
      if refusesWrites { try Self.refuseWriting(statement, sql: query.sql) }
      for (index, value) in query.bindings.enumerated() {
        try bind(value, at: Int32(index + 1), to: statement, sql: query.sql)
      }
      guard isFollowed else { return try body(statement) }
      tableAccess.statementWillRun(statement)
      defer { tableAccess.statementDidRun(statement) }
      return try body(statement)
    }
  }

  /// Steps `statement` through every row it returns, discarding them.
  @usableFromInline
  static func stepToEnd(_ statement: OpaquePointer) throws {
    var cursor = SQLiteRowCursor(statement: statement)
    while try cursor.nextRow() != nil {}
  }

  /// Decodes every row `statement` returns, attaching `sql` to any decoding error.
  @inlinable
  static func decodeRows<Row: QueryRow>(_ statement: OpaquePointer, sql: String, as row: Row.Type) throws -> [Row.Output] {
    var cursor = SQLiteRowCursor(statement: statement)
    return try QueryDecodingError.attaching(sql: sql) { try Row.decodeRows(&cursor) }
  }

  /// Decodes the first row `statement` returns, if any, attaching `sql` to any decoding error.
  @inlinable
  static func decodeFirstRow<Row: QueryRow>(_ statement: OpaquePointer, sql: String, as row: Row.Type) throws -> Row.Output? {
    var cursor = SQLiteRowCursor(statement: statement)
    return try QueryDecodingError.attaching(sql: sql) { try Row.decodeFirstRow(&cursor) }
  }

  /// Binds `value` to placeholder `index` of `statement`, throwing SQLite's error.
  ///
  /// Inlinable, like the value switch below, so that binding an argument costs the
  /// `sqlite3_bind_*` call and a branch.
  @inlinable
  func bind(
    _ value: QueryBinding, at index: Int32, to statement: OpaquePointer, sql: @autoclosure () -> String
  ) throws {
    let code = try Self.bindValue(value, at: index, to: statement)
    guard code == SQLITE_OK else {
      throw SQLiteError.last(on: sqlite3_db_handle(statement), code: code, sql: sql())
    }
  }

  /// Binds one value and returns SQLite's result code. Numbers bind inline; text, dates, UUIDs
  /// and blobs go through `bindStoredValue(_:at:to:)`.
  @inlinable
  static func bindValue(_ value: QueryBinding, at index: Int32, to statement: OpaquePointer) throws -> Int32 {
    switch value {
    case .null:
      return sqlite3_bind_null(statement, index)
    case .int(let value):
      return sqlite3_bind_int64(statement, index, value)
    case .double(let value):
      return sqlite3_bind_double(statement, index, value)
    case .bool(let value):
      return sqlite3_bind_int64(statement, index, value ? 1 : 0)
    default:
      return try bindStoredValue(value, at: index, to: statement)
    }
  }

  /// Binds a value SQLite copies: text (dates and UUIDs as text) or a blob.
  @usableFromInline
  static func bindStoredValue(_ value: QueryBinding, at index: Int32, to statement: OpaquePointer) throws -> Int32 {
    switch value {
    case .null, .int, .double, .bool:
      return try bindValue(value, at: index, to: statement)
    case .text(var text), .json(var text), .jsonb(var text):
      // JSONB is bound as its text; the statement converts it (`jsonb(?)`).
      return text.withUTF8 { bindText($0, at: index, to: statement) }
    case .date(let date):
      return ISO8601Text.withUTF8(of: date) { bindText($0, at: index, to: statement) }
    case .uuid(let uuid):
      var text = uuid.uuidString.lowercased()
      return text.withUTF8 { bindText($0, at: index, to: statement) }
    case .blob(let bytes):
      // An empty array may have no storage; a null pointer would bind NULL, not an empty blob.
      guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(statement, index, 0) }
      return bytes.withUnsafeBytes { buffer in
        typedsql_sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count))
      }
    case .array:
      throw QueryBindingError("SQLite has no array values; bind each value of the list on its own")
    case .invalid(let error):
      throw error
    }
  }

  /// Binds UTF-8 text, which SQLite copies.
  private static func bindText(_ text: UnsafeBufferPointer<UInt8>, at index: Int32, to statement: OpaquePointer) -> Int32 {
    typedsql_sqlite3_bind_text(
      statement, index, UnsafeRawPointer(text.baseAddress)?.assumingMemoryBound(to: CChar.self),
      Int32(text.count))
  }
}
