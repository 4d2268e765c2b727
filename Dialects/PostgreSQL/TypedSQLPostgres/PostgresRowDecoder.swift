import CLibPQ
import Foundation
import TypedSQLCore

/// Reads one row of a libpq result by column index, in text or binary format (see
/// `PostgresResultFormat`); a value reads the same in either.
///
/// Each column's type (its OID) must suit the Swift type: an integer type for `Int`, `boolean` for
/// `Bool`, `bytea` for bytes, and so on; `numeric` (what `avg` and `sum` of big integers return)
/// reads as a `Double`, or as an integer when it has no fraction.
///
/// Its common reads are inlined, so that decoding a row type becomes, in the module that declares
/// the row, direct libpq calls with no Swift call per column.
public struct PostgresRowDecoder: QueryDecoder {
  @usableFromInline let result: OpaquePointer
  @usableFromInline let row: Int32
  /// Each column's type (its OID), read once per result.
  @usableFromInline let columnTypes: UnsafeBufferPointer<Oid>
  /// Whether the result's values are in binary format.
  @usableFromInline let isBinary: Bool
  /// The index of the column the next read takes.
  @usableFromInline var index = 0
  /// The column ``decodeNil()`` last found not `NULL`, so that reading it does not ask libpq
  /// again; -1 for none.
  @usableFromInline var checkedColumn: Int32 = -1
  /// The length of ``checkedColumn``'s value, which told ``decodeNil()`` it is not `NULL`.
  @usableFromInline var checkedLength: Int32 = 0

  /// The zero-based index of the column the next read takes.
  @inlinable
  public var columnIndex: Int { index }
  /// How many columns the result has.
  @inlinable
  var columnCount: Int32 { Int32(columnTypes.count) }

  @usableFromInline
  init(result: OpaquePointer, row: Int32, columnTypes: UnsafeBufferPointer<Oid>, isBinary: Bool) {
    self.result = result
    self.row = row
    self.columnTypes = columnTypes
    self.isBinary = isBinary
  }

  /// Whether the column `offset` past the current one holds `NULL`; a column past the row's
  /// last does not (reading it reports that it is missing), as on SQLite and MySQL.
  @inlinable
  public func isNull(atOffset offset: Int) -> Bool {
    let column = Int32(index + offset)
    return column < columnCount && PQgetisnull(result, row, column) == 1
  }

  /// If the current column holds `NULL`, consumes it and returns `true`; otherwise consumes
  /// nothing, and the read that follows asks libpq neither whether it is `NULL` nor its length
  /// again. A column past the row's last is not `NULL`: the read that follows reports it.
  @inlinable @inline(__always)
  public mutating func decodeNil() -> Bool {
    let column = Int32(index)
    guard column < columnCount else { return false }
    let length = PQgetlength(result, row, column)
    if holdsNull(column, length: length) {
      index += 1
      return true
    }
    checkedColumn = column
    checkedLength = length
    return false
  }

  /// Whether column `column`, whose value's length is `length`, holds `NULL`. A `NULL` has
  /// length 0, so only an empty value (empty text) needs asking.
  @inlinable @inline(__always)
  func holdsNull(_ column: Int32, length: Int32) -> Bool {
    length == 0 && PQgetisnull(result, row, column) == 1
  }

  @inlinable
  public mutating func skipColumns(_ count: Int) {
    index += count
  }

  @inlinable @inline(__always)
  public mutating func decodeInt64() throws -> Int64 {
    let (value, type) = try next(expected: Int64.self)
    if isBinary, type == PostgresType.int8, value.count == 8 { return Int64(bigEndian: PostgresBinaryValue.load(value)) }
    return try integer(value, type: type)
  }

  /// A value of any integer type, in either format, or a whole `numeric`, as an integer.
  @usableFromInline
  func integer(_ value: UnsafeBufferPointer<CChar>, type: Oid) throws -> Int64 {
    switch type {
    case PostgresType.int2, PostgresType.int4, PostgresType.int8:
      if let parsed = isBinary ? PostgresBinaryValue.integer(value) : parseInteger(value) { return parsed }
    case PostgresType.numeric:
      // `sum` of bigints is numeric: accept it when it is a whole number in range.
      if let parsed = parseInteger(value) { return parsed }
      if let double = Double(text(value)), let exact = Int64(exactly: double) { return exact }
    default:
      break
    }
    throw mismatch(expected: Int64.self, value: value, type: type)
  }

