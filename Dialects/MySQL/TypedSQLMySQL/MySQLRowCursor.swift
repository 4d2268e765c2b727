import CMariaDB
import TypedSQLCore

/// Steps through the rows of a prepared statement's stored result, fetching each into the
/// column buffers, for decoding.
public struct MySQLRowCursor: QueryRowCursor {
  @usableFromInline let statement: UnsafeMutablePointer<MYSQL_STMT>
  @usableFromInline let buffers: MySQLResultBuffers
  @usableFromInline let sql: String

  @usableFromInline
  init(statement: UnsafeMutablePointer<MYSQL_STMT>, buffers: MySQLResultBuffers, sql: String) {
    self.statement = statement
    self.buffers = buffers
    self.sql = sql
  }

  /// The rows the server returned: the result is stored on the client before decoding.
  public var expectedRowCount: Int { Int(mysql_stmt_num_rows(statement)) }

  /// The next row, fetched into the buffers; nil after the last one.
  public mutating func nextRow() throws -> MySQLRowDecoder? {
    switch mysql_stmt_fetch(statement) {
    case 0, MYSQL_DATA_TRUNCATED:
      return MySQLRowDecoder(buffers: buffers)
    case MYSQL_NO_DATA:
      return nil
    default:
      throw MySQLError.from(statement: statement, sql: sql)
    }
  }
}
