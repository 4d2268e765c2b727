import Foundation

/// Reads one row from a JSON object built in SQL (``SQLExpression/jsonObject(_:)``): each
/// column is the member named by the column's name, decoded as the column itself decodes.
///
/// The object's values are what the databases' JSON functions write (see ``JSONValueForm``):
/// numbers, strings, `true`/`false` (or SQLite's `0`/`1`), hexadecimal text for bytes, dates as
/// ISO-8601 text, and nested JSON. A missing member reads as `NULL`. A column whose form turns
/// its stored value into text (a UUID's bytes, a date stored as a number) reads that text back
/// as the stored value.
struct JSONRowDecoder: QueryDecoder {
  /// The row's values, in column order.
  private let values: [JSONValue]
  private let columnNames: [String]
  /// Each column's form, in column order.
  private let forms: [JSONValueForm]
  private(set) var columnIndex = 0

  /// The values of `object`'s members named `columnNames`, in that order, written in `forms`.
  init(object members: [(key: String, value: JSONValue)], columnNames: [String], forms: [JSONValueForm]) {
    // Keys are compared by their bytes, as the database wrote them. SQLite keeps the members in
    // the order the object was built, the columns' order, so they are read in place; other
    // databases order them their own way, and they are looked up by key.
    let isInColumnOrder = members.count == columnNames.count
      && zip(members, columnNames).allSatisfy { ExactText.haveSameUTF8($0.key, $1) }
    if isInColumnOrder {
      self.values = members.map(\.value)
    } else {
      var byKey: [ExactText: JSONValue] = [:]
      for member in members { byKey[ExactText(member.key)] = member.value }
      self.values = columnNames.map { byKey[ExactText($0)] ?? .null }
    }
    self.columnNames = columnNames
    self.forms = forms
  }

  func isNull(atOffset offset: Int) -> Bool {
    let index = columnIndex + offset
    return index >= values.count || values[index] == .null
  }

  mutating func skipColumns(_ count: Int) {
    columnIndex += count
  }

  mutating func decodeInt64() throws -> Int64 {
    let form = currentForm
    let value = try next(expected: Int64.self)
    if form == .unixTimeText, case .string(let text) = value, let date = ISO8601Text.date(from: text) {
      return Int64(date.timeIntervalSince1970.rounded(.down))
    }
    if case .number(let text) = value {
      if let integer = Int64(text) { return integer }
      // A whole number written with a fraction or an exponent (`3.0`, `1e3`).
      if let double = Double(text), let integer = Int64(exactly: double) { return integer }
    }
    throw mismatch(expected: Int64.self, value)
  }

  mutating func decodeDouble() throws -> Double {
    let form = currentForm
    let value = try next(expected: Double.self)
    if form == .julianDayText, case .string(let text) = value, let date = ISO8601Text.date(from: text) {
      return Date.JulianDayRepresentation(queryOutput: date).julianDay
    }
    switch value {
    case .number(let text):
      if let double = Double(text) { return double }
    case .string(let text):
      // What JSON cannot write as a number: PostgreSQL writes these as strings.
      switch text {
      case "NaN": return .nan
      case "Infinity": return .infinity
      case "-Infinity": return -.infinity
      default: break
      }
    default:
      break
    }
    throw mismatch(expected: Double.self, value)
  }

  mutating func decodeString() throws -> String {
    let value = try next(expected: String.self)
    guard case .string(let text) = value else { throw mismatch(expected: String.self, value) }
    return text
  }

  mutating func decodeBytes() throws -> [UInt8] {
    let form = currentForm
    let value = try next(expected: [UInt8].self)
    if form == .uuidText, case .string(let text) = value, let uuid = UUID(uuidString: text) {
      return withUnsafeBytes(of: uuid.uuid) { Array($0) }
    }
    guard case .string(let text) = value, let bytes = HexText.bytes(fromDigits: text.utf8) else {
      throw mismatch(expected: [UInt8].self, value)
    }
    return bytes
  }

  mutating func decodeBool() throws -> Bool {
    let value = try next(expected: Bool.self)
    switch value {
    case .bool(let bool): return bool
    case .number("0"): return false
    case .number("1"): return true
    default: throw mismatch(expected: Bool.self, value)
    }
  }

  mutating func decodeJSON() throws -> String {
    let value = try next(expected: String.self)
    // JSON stored as text and not nested as JSON is a string holding the JSON's text.
    if case .string(let text) = value { return text }
    return value.jsonText
  }

  func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError {
    let index = max(columnIndex - 1, 0)
    return QueryDecodingError(
      columnName: index < columnNames.count ? columnNames[index] : "", columnIndex: index,
      expectedType: expected, storedValue: storedValue)
  }

  /// The current column's form.
  private var currentForm: JSONValueForm {
    columnIndex < forms.count ? forms[columnIndex] : .plain
  }

  /// The current column's value; moves past it. `null` is an error: optionals check for it first.
  private mutating func next(expected: Any.Type) throws -> JSONValue {
    let index = columnIndex
    guard index < values.count else {
      throw QueryDecodingError(
        columnName: "", columnIndex: index, expectedType: expected,
        storedValue: "nothing: the JSON object has only \(values.count) columns")
    }
    columnIndex += 1
    guard values[index] != .null else {
      throw conversionError(expected: expected, storedValue: "NULL")
    }
    return values[index]
  }

  private func mismatch(expected: Any.Type, _ value: JSONValue) -> QueryDecodingError {
    conversionError(expected: expected, storedValue: "json(\(value.jsonText))")
  }
}