  @inlinable @inline(__always)
  public mutating func decodeDouble() throws -> Double {
    let (value, type) = try next(expected: Double.self)
    if isBinary {
      switch type {
      case PostgresType.float8:
        if let double = PostgresBinaryValue.double(value) { return double }
      case PostgresType.int2, PostgresType.int4, PostgresType.int8:
        if let integer = PostgresBinaryValue.integer(value) { return Double(integer) }
      default:
        break
      }
      throw mismatch(expected: Double.self, value: value, type: type)
    }
    return try parseDouble(value, type: type)
  }

  /// A number in text format as a double.
  @usableFromInline
  func parseDouble(_ value: UnsafeBufferPointer<CChar>, type: Oid) throws -> Double {
    switch type {
    case PostgresType.float4, PostgresType.float8, PostgresType.numeric,
      PostgresType.int2, PostgresType.int4, PostgresType.int8:
      // libpq's values are NUL-terminated; strtod reads PostgreSQL's spellings of the special
      // values (`Infinity`, `-Infinity`, `NaN`) too.
      if let start = value.baseAddress, !value.isEmpty {
        var end: UnsafeMutablePointer<CChar>?
        let parsed = strtod(start, &end)
        if let end, UnsafePointer(end) == start + value.count { return parsed }
      }
    default:
      break
    }
    throw mismatch(expected: Double.self, value: value, type: type)
  }

  @inlinable @inline(__always)
  public mutating func decodeString() throws -> String {
    let (value, type) = try next(expected: String.self)
    switch type {
    case PostgresType.text, PostgresType.varchar, PostgresType.bpchar, PostgresType.name,
      PostgresType.unknown, PostgresType.tsvector:
      return text(value)
    default:
      throw mismatch(expected: String.self, value: value, type: type)
    }
  }

  public mutating func decodeBytes() throws -> [UInt8] {
    let (value, type) = try next(expected: [UInt8].self)
    if isBinary, type == PostgresType.bytea {
      return value.withMemoryRebound(to: UInt8.self, Array.init)
    }
    guard type == PostgresType.bytea, let bytes = bytesFromHex(value) else {
      throw mismatch(expected: [UInt8].self, value: value, type: type)
    }
    return bytes
  }

  @inlinable @inline(__always)
  public mutating func decodeBool() throws -> Bool {
    let (value, type) = try next(expected: Bool.self)
    guard type == PostgresType.bool, value.count == 1 else {
      throw mismatch(expected: Bool.self, value: value, type: type)
    }
    return isBinary ? value[0] != 0 : value[0] == UInt8(ascii: "t")
  }

  @inlinable @inline(__always)
  public mutating func decodeDate() throws -> Date {
    let (value, type) = try next(expected: Date.self)
    switch type {
    case PostgresType.timestamptz, PostgresType.timestamp, PostgresType.date:
      // The session runs in UTC: `2024-01-02 03:04:05.678+00`; `timestamp` and `date` are read
      // as UTC too. Years before 1 AD (`… BC`) have no Date here.
      let date = isBinary
        ? PostgresBinaryValue.date(value, type: type)
        : value.withMemoryRebound(to: UInt8.self, ISO8601Text.date(fromUTF8:))
      if let date { return date }
    case PostgresType.text, PostgresType.varchar:
      if let date = value.withMemoryRebound(to: UInt8.self, ISO8601Text.date(fromUTF8:)) { return date }
    default:
      break
    }
    throw mismatch(expected: Date.self, value: value, type: type)
  }

  public mutating func decodeUUID() throws -> UUID {
    let (value, type) = try next(expected: UUID.self)
    switch type {
    case PostgresType.uuid where isBinary:
      if let uuid = PostgresBinaryValue.uuid(value) { return uuid }
    case PostgresType.uuid, PostgresType.text, PostgresType.varchar, PostgresType.bpchar:
      if let uuid = UUID(uuidString: text(value)) { return uuid }
    default:
      break
    }
    throw mismatch(expected: UUID.self, value: value, type: type)
  }

