/// Bytes spelled as hexadecimal digits: how SQL literals, PostgreSQL's `bytea` output and rows
/// built as JSON write them.
public enum HexText {
  /// Lower-case hexadecimal digits of `bytes`.
  public static func digits(of bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8]()
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The bytes that `digits` (UTF-8, either case, two per byte) spell; nil for anything else.
  @inlinable
  public static func bytes(fromDigits digits: some Collection<UInt8>) -> [UInt8]? {
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = digits.startIndex
    while index != digits.endIndex {
      let next = digits.index(after: index)
      guard let high = nibble(digits[index]), let low = nibble(digits[next]) else { return nil }
      bytes.append(high << 4 | low)
      index = digits.index(after: next)
    }
    return bytes
  }

  @usableFromInline
  static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
