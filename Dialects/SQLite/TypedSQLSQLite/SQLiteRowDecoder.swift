import CSQLite
import TypedSQLCore

/// Reads the current row of a SQLite statement by column index.
///
/// Values must already have the storage class the Swift type needs (an `INTEGER` for `Int`,
/// `TEXT` for `String`, …); SQLite's lenient conversions are not applied, so a wrong type in a
/// column is an error naming it instead of a silently made-up value.
struct SQLiteRowDecoder: QueryDecoder {
  let statement: OpaquePointer
  private(set) var columnIndex = 0

  init(statement: OpaquePointer) {
    self.statement = statement
  }

  func isNull(atOffset offset: Int) -> Bool {
    sqlite3_column_type(statement, Int32(columnIndex + offset)) == SQLITE_NULL
  }

  mutating func skipColumns(_ count: Int) {
    columnIndex += count
  }

  mutating func decodeInt64() throws -> Int64 {
    let index = try next(expected: Int64.self, accepting: SQLITE_INTEGER)
    return sqlite3_column_int64(statement, index)
  }

  mutating func decodeDouble() throws -> Double {
    let index = try next(expected: Double.self, accepting: SQLITE_FLOAT, or: SQLITE_INTEGER)
    return sqlite3_column_double(statement, index)
  }

  mutating func decodeString() throws -> String {
    let index = try next(expected: String.self, accepting: SQLITE_TEXT)
    guard let text = sqlite3_column_text(statement, index) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  mutating func decodeBytes() throws -> [UInt8] {
    let index = try next(expected: [UInt8].self, accepting: SQLITE_BLOB)
    let count = Int(sqlite3_column_bytes(statement, index))
    guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  mutating func decodeBool() throws -> Bool {
    let index = try next(expected: Bool.self, accepting: SQLITE_INTEGER)
    switch sqlite3_column_int64(statement, index) {
    case 0: return false
    case 1: return true
    case let other:
      throw conversionError(expected: Bool.self, storedValue: "int(\(other)), neither 0 nor 1")
    }
  }

  func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError {
    let index = Int32(max(columnIndex - 1, 0))
    return QueryDecodingError(
      columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
      storedValue: storedValue)
  }

  /// Checks the current column's storage class (`type`, or `alternative`), moves past it, and
  /// returns its index.
  private mutating func next(expected: Any.Type, accepting type: Int32, or alternative: Int32 = -1)
    throws -> Int32
  {
    let index = Int32(columnIndex)
    guard index < sqlite3_column_count(statement) else {
      throw QueryDecodingError(
        columnName: "#\(index)", columnIndex: Int(index), expectedType: expected,
        storedValue: "nothing: the row has only \(sqlite3_column_count(statement)) columns")
    }
    let storedType = sqlite3_column_type(statement, index)
    guard storedType == type || storedType == alternative else {
      throw QueryDecodingError(
        columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
        storedValue: storedValue(index, type: storedType))
    }
    columnIndex += 1
    return index
  }

  private func columnName(_ index: Int32) -> String {
    sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "#\(index)"
  }

  /// A description of what column `index` holds, for errors.
  private func storedValue(_ index: Int32, type: Int32) -> String {
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
