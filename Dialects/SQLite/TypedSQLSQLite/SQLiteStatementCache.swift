import CSQLite

/// Prepared statements of one connection, keyed by their SQL text, so a query shape that runs
/// again skips `sqlite3_prepare_v2`.
struct SQLiteStatementCache {
  /// The most statements kept; past it the cache starts over, finalizing what it held.
  static let capacity = 256

  private var statements: [String: OpaquePointer] = [:]

  /// How many statements are cached.
  var count: Int { statements.count }

  /// The prepared statement for `sql`, preparing it on first use.
  mutating func statement(for sql: String, on handle: OpaquePointer) throws -> OpaquePointer {
    if let statement = statements[sql] { return statement }
    let statement = try Self.prepare(sql, on: handle)
    if statements.count >= Self.capacity { finalizeAll() }
    statements[sql] = statement
    return statement
  }

  /// Prepares `sql` for repeated use; the caller finalizes the statement.
  static func prepare(_ sql: String, on handle: OpaquePointer) throws -> OpaquePointer {
    var statement: OpaquePointer?
    let code = sql.withCString { text in
      sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    }
    guard code == SQLITE_OK, let statement else {
      throw SQLiteError.last(on: handle, code: code, sql: sql)
    }
    return statement
  }

  /// Finalizes every cached statement.
  mutating func finalizeAll() {
    for statement in statements.values { sqlite3_finalize(statement) }
    statements.removeAll()
  }
}
