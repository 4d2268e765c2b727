import Foundation

/// Reads SQLite's JSONB, the binary JSON that SQLite 3.45 and later store, as the JSON text it
/// holds, so that a JSONB column decodes like a JSON one (see https://sqlite.org/jsonb.html).
///
/// Each element starts with a header: the low four bits of its first byte are the element's type;
/// the high four bits are the size of its payload (0 to 11), or say that the size follows in the
/// next 1, 2, 4 or 8 bytes, big-endian (12 to 15). Numbers are stored as their text, strings
/// without their quotes, arrays and objects as their elements one after another.
enum SQLiteJSONB {
  /// Why bytes are not JSONB.
  struct Malformed: Error, CustomStringConvertible {
    let description: String
  }

  /// The JSON text `bytes` hold.
  static func jsonText(from bytes: UnsafeRawBufferPointer) throws -> String {
    var reader = Reader(bytes: bytes)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 4)
    try reader.appendElement(to: &output, depth: 0)
    guard reader.offset == bytes.count else {
      throw Malformed(description: "\(bytes.count - reader.offset) bytes follow the JSON value")
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The deepest nesting read; SQLite itself refuses JSON nested deeper than 1000.
  static let maximumDepth = 1000

  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(bytes: UnsafeRawBufferPointer) {
      self.bytes = bytes
    }

    /// Reads one element's header: its type and the range of its payload.
    mutating func header() throws -> (type: UInt8, payload: Range<Int>) {
      guard offset < bytes.count else { throw Malformed(description: "a JSONB element ends early") }
      let first = bytes[offset]
      offset += 1
      let sizeCode = Int(first >> 4)
      var size = 0
      if sizeCode < 12 {
        size = sizeCode
      } else {
        let sizeBytes = 1 << (sizeCode - 12)
        guard bytes.count - offset >= sizeBytes else { throw Malformed(description: "a JSONB size ends early") }
        for _ in 0..<sizeBytes {
          guard size <= Int.max >> 8 else { throw Malformed(description: "a JSONB size is too large") }
          size = size << 8 | Int(bytes[offset])
          offset += 1
        }
      }
      guard size <= bytes.count - offset else {
        throw Malformed(description: "a JSONB element of \(size) bytes runs past the end")
      }
      defer { offset += size }
      return (first & 0x0F, offset..<(offset + size))
    }

    mutating func appendElement(to output: inout [UInt8], depth: Int) throws {
      let (type, payload) = try header()
      let text = UnsafeRawBufferPointer(rebasing: bytes[payload])
      switch type {
      case 0: output.append(contentsOf: "null".utf8)
      case 1: output.append(contentsOf: "true".utf8)
      case 2: output.append(contentsOf: "false".utf8)
      case 3, 5: output.append(contentsOf: text)  // INT, FLOAT: as JSON spells them
      case 4: try SQLiteJSONB.appendJSON5Integer(text, to: &output)
      case 6: try SQLiteJSONB.appendJSON5Float(text, to: &output)
      case 7, 8:  // TEXT (nothing to escape), TEXTJ (JSON escapes)
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: text)
        output.append(UInt8(ascii: "\""))
      case 9: try SQLiteJSONB.appendJSON5String(text, to: &output)
      case 10: SQLiteJSONB.appendEscapedString(text, to: &output)
      case 11, 12:
        guard depth < SQLiteJSONB.maximumDepth else { throw Malformed(description: "JSONB nested too deep") }
        var inner = Reader(bytes: text)
        let isObject = type == 12
        output.append(UInt8(ascii: isObject ? "{" : "["))
        var index = 0
        while inner.offset < text.count {
          if index > 0 { output.append(UInt8(ascii: ",")) }
          if isObject {
            let labelStart = inner.offset
            let (labelType, _) = try inner.header()
            guard (7...10).contains(labelType) else { throw Malformed(description: "a JSONB object label is not text") }
            inner.offset = labelStart
            try inner.appendElement(to: &output, depth: depth + 1)
            output.append(UInt8(ascii: ":"))
            guard inner.offset < text.count else { throw Malformed(description: "a JSONB object label has no value") }
          }
          try inner.appendElement(to: &output, depth: depth + 1)
          index += 1
        }
        output.append(UInt8(ascii: isObject ? "}" : "]"))
      default:
        throw Malformed(description: "JSONB element type \(type) is reserved")
      }
    }
  }

  /// INT5: a JSON5 integer, perhaps hexadecimal (`0x1F`) or signed with `+`.
  static func appendJSON5Integer(_ text: UnsafeRawBufferPointer, to output: inout [UInt8]) throws {
    var digits = Substring(String(decoding: text, as: UTF8.self))
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    if digits.lowercased().hasPrefix("0x") {
      guard let magnitude = UInt64(digits.dropFirst(2), radix: 16) else {
        throw Malformed(description: "JSONB integer \(String(digits)) is not a number")
      }
      // SQLite reads a hexadecimal literal past Int64 as a real; JSON can spell it either way.
      output.append(contentsOf: ((negative ? "-" : "") + String(magnitude)).utf8)
    } else {
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
        throw Malformed(description: "JSONB integer \(String(digits)) is not a number")
      }
      output.append(contentsOf: ((negative ? "-" : "") + digits).utf8)
    }
  }

  /// FLOAT5: a JSON5 number (`.5`, `5.`, `+1.0`, `Infinity`, `NaN`), as JSON spells it: what
  /// SQLite's `json()` writes, `9e999` for an infinity and `null` for NaN.
  static func appendJSON5Float(_ text: UnsafeRawBufferPointer, to output: inout [UInt8]) throws {
    var number = String(decoding: text, as: UTF8.self)
    if number.hasPrefix("+") { number.removeFirst() }
    let negative = number.hasPrefix("-")
    let magnitude = negative ? String(number.dropFirst()) : number
    switch magnitude {
    case "Infinity", "Inf": output.append(contentsOf: ((negative ? "-" : "") + "9e999").utf8)
    case "NaN": output.append(contentsOf: "null".utf8)
    default:
      guard let value = Double(magnitude), value.isFinite else {
        throw Malformed(description: "JSONB number \(number) is not a number")
      }
      var spelled = magnitude
      if spelled.hasPrefix(".") { spelled = "0" + spelled }
      if spelled.hasSuffix(".") { spelled += "0" }
      spelled = spelled.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
      output.append(contentsOf: ((negative ? "-" : "") + spelled).utf8)
    }
  }

  /// TEXT5: a string with JSON5's escapes (`\x41`, `\'`, `\v`, `\0`, a line continuation), as a
  /// JSON string.
  static func appendJSON5String(_ text: UnsafeRawBufferPointer, to output: inout [UInt8]) throws {
    output.append(UInt8(ascii: "\""))
    var index = 0
    func hexEscape(_ scalar: UInt32) {
      output.append(contentsOf: "\\u".utf8)
      let digits = String(scalar, radix: 16)
      output.append(contentsOf: (String(repeating: "0", count: 4 - digits.count) + digits).utf8)
    }
    while index < text.count {
      let byte = text[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < text.count else {
        output.append(byte)
        index += 1
        continue
      }
      let escaped = text[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "'"): output.append(escaped)
      case UInt8(ascii: "v"): hexEscape(0x0B)
      case UInt8(ascii: "0"): hexEscape(0)
      case UInt8(ascii: "x"):
        guard index + 2 <= text.count,
          let value = UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: text[index..<(index + 2)]), as: UTF8.self), radix: 16)
        else { throw Malformed(description: "a JSONB string has a bad \\x escape") }
        hexEscape(value)
        index += 2
      case UInt8(ascii: "\n"): break  // a line continuation
      case UInt8(ascii: "\r"):
        if index < text.count, text[index] == UInt8(ascii: "\n") { index += 1 }
      default:
        output.append(UInt8(ascii: "\\"))
        output.append(escaped)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// TEXTRAW: raw text, escaped as a JSON string.
  static func appendEscapedString(_ text: UnsafeRawBufferPointer, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case 0x0A: output.append(contentsOf: "\\n".utf8)
      case 0x0D: output.append(contentsOf: "\\r".utf8)
      case 0x09: output.append(contentsOf: "\\t".utf8)
      case 0..<0x20:
        let digits = String(byte, radix: 16)
        output.append(contentsOf: ("\\u00" + (digits.count == 1 ? "0" : "") + digits).utf8)
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