  public mutating func decodeJSON() throws -> String {
    let (value, type) = try next(expected: String.self)
    switch type {
    case PostgresType.jsonb where isBinary:
      if let document = PostgresBinaryValue.jsonText(value, type: type) { return text(document) }
      throw mismatch(expected: String.self, value: value, type: type)
    case PostgresType.jsonb, PostgresType.json, PostgresType.text, PostgresType.varchar:
      return text(value)
    default:
      throw mismatch(expected: String.self, value: value, type: type)
    }
  }

  public func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError {
    let column = Int32(max(index - 1, 0))
    return QueryDecodingError(
      columnName: columnName(column), columnIndex: Int(column), expectedType: expected,
      storedValue: storedValue)
  }

  /// The current column's bytes (NUL-terminated, the terminator not counted, in text or binary
  /// format) and type; moves past it. `NULL` is an error: optionals check for it before decoding.
  @inlinable @inline(__always)
  mutating func next(expected: Any.Type) throws -> (UnsafeBufferPointer<CChar>, Oid) {
    let column = Int32(index)
    guard column < columnCount else { throw missingColumnError(column, expected: expected) }
    let length = column == checkedColumn ? checkedLength : PQgetlength(result, row, column)
    guard column == checkedColumn || !holdsNull(column, length: length),
      let bytes = PQgetvalue(result, row, column)
    else { throw nullError(column, expected: expected) }
    index += 1
    return (UnsafeBufferPointer(start: UnsafePointer(bytes), count: Int(length)), columnTypes[Int(column)])
  }

  /// The error for reading column `column`, past the row's last; out of line, so that reads
  /// stay small.
  @usableFromInline @inline(never)
  func missingColumnError(_ column: Int32, expected: Any.Type) -> QueryDecodingError {
    QueryDecodingError(
      columnName: "#\(column)", columnIndex: Int(column), expectedType: expected,
      storedValue: "nothing: the row has only \(columnCount) columns")
  }

  /// The error for reading column `column`, which holds `NULL`, as a value; out of line.
  @usableFromInline @inline(never)
  func nullError(_ column: Int32, expected: Any.Type) -> QueryDecodingError {
    QueryDecodingError(
      columnName: columnName(column), columnIndex: Int(column), expectedType: expected, storedValue: "NULL")
  }

  @inlinable
  func text(_ value: UnsafeBufferPointer<CChar>) -> String {
    PostgresBinaryValue.utf8(value)
  }

  /// Parses a decimal integer without building a `String`; nil if it is not one or overflows.
  @usableFromInline
  func parseInteger(_ value: UnsafeBufferPointer<CChar>) -> Int64? {
    var index = 0
    let isNegative = value.count > 0 && value[0] == CChar(UInt8(ascii: "-"))
    if isNegative { index = 1 }
    guard index < value.count else { return nil }
    var result: Int64 = 0
    while index < value.count {
      let digit = Int64(value[index]) - Int64(UInt8(ascii: "0"))
      guard digit >= 0, digit <= 9 else { return nil }
      let (shifted, overflow1) = result.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        isNegative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflow1, !overflow2 else { return nil }
      result = next
      index += 1
    }
    return result
  }

  /// The error for a value of type `type` that does not read as `expected`; out of line.
  @usableFromInline @inline(never)
  func mismatch(expected: Any.Type, value: UnsafeBufferPointer<CChar>, type: Oid) -> QueryDecodingError {
    let column = Int32(index - 1)
    return QueryDecodingError(
      columnName: columnName(column), columnIndex: Int(column), expectedType: expected,
      storedValue: "\(typeName(type))(\(String(reflecting: isBinary ? PostgresBinaryValue.text(value, type: type) : text(value))))")
  }

  private func columnName(_ index: Int32) -> String {
    PQfname(result, index).map { String(cString: $0) } ?? "#\(index)"
  }
}

/// Decodes PostgreSQL's `bytea` hex output, `\x0aff…`.
private func bytesFromHex(_ value: UnsafeBufferPointer<CChar>) -> [UInt8]? {
  guard value.count >= 2, value[0] == CChar(UInt8(ascii: "\\")), value[1] == CChar(UInt8(ascii: "x")) else {
    return nil
  }
  return value.withMemoryRebound(to: UInt8.self) { HexText.bytes(fromDigits: $0.dropFirst(2)) }
}
