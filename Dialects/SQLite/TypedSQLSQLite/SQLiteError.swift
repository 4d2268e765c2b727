import CSQLite
import TypedSQLCore

/// An error reported by SQLite: its message and extended result code, with the SQL that caused it.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// SQLite's extended result code, e.g. 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
  public var code: Int32
  /// SQLite's message, e.g. `UNIQUE constraint failed: reminders.title`.
  public var message: String
  /// The SQL being prepared or run, when there was one.
  public var sql: String?

  /// Creates an error.
  public init(code: Int32, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// The primary result code, e.g. 19 (`SQLITE_CONSTRAINT`) for 2067.
  public var primaryCode: Int32 { code & 0xff }

  /// The code and the message, then the SQL in parentheses when there is one (its first 1,000
  /// characters, for a longer statement):
  /// `SQLite error 2067: UNIQUE constraint failed: reminders.title (in: INSERT …)`.
  public var description: String {
    var text = "SQLite error \(code): \(message)"
    if let sql { text += " (in: \(StatementExcerpt.of(sql)))" }
    return text
  }

  /// The error SQLite reported for a call on `statement` (a step, a bind), naming the
  /// statement's SQL as SQLite kept it (`sqlite3_sql`).
  @usableFromInline
  static func failed(_ statement: OpaquePointer, code: Int32) -> SQLiteError {
    last(on: sqlite3_db_handle(statement), code: code, sql: sqlite3_sql(statement).map { String(cString: $0) })
  }

  /// The error SQLite last reported on `handle`.
  @usableFromInline
  static func last(on handle: OpaquePointer?, code: Int32, sql: String?) -> SQLiteError {
    let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    let extendedCode = handle.map { sqlite3_extended_errcode($0) } ?? code
    return SQLiteError(
      code: extendedCode, message: message ?? String(cString: sqlite3_errstr(code)), sql: sql)
  }
}

extension SQLiteError: DatabaseErrorCode {
  /// SQLite's extended result code: `"2067"` for a unique constraint.
  public var databaseCode: String { String(code) }
}
