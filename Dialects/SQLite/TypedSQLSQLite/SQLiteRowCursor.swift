import CSQLite
import TypedSQLCore

/// Steps a SQLite statement row by row for decoding.
///
/// It keeps only the statement: an error names the statement's SQL as SQLite kept it
/// (`sqlite3_sql`), so a run copies no string.
public struct SQLiteRowCursor: QueryRowCursor {
  @usableFromInline let statement: OpaquePointer

  @inlinable
  init(statement: OpaquePointer) {
    self.statement = statement
  }

  /// Always 0: SQLite knows how many rows a statement returns only once it has stepped through
  /// them.
  @inlinable
  public var expectedRowCount: Int { 0 }

  /// Steps the statement (`sqlite3_step`) and returns a decoder of the row it reached, `nil` when
  /// the statement is done, or throws SQLite's error.
  @inlinable
  public mutating func nextRow() throws -> SQLiteRowDecoder? {
    switch sqlite3_step(statement) {
    case SQLITE_ROW: return SQLiteRowDecoder(statement: statement)
    case SQLITE_DONE: return nil
    case let code: throw SQLiteError.failed(statement, code: code)
    }
  }
}
