import CSQLite
import Foundation
import TypedSQLCore

/// Reads the current row of a SQLite statement by column index.
///
/// Values must already have the storage class the Swift type needs (an `INTEGER` for `Int`,
/// `TEXT` for `String`, …); SQLite's lenient conversions are not applied, so a wrong type in a
/// column is an error naming it instead of a silently made-up value.
///
/// Each read takes the column's `sqlite3_value` once, then its type and contents from it: one
/// `sqlite3_column_value` call instead of a `sqlite3_column_*` call per question, each of which
/// goes through SQLite's API checks again. SQLite calls these values unprotected: they skip its
/// own mutex, which is safe here because the connection's lock is held for the whole read.
///
/// Its reads are always inlined, so that decoding a row type becomes, in the module that declares
/// the row, direct SQLite calls with no Swift call per column.
public struct SQLiteRowDecoder: QueryDecoder {
  @usableFromInline let statement: OpaquePointer
  /// The index of the column the next read takes.
  @usableFromInline var index = 0
  /// How many columns the row has, read once per row.
  @usableFromInline let columnCount: Int32
  /// The column `decodeNil()` last found not `NULL`, and its value: the read that follows
  /// takes it without asking SQLite again.
  @usableFromInline var checkedColumn: Int32 = -1
  @usableFromInline var checkedValue: OpaquePointer?

  /// The zero-based index of the column the next read takes.
  @inlinable
  public var columnIndex: Int { index }

  @inlinable
  init(statement: OpaquePointer) {
    self.statement = statement
    self.columnCount = sqlite3_column_count(statement)
  }

  /// Whether the column `offset` past the current one holds `NULL`, consuming nothing; a column
  /// past the row's last does not (reading it reports that it is missing).
  @inlinable
  public func isNull(atOffset offset: Int) -> Bool {
    let column = Int32(index + offset)
    return column < columnCount && sqlite3_column_type(statement, column) == SQLITE_NULL
  }

  /// If the current column holds `NULL`, moves past it and returns `true`; otherwise keeps the
  /// column's value for the read that follows. A column past the row's last is not `NULL`.
  @inlinable @inline(__always)
  public mutating func decodeNil() -> Bool {
    let column = Int32(index)
    // A missing column is not NULL: the read that follows reports it.
    guard column < columnCount else { return false }
    let value = sqlite3_column_value(statement, column)
    guard sqlite3_value_type(value) != SQLITE_NULL else {
      index += 1
      return true
    }
    checkedColumn = column
    checkedValue = value
    return false
  }

  /// Moves past `count` columns without reading them.
  @inlinable
  public mutating func skipColumns(_ count: Int) {
    index += count
  }

  /// Reads an `INTEGER` column; any other storage class throws.
  @inlinable @inline(__always)
  public mutating func decodeInt64() throws -> Int64 {
    sqlite3_value_int64(try next(expected: Int64.self, accepting: SQLITE_INTEGER))
  }

  /// Reads a `REAL` column, or an `INTEGER` one as a double; any other storage class throws.
  @inlinable @inline(__always)
  public mutating func decodeDouble() throws -> Double {
    sqlite3_value_double(try next(expected: Double.self, accepting: SQLITE_FLOAT, or: SQLITE_INTEGER))
  }

  /// Reads a `TEXT` column, which must be valid UTF-8; any other storage class throws.
  @inlinable @inline(__always)
  public mutating func decodeString() throws -> String {
    let value = try next(expected: String.self, accepting: SQLITE_TEXT)
    guard let text = sqlite3_value_text(value) else { return "" }
    let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
    guard let string = String(validatingUTF8Bytes: bytes) else { throw invalidUTF8Error(byteCount: bytes.count) }
    return string
  }

