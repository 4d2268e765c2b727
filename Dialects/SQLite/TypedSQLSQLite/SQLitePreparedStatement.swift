import CSQLite
import TypedSQLCore

/// A statement a ``SQLiteDatabase`` prepared for a `PreparedStatement` or `PreparedInsert`:
/// it owns its `sqlite3_stmt`, outside the connection's cache, with the statement's own values
/// bound once. Each run binds only the arguments.
public final class SQLitePreparedStatement: @unchecked Sendable {
  /// The statement as rendered, with a placeholder per argument.
  public let query: RenderedSQL
  // Used only under the owning connection's lock.
  @usableFromInline
  let statement: OpaquePointer
  /// How many arguments a run takes.
  @usableFromInline
  let argumentCount: Int
  /// Whether argument `i` has placeholder `i + 1`, as in every insert and most queries: then a
  /// run binds the arguments in order without looking their placeholders up.
  @usableFromInline
  let argumentsAreInPlaceholderOrder: Bool

  init(query: RenderedSQL, statement: OpaquePointer) {
    self.query = query
    self.statement = statement
    self.argumentCount = query.argumentPlaceholders.count
    self.argumentsAreInPlaceholderOrder = query.argumentPlaceholders.enumerated().allSatisfy {
      $0.element == $0.offset + 1
    }
  }

  deinit {
    // Safe after the connection closed: `sqlite3_close_v2` waits for its statements.
    sqlite3_finalize(statement)
  }
}

extension SQLiteDatabase {
  /// Prepares `query` in a statement of its own and binds the values that are not arguments.
  public func prepare(_ query: RenderedSQL) throws -> SQLitePreparedStatement {
    try withOpenHandle { handle in
      if tracksTableAccess { tableAccess.statementWillBePrepared() }
      let prepared = SQLitePreparedStatement(
        query: query, statement: try SQLiteStatementCache.prepare(query.sql, on: handle))
      if tracksTableAccess { tableAccess.statementDidRun(prepared.statement) }
      let arguments = Set(query.argumentPlaceholders)
      for (index, value) in query.bindings.enumerated() where !arguments.contains(index + 1) {
        try bind(value, at: Int32(index + 1), to: prepared.statement, sql: query.sql)
      }
      return prepared
    }
  }

  /// Binds `arguments` to the prepared statement's argument placeholders and runs it, stepping
  /// past any rows it returns.
  public func execute(_ statement: SQLitePreparedStatement, arguments: UnsafeBufferPointer<QueryBinding>) throws {
    _ = try observation.run(statement.query.sql, bindings: Array(arguments), rowCount: { $0 }) {
      try withPrepared(statement, arguments: arguments) { prepared in
        try Self.stepToEnd(prepared)
        return Int(sqlite3_changes(sqlite3_db_handle(prepared)))
      }
    }
  }

  /// Binds the values of `rows` straight into `statement` as each row encodes them, row after
  /// row, then runs it: see `Database.executeInsert(_:shape:rows:)`.
  @inlinable
  public func executeInsert<Rows: Collection>(
    _ statement: SQLitePreparedStatement, shape: UInt64, rows: Rows
  ) throws -> Bool where Rows.Element: InsertRow {
    // A logged or traced database binds through `execute(_:arguments:)`, which logs each
    // statement once, with its values when asked for; this path would only know after binding
    // whether the rows run here.
    guard statement.argumentsAreInPlaceholderOrder, observation == nil else { return false }
    return try withOpenHandle(sql: statement.query.sql) { _ in
      var binder = SQLiteInsertBinder(statement: statement.statement, shape: shape)
      for row in rows {
        binder.startRow()
        row.encodeColumns(into: &binder)
        guard binder.stop == nil else { break }
      }
      guard try binder.finish(argumentCount: statement.argumentCount) else {
        return false
      }
      defer { sqlite3_reset(statement.statement) }
      if refusesWrites { try refuseWriting(statement) }
      if tracksTableAccess { preparedStatementWillRun(statement.statement) }
      defer { if tracksTableAccess { preparedStatementDidRun(statement.statement) } }
      try Self.stepToEnd(statement.statement)
      return true
    }
  }

  /// Binds `arguments` to the prepared statement's argument placeholders, runs it and decodes
  /// every row.
  @inlinable
  public func fetchAll<Row: QueryRow>(
    _ statement: SQLitePreparedStatement, arguments: UnsafeBufferPointer<QueryBinding>, as row: Row.Type
  ) throws -> [Row.Output] {
    try observation.run(statement.query.sql, bindings: Array(arguments), rowCount: { $0.count }) {
      try withPrepared(statement, arguments: arguments) { try Self.decodeRows($0, sql: statement.query.sql, as: row) }
    }
  }

  /// Binds `arguments` to the prepared statement's argument placeholders, runs it and decodes its
  /// first row, if any.
  @inlinable
  public func fetchOne<Row: QueryRow>(
    _ statement: SQLitePreparedStatement, arguments: UnsafeBufferPointer<QueryBinding>, as row: Row.Type
  ) throws -> Row.Output? {
    try observation.run(statement.query.sql, bindings: Array(arguments), rowCount: { $0 == nil ? 0 : 1 }) {
      try withPrepared(statement, arguments: arguments) {
        try Self.decodeFirstRow($0, sql: statement.query.sql, as: row)
      }
    }
  }

  /// Runs `body` holding the connection, with `arguments` bound to `statement`'s argument
  /// placeholders, and resets the statement after.
  @inlinable
  func withPrepared<Result>(
    _ statement: SQLitePreparedStatement, arguments: UnsafeBufferPointer<QueryBinding>,
    _ body: (OpaquePointer) throws -> Result
  ) throws -> Result {
    if arguments.count < statement.argumentCount {
      try statement.query.checkArgumentCount(arguments.count)
    }
    return try withOpenHandle(sql: statement.query.sql) { _ in
      if refusesWrites { try refuseWriting(statement) }
      defer { sqlite3_reset(statement.statement) }
      for index in 0..<statement.argumentCount {
        let placeholder =
          statement.argumentsAreInPlaceholderOrder ? index + 1 : statement.query.argumentPlaceholders[index]
        guard placeholder > 0 else { continue }  // an argument the statement does not use
        try bind(arguments[index], at: Int32(placeholder), to: statement.statement, sql: statement.query.sql)
      }
      if tracksTableAccess { preparedStatementWillRun(statement.statement) }
      defer { if tracksTableAccess { preparedStatementDidRun(statement.statement) } }
      return try body(statement.statement)
    }
  }

  /// Tells live queries' bookkeeping that a statement the user prepared runs (see
  /// `SQLiteTableAccess.statementWillRun(_:)`).
  @usableFromInline
  func preparedStatementWillRun(_ statement: OpaquePointer) {
    tableAccess.statementWillBePrepared()
    tableAccess.statementWillRun(statement)
  }

  /// Tells live queries' bookkeeping that a statement the user prepared ran (see
  /// `SQLiteTableAccess.statementDidRun(_:)`).
  @usableFromInline
  func preparedStatementDidRun(_ statement: OpaquePointer) {
    tableAccess.statementDidRun(statement)
  }
}
