import CSQLite
import Foundation
import TypedSQLCore

/// Reads the current row of a SQLite statement by column index.
///
/// Values must already have the storage class the Swift type needs (an `INTEGER` for `Int`,
/// `TEXT` for `String`, …); SQLite's lenient conversions are not applied, so a wrong type in a
/// column is an error naming it instead of a silently made-up value.
///
/// Its reads are inlinable so that decoding a row type specializes, in the module that declares
/// the row, into direct `sqlite3_column_*` calls.
public struct SQLiteRowDecoder: QueryDecoder {
  @usableFromInline let statement: OpaquePointer
  /// The index of the column the next read takes.
  @usableFromInline var index = 0

  @inlinable
  public var columnIndex: Int { index }

  @inlinable
  init(statement: OpaquePointer) {
    self.statement = statement
  }

  @inlinable
  public func isNull(atOffset offset: Int) -> Bool {
    sqlite3_column_type(statement, Int32(index + offset)) == SQLITE_NULL
  }

  @inlinable
  public mutating func skipColumns(_ count: Int) {
    index += count
  }

  @inlinable
  public mutating func decodeInt64() throws -> Int64 {
    let index = try next(expected: Int64.self, accepting: SQLITE_INTEGER)
    return sqlite3_column_int64(statement, index)
  }

  @inlinable
  public mutating func decodeDouble() throws -> Double {
    let index = try next(expected: Double.self, accepting: SQLITE_FLOAT, or: SQLITE_INTEGER)
    return sqlite3_column_double(statement, index)
  }

  @inlinable
  public mutating func decodeString() throws -> String {
    let index = try next(expected: String.self, accepting: SQLITE_TEXT)
    guard let text = sqlite3_column_text(statement, index) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// Reads ISO-8601 text straight from the column's bytes, without making a `String`.
  @inlinable
  public mutating func decodeDate() throws -> Date {
    let index = try next(expected: Date.self, accepting: SQLITE_TEXT)
    let count = Int(sqlite3_column_bytes(statement, index))
    let text = UnsafeBufferPointer(start: sqlite3_column_text(statement, index), count: count)
    guard let date = ISO8601Text.date(fromUTF8: text) else {
      throw conversionError(
        expected: Date.self,
        storedValue: "text(\(String(reflecting: String(decoding: text, as: UTF8.self)))), not a date")
    }
    return date
  }

  @inlinable
  public mutating func decodeBytes() throws -> [UInt8] {
    let index = try next(expected: [UInt8].self, accepting: SQLITE_BLOB)
    let count = Int(sqlite3_column_bytes(statement, index))
    guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  @inlinable
  public mutating func decodeBool() throws -> Bool {
    let index = try next(expected: Bool.self, accepting: SQLITE_INTEGER)
    switch sqlite3_column_int64(statement, index) {
    case 0: return false
    case 1: return true
    case let other:
      throw conversionError(expected: Bool.self, storedValue: "int(\(other)), neither 0 nor 1")
    }
  }

  public func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError {
    let index = Int32(max(columnIndex - 1, 0))
    return QueryDecodingError(
      columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
      storedValue: storedValue)
  }

  /// Checks the current column's storage class (`type`, or `alternative`), moves past it, and
  /// returns its index.
  @inlinable
  mutating func next(expected: Any.Type, accepting type: Int32, or alternative: Int32 = -1)
    throws -> Int32
  {
    let column = Int32(index)
    guard column < sqlite3_column_count(statement) else {
      throw QueryDecodingError(
        columnName: "#\(column)", columnIndex: Int(column), expectedType: expected,
        storedValue: "nothing: the row has only \(sqlite3_column_count(statement)) columns")
    }
    let storedType = sqlite3_column_type(statement, column)
    guard storedType == type || storedType == alternative else {
      throw QueryDecodingError(
        columnName: columnName(column), columnIndex: Int(column), expectedType: expected,
        storedValue: storedValue(column, type: storedType))
    }
    index += 1
    return column
  }

  @usableFromInline
  func columnName(_ index: Int32) -> String {
    sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "#\(index)"
  }

  /// A description of what column `index` holds, for errors.
  @usableFromInline
  func storedValue(_ index: Int32, type: Int32) -> String {
    switch type {
    case SQLITE_NULL: return "NULL"
    case SQLITE_INTEGER: return "int(\(sqlite3_column_int64(statement, index)))"
    case SQLITE_FLOAT: return "double(\(sqlite3_column_double(statement, index)))"
    case SQLITE_TEXT:
      let text = sqlite3_column_text(statement, index).map { String(cString: $0) } ?? ""
      return "text(\(String(reflecting: text)))"
    default: return "blob(\(sqlite3_column_bytes(statement, index)) bytes)"
    }
  }
}
