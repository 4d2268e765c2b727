import CLibPQ
import TypedSQLCore

/// Reads one row of a text-format libpq result by column index.
///
/// Each column's type (its OID) must suit the Swift type: an integer type for `Int`, `boolean` for
/// `Bool`, `bytea` for bytes, and so on; `numeric` (what `avg` and `sum` of big integers return)
/// reads as a `Double`, or as an integer when it has no fraction.
struct PostgresRowDecoder: QueryDecoder {
  let result: OpaquePointer
  let row: Int32
  private(set) var columnIndex = 0

  init(result: OpaquePointer, row: Int32) {
    self.result = result
    self.row = row
  }

  func isNull(atOffset offset: Int) -> Bool {
    PQgetisnull(result, row, Int32(columnIndex + offset)) == 1
  }

  mutating func skipColumns(_ count: Int) {
    columnIndex += count
  }

  mutating func decodeInt64() throws -> Int64 {
    let (text, type) = try next(expected: Int64.self)
    switch type {
    case PostgresType.int2, PostgresType.int4, PostgresType.int8, PostgresType.numeric:
      if let value = Int64(text) { return value }
      if type == PostgresType.numeric, let value = Double(text), let exact = Int64(exactly: value) {
        return exact
      }
      throw conversionError(expected: Int64.self, storedValue: "\(typeName(type))(\(text)), out of range")
    default:
      throw mismatch(expected: Int64.self, text: text, type: type)
    }
  }

  mutating func decodeDouble() throws -> Double {
    let (text, type) = try next(expected: Double.self)
    switch type {
    case PostgresType.float4, PostgresType.float8, PostgresType.numeric,
      PostgresType.int2, PostgresType.int4, PostgresType.int8:
      switch text {
      case "Infinity": return .infinity
      case "-Infinity": return -.infinity
      case "NaN": return .nan
      default:
        guard let value = Double(text) else { throw mismatch(expected: Double.self, text: text, type: type) }
        return value
      }
    default:
      throw mismatch(expected: Double.self, text: text, type: type)
    }
  }

  mutating func decodeString() throws -> String {
    let (text, type) = try next(expected: String.self)
    switch type {
    case PostgresType.text, PostgresType.varchar, PostgresType.bpchar, PostgresType.name,
      PostgresType.unknown:
      return text
    default:
      throw mismatch(expected: String.self, text: text, type: type)
    }
  }

  mutating func decodeBytes() throws -> [UInt8] {
    let (text, type) = try next(expected: [UInt8].self)
    guard type == PostgresType.bytea, let bytes = bytesFromHex(text) else {
      throw mismatch(expected: [UInt8].self, text: text, type: type)
    }
    return bytes
  }

  mutating func decodeBool() throws -> Bool {
    let (text, type) = try next(expected: Bool.self)
    guard type == PostgresType.bool else { throw mismatch(expected: Bool.self, text: text, type: type) }
    return text == "t"
  }

  func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError {
    let index = Int32(max(columnIndex - 1, 0))
    return QueryDecodingError(
      columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
      storedValue: storedValue)
  }

  /// The current column's text and type; moves past it. `NULL` is an error: optionals check for
  /// it before decoding.
  private mutating func next(expected: Any.Type) throws -> (String, Oid) {
    let index = Int32(columnIndex)
    guard index < PQnfields(result) else {
      throw QueryDecodingError(
        columnName: "#\(index)", columnIndex: Int(index), expectedType: expected,
        storedValue: "nothing: the row has only \(PQnfields(result)) columns")
    }
    guard PQgetisnull(result, row, index) == 0 else {
      throw QueryDecodingError(
        columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
        storedValue: "NULL")
    }
    columnIndex += 1
    let bytes = UnsafeRawPointer(PQgetvalue(result, row, index)!).assumingMemoryBound(to: UInt8.self)
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(PQgetlength(result, row, index))), as: UTF8.self)
    return (text, PQftype(result, index))
  }

  private func mismatch(expected: Any.Type, text: String, type: Oid) -> QueryDecodingError {
    let index = Int32(columnIndex - 1)
    return QueryDecodingError(
      columnName: columnName(index), columnIndex: Int(index), expectedType: expected,
      storedValue: "\(typeName(type))(\(String(reflecting: text)))")
  }

  private func columnName(_ index: Int32) -> String {
    PQfname(result, index).map { String(cString: $0) } ?? "#\(index)"
  }
}

/// Decodes PostgreSQL's `bytea` hex output, `\x0aff…`.
private func bytesFromHex(_ text: String) -> [UInt8]? {
  let utf8 = Array(text.utf8)
  guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0 else {
    return nil
  }
  func nibble(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
  var bytes: [UInt8] = []
  bytes.reserveCapacity((utf8.count - 2) / 2)
  var index = 2
  while index < utf8.count {
    guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
    bytes.append(high << 4 | low)
    index += 2
  }
  return bytes
}
