/// A stored value that could not be decoded into the Swift type a query expects.
///
/// It names the column (by name and index), the Swift type expected and what was stored, and
/// carries the SQL of the statement once a driver has attached it.
public struct QueryDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The table whose row was being decoded, when known.
  public var tableName: String?
  /// The result column's name as the database reports it.
  public var columnName: String
  /// The zero-based index of the result column.
  public var columnIndex: Int
  /// The Swift type the query expected, e.g. `"Int"`.
  public var expectedType: String
  /// What the column held, e.g. `NULL`, `text("abc")`.
  public var storedValue: String
  /// The SQL of the statement being decoded, when known.
  public var sql: String?

  /// Creates an error for one column of a result row.
  public init(
    columnName: String, columnIndex: Int, expectedType: Any.Type, storedValue: String,
    sql: String? = nil
  ) {
    self.columnName = columnName
    self.columnIndex = columnIndex
    self.expectedType = String(describing: expectedType)
    self.storedValue = storedValue
    self.sql = sql
  }

  public var description: String {
    let table = tableName.map { " of \"\($0)\"" } ?? ""
    var text =
      "cannot decode column \(columnIndex) \"\(columnName)\"\(table) as \(expectedType): it holds \(storedValue)"
    if let sql { text += " (in: \(StatementExcerpt.of(sql)))" }
    return text
  }
}

extension QueryDecodingError {
  /// Runs `body`, attaching `sql` to any decoding error it throws: drivers decode rows inside it.
  @inlinable
  public static func attaching<Result>(sql: String, to body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch var error as QueryDecodingError {
      error.sql = sql
      throw error
    }
  }
}

extension QueryDecodingError {
  /// Runs the read of a value of `type`, naming `type` in any decoding error it throws: an `Int`
  /// property reads a 64-bit integer column, and its error says `Int`, not `Int64`.
  @inlinable @inline(__always)
  public static func naming<Value>(_ type: Any.Type, _ read: () throws -> Value) throws -> Value {
    do {
      return try read()
    } catch var error as QueryDecodingError {
      error.expectedType = String(describing: type)
      throw error
    }
  }
}
