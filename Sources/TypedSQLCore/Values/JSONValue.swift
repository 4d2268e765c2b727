/// A JSON value as rows built in SQL are read back: scalars parsed, numbers kept as written (so
/// a 64-bit integer loses nothing), arrays and objects kept with the text that spells them (a
/// JSON column nested in a row is read back as its text).
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  /// A number as written: `12`, `-0.5`, `1e3`.
  case number(String)
  case string(String)
  /// An array: its elements, and its text.
  case array([JSONValue], text: String)
  /// An object: its members in the order written, and its text.
  case object([(key: String, value: JSONValue)], text: String)

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)), (.string(let a), .string(let b)): return a == b
    case (.array(_, let a), .array(_, let b)), (.object(_, let a), .object(_, let b)): return a == b
    default: return false
    }
  }

  /// Parses `text`, which must hold one JSON value and nothing after it but white space.
  init(parsing text: String) throws(JSONSyntaxError) {
    var parser = JSONParser(Array(text.utf8))
    self = try parser.parseValue()
    parser.skipWhiteSpace()
    guard parser.isAtEnd else { throw parser.error("text after the value") }
  }

  /// The text of the value as JSON: a container's own text, a scalar spelled as JSON writes it.
  var jsonText: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let text): return text
    case .string(let text): return Self.quoted(text)
    case .array(_, let text), .object(_, let text): return text
    }
  }

  /// `text` as a JSON string literal.
  private static func quoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\r": quoted += "\\r"
      case "\t": quoted += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }
}

/// Where and why a JSON text does not parse.
struct JSONSyntaxError: Error, CustomStringConvertible {
  /// The byte offset the parser stopped at.
  var offset: Int
  /// What it expected there.
  var reason: String

  var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A recursive-descent parser over UTF-8 bytes.
private struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  /// How deep containers nest before the parser gives up, so a hostile text cannot exhaust the
  /// stack.
  private static let maximumDepth = 512
  private var depth = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { index == bytes.count }

  func error(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: index, reason: reason)
  }

  mutating func skipWhiteSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    skipWhiteSpace()
    guard index < bytes.count else { throw error("a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expect("true"); return .bool(true)
    case UInt8(ascii: "f"): try expect("false"); return .bool(false)
    case UInt8(ascii: "n"): try expect("null"); return .null
    default: return .number(try parseNumber())
    }
  }

  private mutating func expect(_ word: StaticString) throws(JSONSyntaxError) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      bytes[index..<index + count].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
    else { throw error("\(word)") }
    index += count
  }

  private mutating func enterContainer() throws(JSONSyntaxError) -> Int {
    depth += 1
    guard depth <= Self.maximumDepth else { throw error("containers nested deeper than \(Self.maximumDepth)") }
    let start = index
    index += 1
    return start
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    let start = try enterContainer()
    defer { depth -= 1 }
    var elements: [JSONValue] = []
    skipWhiteSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements, text: text(from: start))
    }
    elements.reserveCapacity(8)
    while true {
      elements.append(try parseValue())
      skipWhiteSpace()
      guard index < bytes.count else { throw error("',' or ']'") }
      defer { index += 1 }
      if bytes[index] == UInt8(ascii: "]") { break }
      guard bytes[index] == UInt8(ascii: ",") else { throw error("',' or ']'") }
    }
    return .array(elements, text: text(from: start))
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    let start = try enterContainer()
    defer { depth -= 1 }
    var members: [(key: String, value: JSONValue)] = []
    skipWhiteSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members, text: text(from: start))
    }
    // Room for a row's columns at once: grown from empty, a list of three was allocated twice.
    members.reserveCapacity(8)
    while true {
      skipWhiteSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("a key") }
      let key = try parseString()
      skipWhiteSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("':'") }
      index += 1
      members.append((key, try parseValue()))
      skipWhiteSpace()
      guard index < bytes.count else { throw error("',' or '}'") }
      defer { index += 1 }
      if bytes[index] == UInt8(ascii: "}") { break }
      guard bytes[index] == UInt8(ascii: ",") else { throw error("',' or '}'") }
    }
    return .object(members, text: text(from: start))
  }

  private func text(from start: Int) -> String {
    String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// A number's text: the bytes a number may hold, which must spell a number as JSON writes one
  /// or, failing that, as `Double` reads one.
  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    func isNumberByte(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        true
      default: false
      }
    }
    while index < bytes.count, isNumberByte(bytes[index]) { index += 1 }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard Self.isJSONNumber(bytes[start..<index]) || (!text.isEmpty && Double(text) != nil) else {
      index = start
      throw error("a value")
    }
    return text
  }

  /// Whether `bytes` spell a number as JSON writes one (RFC 8259): an optional minus, an integer
  /// without leading zeros, an optional fraction and an optional exponent. Checked before asking
  /// `Double`, whose parse (`strtod`) cost each number about 700 instructions.
  private static func isJSONNumber(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    func isDigit(at position: Int) -> Bool {
      position < bytes.endIndex && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    }
    func skipDigits() -> Bool {
      guard isDigit(at: index) else { return false }
      while isDigit(at: index) { index += 1 }
      return true
    }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if !skipDigits() {
      return false
    }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard skipDigits() else { return false }
    }
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() else { return false }
    }
    return index == bytes.endIndex
  }

  /// A string's text: each run of bytes between escapes made a `String` at once, so that a string
  /// with no escape, the usual one, is made straight from its bytes. (Appending each run's
  /// scalars one by one took most of a JSON row's decoding.)
  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    var text = ""
    var runStart = index
    while true {
      guard index < bytes.count else { throw error("the end of a string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let run = String(decoding: bytes[runStart..<index], as: UTF8.self)
        index += 1
        guard !text.isEmpty else { return run }
        text.append(run)
        return text
      }
      guard byte == UInt8(ascii: "\\") else {
        guard byte >= 0x20 else { throw error("no control character in a string") }
        index += 1
        continue
      }
      text.append(String(decoding: bytes[runStart..<index], as: UTF8.self))
      index += 1
      guard index < bytes.count else { throw error("an escape") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): text.append("\"")
      case UInt8(ascii: "\\"): text.append("\\")
      case UInt8(ascii: "/"): text.append("/")
      case UInt8(ascii: "b"): text.append("\u{08}")
      case UInt8(ascii: "f"): text.append("\u{0C}")
      case UInt8(ascii: "n"): text.append("\n")
      case UInt8(ascii: "r"): text.append("\r")
      case UInt8(ascii: "t"): text.append("\t")
      case UInt8(ascii: "u"): text.unicodeScalars.append(try parseUnicodeEscape())
      default: throw error("a valid escape")
      }
      runStart = index
    }
  }

  /// The scalar of `\uXXXX` (the `\u` consumed), joining a surrogate pair written as two escapes.
  private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let high = try parseHexQuad()
    if (0xD800..<0xDC00).contains(high) {
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
        throw error("the second half of a surrogate pair")
      }
      index += 2
      let low = try parseHexQuad()
      guard (0xDC00..<0xE000).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      else { throw error("the second half of a surrogate pair") }
      return scalar
    }
    guard let scalar = Unicode.Scalar(high) else { throw error("a Unicode scalar") }
    return scalar
  }

  private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw error("four hexadecimal digits") }
    index += 4
    return value
  }
}