  /// Reads JSON text, or JSONB (the blob SQLite 3.45 and later store for binary JSON) as the
  /// JSON text it holds.
  public mutating func decodeJSON() throws -> String {
    let value = try next(expected: String.self, accepting: SQLITE_TEXT, or: SQLITE_BLOB)
    let count = Int(sqlite3_value_bytes(value))
    guard sqlite3_value_type(value) == SQLITE_BLOB else {
      guard let text = sqlite3_value_text(value) else { return "" }
      let bytes = UnsafeBufferPointer(start: text, count: count)
      guard let string = String(validatingUTF8Bytes: bytes) else { throw invalidUTF8Error(byteCount: bytes.count) }
      return string
    }
    do {
      return try SQLiteJSONB.jsonText(from: UnsafeRawBufferPointer(start: sqlite3_value_blob(value), count: count))
    } catch {
      throw conversionError(expected: String.self, storedValue: "blob of \(count) bytes that is not JSONB: \(error)")
    }
  }

  /// The error for text that is not valid UTF-8, out of line so that reading text stays small.
  @usableFromInline @inline(never)
  func invalidUTF8Error(byteCount: Int) -> QueryDecodingError {
    conversionError(expected: String.self, storedValue: "text of \(byteCount) bytes that are not valid UTF-8")
  }

  /// Reads ISO-8601 text straight from the column's bytes, without making a `String`.
  @inlinable @inline(__always)
  public mutating func decodeDate() throws -> Date {
    let value = try next(expected: Date.self, accepting: SQLITE_TEXT)
    let text = UnsafeBufferPointer(start: sqlite3_value_text(value), count: Int(sqlite3_value_bytes(value)))
    guard let date = ISO8601Text.date(fromUTF8: text) else {
      throw conversionError(
        expected: Date.self,
        storedValue: "text(\(String(reflecting: String(decoding: text, as: UTF8.self)))), not a date")
    }
    return date
  }

  /// Reads a `BLOB` column; any other storage class throws.
  @inlinable
  public mutating func decodeBytes() throws -> [UInt8] {
    let value = try next(expected: [UInt8].self, accepting: SQLITE_BLOB)
    let count = Int(sqlite3_value_bytes(value))
    guard count > 0, let bytes = sqlite3_value_blob(value) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// Reads an `INTEGER` column holding 0 or 1; any other value or storage class throws.
  @inlinable @inline(__always)
  public mutating func decodeBool() throws -> Bool {
    switch sqlite3_value_int64(try next(expected: Bool.self, accepting: SQLITE_INTEGER)) {
    case 0: return false
    case 1: return true
    case let other:
      throw conversionError(expected: Bool.self, storedValue: "int(\(other)), neither 0 nor 1")
    }
  }

  /// An error naming the column just read (by its name in the result), whose stored value could
  /// not become `expected`.
  public func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError {
    let index = Int32(max(columnIndex - 1, 0))
    return QueryDecodingError(
      columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
      storedValue: storedValue)
  }

  /// Checks the current column's storage class (`type`, or `alternative`), moves past it, and
  /// returns its value.
  ///
  /// Only the check is inlined into every read; building the error is out of line.
  @inlinable @inline(__always)
  mutating func next(expected: Any.Type, accepting type: Int32, or alternative: Int32 = -1)
    throws -> OpaquePointer
  {
    let column = Int32(index)
    if column < columnCount {
      let value = column == checkedColumn ? checkedValue! : sqlite3_column_value(statement, column)!
      let storedType = sqlite3_value_type(value)
      if storedType == type || storedType == alternative {
        index += 1
        return value
      }
    }
    throw mismatch(at: column, expected: expected)
  }

  /// The error for column `column`, which is missing or does not hold an `expected` value.
  @usableFromInline @inline(never)
  func mismatch(at column: Int32, expected: Any.Type) -> QueryDecodingError {
    guard column < columnCount else {
      return QueryDecodingError(
        columnName: "#\(column)", columnIndex: Int(column), expectedType: expected,
        storedValue: "nothing: the row has only \(columnCount) columns")
    }
    return QueryDecodingError(
      columnName: columnName(column), columnIndex: Int(column), expectedType: expected,
      storedValue: storedValue(column, type: sqlite3_column_type(statement, column)))
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
