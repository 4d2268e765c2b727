import CLibPQ
import Foundation
import TypedSQLCore

/// Reads PostgreSQL's binary representation of the types `PostgresResultFormat.readsBinary`
/// names, giving exactly the value their text reads as.
///
/// Numbers are big-endian; an instant is microseconds since 2000-01-01 00:00 UTC, a `date` days
/// since then; a `uuid` is its 16 bytes; a `jsonb` is a version byte (1) and the document's text;
/// text, `bytea` and `json` are their bytes.
@usableFromInline
enum PostgresBinaryValue {
  /// The integer of an `int2`, `int4` or `int8`, sign-extended; nil for any other width.
  @inlinable
  static func integer(_ value: UnsafeBufferPointer<CChar>) -> Int64? {
    switch value.count {
    case 2: return Int64(Int16(bigEndian: load(value)))
    case 4: return Int64(Int32(bigEndian: load(value)))
    case 8: return Int64(bigEndian: load(value))
    default: return nil
    }
  }

  /// The `double precision` of 8 bytes; nil for another width.
  @inlinable
  static func double(_ value: UnsafeBufferPointer<CChar>) -> Double? {
    value.count == 8 ? Double(bitPattern: UInt64(bigEndian: load(value))) : nil
  }

  /// The instant of a `timestamptz`, `timestamp` (read as UTC) or `date` (its midnight UTC), when
  /// it has a text TypedSQL reads: from year 1 through year 9999 (so never `infinity`).
  ///
  /// It is the same `Date` the text reads as: whole seconds plus the fraction of a second as a
  /// quotient, which IEEE division rounds once whatever trailing zeros the text drops.
  @usableFromInline
  static func date(_ value: UnsafeBufferPointer<CChar>, type: Oid) -> Date? {
    let seconds: Int64
    var microseconds: Int64 = 0
    switch (type, value.count) {
    case (PostgresType.date, 4):
      guard let days = integer(value) else { return nil }
      seconds = (days + daysFrom1970To2000) * 86_400
    case (PostgresType.timestamptz, 8), (PostgresType.timestamp, 8):
      guard let since2000 = integer(value), since2000 != .max, since2000 != .min else { return nil }
      let (whole, fraction) = since2000.quotientAndRemainder(dividingBy: 1_000_000)
      // Whole seconds rounded down, so that the fraction is never negative (as in the text).
      seconds = (fraction < 0 ? whole - 1 : whole) + daysFrom1970To2000 * 86_400
      microseconds = fraction < 0 ? fraction + 1_000_000 : fraction
    default:
      return nil
    }
    guard (firstSecondOfYear1..<firstSecondOfYear10000).contains(seconds) else { return nil }
    return Date(timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
  }

  /// The UUID of 16 bytes.
  static func uuid(_ value: UnsafeBufferPointer<CChar>) -> UUID? {
    guard value.count == 16 else { return nil }
    var uuid = UUID().uuid
    withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: UnsafeRawBufferPointer(value)) }
    return UUID(uuid: uuid)
  }

  /// The document's text of a `jsonb` (after its version byte, which must be 1) or a `json`.
  static func jsonText(_ value: UnsafeBufferPointer<CChar>, type: Oid) -> UnsafeBufferPointer<CChar>? {
    guard type == PostgresType.jsonb else { return value }
    guard value.first == 1 else { return nil }
    return UnsafeBufferPointer(rebasing: value.dropFirst())
  }

  /// The value as the server writes it in text, for an error that shows the value read.
  static func text(_ value: UnsafeBufferPointer<CChar>, type: Oid) -> String {
    switch type {
    case PostgresType.int2, PostgresType.int4, PostgresType.int8:
      if let integer = integer(value) { return String(integer) }
    case PostgresType.float8:
      if let double = double(value) { return double.isNaN ? "NaN" : double.isInfinite ? (double < 0 ? "-Infinity" : "Infinity") : "\(double)" }
    case PostgresType.bool:
      if value.count == 1 { return value[0] == 0 ? "f" : "t" }
    case PostgresType.bytea:
      return "\\x" + HexText.digits(of: value.withMemoryRebound(to: UInt8.self, Array.init))
    case PostgresType.uuid:
      if let uuid = uuid(value) { return uuid.uuidString.lowercased() }
    case PostgresType.date, PostgresType.timestamp, PostgresType.timestamptz:
      if let date = date(value, type: type) { return ISO8601Text.string(from: date) }
      return "a value outside years 1 to 9999"
    case PostgresType.jsonb:
      if let document = jsonText(value, type: type) { return utf8(document) }
    default:
      return utf8(value)
    }
    return "\(value.count) bytes"
  }

  /// The bytes as UTF-8 text, invalid sequences replaced.
  @inlinable
  static func utf8(_ value: UnsafeBufferPointer<CChar>) -> String {
    value.withMemoryRebound(to: UInt8.self) { String(decoding: $0, as: UTF8.self) }
  }

  /// The first bytes of `value` as an integer in memory's order, read wherever they lie: the
  /// caller has checked that `value` holds as many.
  @inlinable
  static func load<Integer: FixedWidthInteger>(_ value: UnsafeBufferPointer<CChar>) -> Integer {
    UnsafeRawPointer(value.baseAddress!).loadUnaligned(as: Integer.self)
  }

  /// PostgreSQL's epoch, 2000-01-01, in days after 1970-01-01.
  private static let daysFrom1970To2000: Int64 = 10_957
  /// 0001-01-01 00:00 UTC and 10000-01-01 00:00 UTC in seconds since 1970: the instants whose
  /// text has the four-digit year TypedSQL reads.
  private static let firstSecondOfYear1: Int64 = -62_135_596_800
  private static let firstSecondOfYear10000: Int64 = 253_402_300_800
}
