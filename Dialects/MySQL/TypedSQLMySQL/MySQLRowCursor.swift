import CMariaDB
import TypedSQLCore

/// Steps through the rows of a prepared statement's result, stored on the client or streamed
/// from the server, fetching each into the column buffers, for decoding.
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

  /// The rows the server returned, when the result is stored on the client before decoding;
  /// 0 when the rows stream from the server.
  public var expectedRowCount: Int { buffers.isStreamed ? 0 : Int(mysql_stmt_num_rows(statement)) }

  /// The next row, fetched into the buffers; nil after the last one.
  public mutating func nextRow() throws -> MySQLRowDecoder? {
    switch mysql_stmt_fetch(statement) {
    case 0:
      return MySQLRowDecoder(buffers: buffers)
    case MYSQL_DATA_TRUNCATED:
      try buffers.readTruncatedColumns(of: statement, sql: sql)
      return MySQLRowDecoder(buffers: buffers)
    case MYSQL_NO_DATA:
      return nil
    default:
      // Rows that end in an error (an overflow in the fifth row, say) leave Connector/C's
      // statement unable to run again: its next execution would wait for ever for an answer
      // the server never sends. Resetting it returns it to its prepared state. A streamed
      // row's failure is the connection's error, not the statement's.
      let error = mysql_stmt_errno(statement) != 0
        ? MySQLError.from(statement: statement, sql: sql) : MySQLError.from(connection: statement.pointee.mysql, sql: sql)
      mysql_stmt_reset(statement)
      throw error
    }
  }
}
