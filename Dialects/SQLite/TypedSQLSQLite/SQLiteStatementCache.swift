import CSQLite
import TypedSQLCore

/// Prepared statements of one connection, keyed by their SQL text's bytes, so a query shape that
/// runs again skips `sqlite3_prepare_v3`. (Never by `String ==`: two canonically equivalent texts
/// with different bytes, such as literals or names spelled with a precomposed and a decomposed
/// é, are different statements.)
///
/// A statement may be running while another is prepared: a ``SQLiteFunction`` can query its own
/// connection between two steps of the statement that called it. So a full cache evicts one idle
/// statement, never one that is running (`sqlite3_stmt_busy`).
struct SQLiteStatementCache {
  /// The most statements kept; past it each new statement evicts an idle one.
  static let capacity = 256

  private var statements: [ExactText: OpaquePointer] = [:]
  /// The statement found last and its SQL: a loop that runs one query again and again finds it
  /// by comparing the text's bytes, without hashing them.
  private var lastFound: (sql: ExactText, statement: OpaquePointer)?

  /// Statements found by their text's hash lately, with the very string they were found by: a
  /// text kept and run again, such as each shape of a one-row insert (`RenderedStatementShapes`),
  /// is found among them by identity, reading no byte. The newest last.
  private var recentlyHashed: [(sql: String, statement: OpaquePointer)] = []
  /// The most entries of ``recentlyHashed``.
  private static let recentlyHashedCapacity = 16

  /// How many statements are cached.
  var count: Int { statements.count }

  /// The prepared statement for `sql`, preparing it on first use.
  mutating func statement(for sql: String, on handle: OpaquePointer) throws -> OpaquePointer {
    for recent in recentlyHashed.reversed() where ExactText.areIdentical(recent.sql, sql) {
      return recent.statement
    }
    let key = ExactText(sql)
    if let lastFound, lastFound.sql == key { return lastFound.statement }
    let statement: OpaquePointer
    if let cached = statements[key] {
      statement = cached
      if recentlyHashed.count == Self.recentlyHashedCapacity { recentlyHashed.removeFirst() }
      recentlyHashed.append((sql, statement))
    } else {
      statement = try Self.prepare(sql, on: handle)
      if statements.count >= Self.capacity { evictOneIdleStatement() }
      statements[key] = statement
    }
    lastFound = (key, statement)
    return statement
  }

  /// Finalizes and forgets one statement that is not running. When every cached statement is
  /// running, the cache grows instead: it holds at most one statement per level of nesting.
  private mutating func evictOneIdleStatement() {
    guard let idle = statements.first(where: { sqlite3_stmt_busy($0.value) == 0 }) else { return }
    statements.removeValue(forKey: idle.key)
    if lastFound?.statement == idle.value { lastFound = nil }
    recentlyHashed.removeAll { $0.statement == idle.value }
    sqlite3_finalize(idle.value)
  }

  /// Prepares `sql`, which must be exactly one statement, for repeated use; the caller finalizes
  /// the statement.
  ///
  /// SQL that holds a NUL byte, or a second statement after the first, is refused: SQLite would
  /// read up to the NUL or the end of the first statement and silently ignore the rest.
  static func prepare(_ sql: String, on handle: OpaquePointer) throws -> OpaquePointer {
    guard !sql.utf8.contains(0) else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "the SQL text holds a NUL byte", sql: sql)
    }
    var statement: OpaquePointer?
    var hasMoreStatements = false
    let code = sql.withCString { text in
      let length = sql.utf8.count
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(
        handle, text, Int32(length), UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
      if code == SQLITE_OK, let tail, tail < text + length {
        var next: OpaquePointer?
        sqlite3_prepare_v3(handle, tail, Int32(text + length - tail), 0, &next, nil)
        // Only whitespace and comments (no statement) may follow the first statement.
        hasMoreStatements = next != nil
        sqlite3_finalize(next)
      }
      return code
    }
    guard code == SQLITE_OK, let statement else {
      throw SQLiteError.last(on: handle, code: code, sql: sql)
    }
    guard !hasMoreStatements else {
      sqlite3_finalize(statement)
      throw SQLiteError(
        code: SQLITE_MISUSE,
        message: "the SQL text holds more than one statement; run each on its own, or use execute(_:) with a String",
        sql: sql)
    }
    return statement
  }

  /// Finalizes every cached statement.
  mutating func finalizeAll() {
    for statement in statements.values { sqlite3_finalize(statement) }
    statements.removeAll()
    lastFound = nil
    recentlyHashed.removeAll()
  }
}
