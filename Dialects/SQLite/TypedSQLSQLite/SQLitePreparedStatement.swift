import CSQLite
import TypedSQLCore

/// A statement a ``SQLiteDatabase`` prepared for a ``PreparedStatement`` or ``PreparedInsert``:
/// it owns its `sqlite3_stmt`, outside the connection's cache, with the statement's own values
/// bound once. Each run binds only the arguments.
public final class SQLitePreparedStatement: @unchecked Sendable {
  /// The statement as rendered, with a placeholder per argument.
  public let query: RenderedSQL
  // Used only under the owning connection's lock.
  @usableFromInline
  let statement: OpaquePointer

  init(query: RenderedSQL, statement: OpaquePointer) {
    self.query = query
    self.statement = statement
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
      var statement: OpaquePointer?
      let code = query.sql.withCString { text in
        sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
      }
      guard code == SQLITE_OK, let statement else {
        throw SQLiteError.last(on: handle, code: code, sql: query.sql)
      }
      let prepared = SQLitePreparedStatement(query: query, statement: statement)
      let arguments = Set(query.argumentPlaceholders)
      for (index, value) in query.bindings.enumerated() where !arguments.contains(index + 1) {
        try bind(value, at: Int32(index + 1), to: statement, sql: query.sql)
      }
      return prepared
    }
  }

  public func execute(_ statement: SQLitePreparedStatement, arguments: UnsafeBufferPointer<QueryBinding>) throws {
    try withPrepared(statement, arguments: arguments) { statement in
      var cursor = SQLiteRowCursor(statement: statement.statement, sql: statement.query.sql)
      while try cursor.nextRow() != nil {}
    }
  }

  @inlinable
  public func fetchAll<Row: QueryRow>(
    _ statement: SQLitePreparedStatement, arguments: UnsafeBufferPointer<QueryBinding>, as row: Row.Type
  ) throws -> [Row.Output] {
    try withPrepared(statement, arguments: arguments) { statement in
      var cursor = SQLiteRowCursor(statement: statement.statement, sql: statement.query.sql)
      return try QueryDecodingError.attaching(sql: statement.query.sql) { try Row.decodeRows(&cursor) }
    }
  }

  @inlinable
  public func fetchOne<Row: QueryRow>(
    _ statement: SQLitePreparedStatement, arguments: UnsafeBufferPointer<QueryBinding>, as row: Row.Type
  ) throws -> Row.Output? {
    try withPrepared(statement, arguments: arguments) { statement in
      var cursor = SQLiteRowCursor(statement: statement.statement, sql: statement.query.sql)
      return try QueryDecodingError.attaching(sql: statement.query.sql) { try Row.decodeFirstRow(&cursor) }
    }
  }

  /// Runs `body` holding the connection, with `arguments` bound to `statement`'s argument
  /// placeholders, and resets the statement after.
  @usableFromInline
  func withPrepared<Result>(
    _ statement: SQLitePreparedStatement, arguments: UnsafeBufferPointer<QueryBinding>,
    _ body: (SQLitePreparedStatement) throws -> Result
  ) throws -> Result {
    let placeholders = statement.query.argumentPlaceholders
    guard arguments.count >= placeholders.count else {
      throw DialectError.invalidStatement(
        "the statement takes \(placeholders.count) arguments; \(arguments.count) were given")
    }
    return try withOpenHandle(sql: statement.query.sql) { _ in
      defer { sqlite3_reset(statement.statement) }
      for (index, placeholder) in placeholders.enumerated() where placeholder > 0 {
        try bind(arguments[index], at: Int32(placeholder), to: statement.statement, sql: statement.query.sql)
      }
      return try body(statement)
    }
  }
}
