import CSQLite
import TypedSQLCore

/// Steps a SQLite statement row by row for decoding.
public struct SQLiteRowCursor: QueryRowCursor {
  @usableFromInline let statement: OpaquePointer
  @usableFromInline let sql: String

  @inlinable
  init(statement: OpaquePointer, sql: String) {
    self.statement = statement
    self.sql = sql
  }

  @inlinable
  public var expectedRowCount: Int { 0 }

  @inlinable
  public mutating func nextRow() throws -> SQLiteRowDecoder? {
    switch sqlite3_step(statement) {
    case SQLITE_ROW: return SQLiteRowDecoder(statement: statement)
    case SQLITE_DONE: return nil
    case let code: throw SQLiteError.stepFailed(statement, code: code, sql: sql)
    }
  }
}
