import CSQLite
import Foundation
import TypedSQLCore

/// Reads the arguments of a call to a ``SQLiteFunction`` by index, with the same rules as a row:
/// a value must already have the storage class its Swift type needs.
struct SQLiteValueDecoder: QueryDecoder {
  /// The arguments; nil for a call with none.
  let values: UnsafeMutablePointer<OpaquePointer?>?
  let count: Int
  let functionName: String
  private(set) var columnIndex = 0

  init(values: UnsafeMutablePointer<OpaquePointer?>?, count: Int, functionName: String) {
    self.values = values
    self.count = count
    self.functionName = functionName
  }

  func isNull(atOffset offset: Int) -> Bool {
    let index = columnIndex + offset
    return index < count && sqlite3_value_type(values?[index]) == SQLITE_NULL
  }

  mutating func skipColumns(_ count: Int) {
    columnIndex += count
  }

  mutating func decodeInt64() throws -> Int64 {
    sqlite3_value_int64(try next(expected: Int64.self, accepting: SQLITE_INTEGER))
  }

  mutating func decodeDouble() throws -> Double {
    sqlite3_value_double(try next(expected: Double.self, accepting: SQLITE_FLOAT, or: SQLITE_INTEGER))
  }

  mutating func decodeString() throws -> String {
    let value = try next(expected: String.self, accepting: SQLITE_TEXT)
    guard let text = sqlite3_value_text(value) else { return "" }
    let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
    guard let string = String(validatingUTF8Bytes: bytes) else {
      throw conversionError(expected: String.self, storedValue: "text of \(bytes.count) bytes that are not valid UTF-8")
    }
    return string
  }

  mutating func decodeBytes() throws -> [UInt8] {
    let value = try next(expected: [UInt8].self, accepting: SQLITE_BLOB)
    let count = Int(sqlite3_value_bytes(value))
    guard count > 0, let bytes = sqlite3_value_blob(value) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  mutating func decodeBool() throws -> Bool {
    switch sqlite3_value_int64(try next(expected: Bool.self, accepting: SQLITE_INTEGER)) {
    case 0: return false
    case 1: return true
    case let other: throw conversionError(expected: Bool.self, storedValue: "int(\(other)), neither 0 nor 1")
    }
  }

  func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError {
    QueryDecodingError(
      columnName: "argument \(columnIndex) of \(functionName)", columnIndex: max(columnIndex - 1, 0),
      expectedType: expected, storedValue: storedValue)
  }

  private mutating func next(expected: Any.Type, accepting type: Int32, or alternative: Int32 = -1) throws -> OpaquePointer? {
    guard columnIndex < count else {
      throw QueryDecodingError(
        columnName: "argument \(columnIndex + 1) of \(functionName)", columnIndex: columnIndex,
        expectedType: expected, storedValue: "nothing: the call has only \(count) arguments")
    }
    let value = values?[columnIndex]
    let storedType = sqlite3_value_type(value)
    guard storedType == type || storedType == alternative else {
      throw QueryDecodingError(
        columnName: "argument \(columnIndex + 1) of \(functionName)", columnIndex: columnIndex,
        expectedType: expected, storedValue: storedType == SQLITE_NULL ? "NULL" : "a value of SQLite type \(storedType)")
    }
    columnIndex += 1
    return value
  }
}
