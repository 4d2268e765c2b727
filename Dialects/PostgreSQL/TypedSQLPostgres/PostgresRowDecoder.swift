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
/// It is public so that decoding a row type specializes, in the module that declares the row,
/// into direct calls of these methods.
public struct PostgresRowDecoder: QueryDecoder {
  let result: OpaquePointer
  let row: Int32
  /// Each column's type (its OID), read once per result.
  let columnTypes: UnsafeBufferPointer<Oid>
  /// Whether the result's values are in binary format.
  let isBinary: Bool
  public private(set) var columnIndex = 0
  /// How many columns the result has.
  var columnCount: Int32 { Int32(columnTypes.count) }
  /// The column ``decodeNil()`` last found not `NULL`, so that reading it does not ask libpq
  /// again; -1 for none.
  var checkedColumn: Int32 = -1

  @usableFromInline
  init(result: OpaquePointer, row: Int32, columnTypes: UnsafeBufferPointer<Oid>, isBinary: Bool) {
    self.result = result
    self.row = row
    self.columnTypes = columnTypes
    self.isBinary = isBinary
  }

  /// Whether the column `offset` past the current one holds `NULL`; a column past the row's
  /// last does not (reading it reports that it is missing), as on SQLite and MySQL.
  public func isNull(atOffset offset: Int) -> Bool {
    let index = Int32(columnIndex + offset)
    return index < columnCount && PQgetisnull(result, row, index) == 1
  }

  /// If the current column holds `NULL`, consumes it and returns `true`; otherwise consumes
  /// nothing, and the read that follows does not ask whether it is `NULL` again. A column past
  /// the row's last is not `NULL`: the read that follows reports it.
  public mutating func decodeNil() -> Bool {
    guard isNull(atOffset: 0) else {
      checkedColumn = Int32(columnIndex)
      return false
    }
    columnIndex += 1
    return true
  }

  public mutating func skipColumns(_ count: Int) {
    columnIndex += count
  }

  public mutating func decodeInt64() throws -> Int64 {
    let (value, type) = try next(expected: Int64.self)
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

  public mutating func decodeBool() throws -> Bool {
    let (value, type) = try next(expected: Bool.self)
    guard type == PostgresType.bool, value.count == 1 else {
      throw mismatch(expected: Bool.self, value: value, type: type)
    }
    return isBinary ? value[0] != 0 : value[0] == UInt8(ascii: "t")
  }

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
    let index = Int32(max(columnIndex - 1, 0))
    return QueryDecodingError(
      columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
      storedValue: storedValue)
  }

  /// The current column's bytes (NUL-terminated, the terminator not counted, in text or binary
  /// format) and type; moves past it. `NULL` is an error: optionals check for it before decoding.
  private mutating func next(expected: Any.Type) throws -> (UnsafeBufferPointer<CChar>, Oid) {
    let index = Int32(columnIndex)
    guard index < columnCount else {
      throw QueryDecodingError(
        columnName: "#\(index)", columnIndex: Int(index), expectedType: expected,
        storedValue: "nothing: the row has only \(columnCount) columns")
    }
    guard index == checkedColumn || PQgetisnull(result, row, index) == 0, let bytes = PQgetvalue(result, row, index) else {
      throw QueryDecodingError(
        columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
        storedValue: "NULL")
    }
    columnIndex += 1
    let value = UnsafeBufferPointer(start: UnsafePointer(bytes), count: Int(PQgetlength(result, row, index)))
    return (value, columnTypes[Int(index)])
  }

  private func text(_ value: UnsafeBufferPointer<CChar>) -> String {
    PostgresBinaryValue.utf8(value)
  }

  /// Parses a decimal integer without building a `String`; nil if it is not one or overflows.
  private func parseInteger(_ value: UnsafeBufferPointer<CChar>) -> Int64? {
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

  private func mismatch(expected: Any.Type, value: UnsafeBufferPointer<CChar>, type: Oid) -> QueryDecodingError {
    let index = Int32(columnIndex - 1)
    return QueryDecodingError(
      columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
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
