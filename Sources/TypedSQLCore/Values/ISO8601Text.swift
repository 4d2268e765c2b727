import Foundation

/// The text form of a date in SQLite: `YYYY-MM-DD HH:MM:SS.SSS`, in UTC.
///
/// It is SQLite's own canonical form (what `datetime()` and `CURRENT_TIMESTAMP` write, plus
/// milliseconds), fixed-width so that text order is time order for years 0001–9999. Reading
/// accepts what SQLite and ISO 8601 write: a `T` or a space between date and time, seconds and
/// fractions optional, and a `Z` or `±HH:MM` offset.
public enum ISO8601Text {
  /// `date` as text, rounded to the millisecond. Check ``canRepresent(_:)`` first: outside years
  /// 0001–9999 the text would not sort or parse.
  public static func string(from date: Date) -> String {
    String(unsafeUninitializedCapacity: maximumLength) { write(date, into: $0) }
  }

  /// Calls `body` with `date`'s text as UTF-8 bytes, without making a `String`: for drivers that
  /// bind the text straight from the bytes.
  @inlinable
  public static func withUTF8<Result>(
    of date: Date, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
      let count = write(date, into: buffer)
      return try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// The longest text ``write(_:into:)`` writes: a sign, 19 year digits and `-MM-DD HH:MM:SS.SSS`.
  @usableFromInline
  static let maximumLength = 39

  /// Writes `date`'s text into `buffer` (at least ``maximumLength`` bytes) and returns its length.
  @usableFromInline
  static func write(_ date: Date, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let (days, millisecondOfDay) = milliseconds.floorDivided(by: 86_400_000)
    let (year, month, day) = civilDate(fromDays: days)
    var writer = DigitWriter(buffer)
    if year < 0 { writer.write("-") }
    writer.write(year.magnitude, digits: 4)
    writer.write("-")
    writer.write(UInt64(month), digits: 2)
    writer.write("-")
    writer.write(UInt64(day), digits: 2)
    writer.write(" ")
    writer.write(UInt64(millisecondOfDay / 3_600_000), digits: 2)
    writer.write(":")
    writer.write(UInt64(millisecondOfDay / 60_000 % 60), digits: 2)
    writer.write(":")
    writer.write(UInt64(millisecondOfDay / 1000 % 60), digits: 2)
    writer.write(".")
    writer.write(UInt64(millisecondOfDay % 1000), digits: 3)
    return writer.count
  }

  /// Whether `date` has a text form (its year is 1 through 9999).
  public static func canRepresent(_ date: Date) -> Bool {
    (-62_135_596_800.0..<253_402_300_800.0).contains(date.timeIntervalSince1970)
  }

  /// The date `text` names, or nil if it is not a date.
  public static func date(from text: some StringProtocol) -> Date? {
    var text = String(text)
    return text.withUTF8 { date(fromUTF8: $0) }
  }

  /// The date the UTF-8 `text` names, or nil if it is not a date: for drivers reading a
  /// column's bytes without making a `String` first.
  public static func date(fromUTF8 text: UnsafeBufferPointer<UInt8>) -> Date? {
    var scanner = DigitScanner(text)
    guard let year = scanner.number(digits: 4), scanner.skip("-"),
      let month = scanner.number(digits: 2), scanner.skip("-"),
      let day = scanner.number(digits: 2), (1...12).contains(month),
      (1...daysInMonth(month, of: year)).contains(day)
    else { return nil }
    var seconds = Double(days(fromCivil: year, month, day)) * 86_400
    if scanner.skip(" ") || scanner.skip("T") {
      guard let hour = scanner.number(digits: 2), scanner.skip(":"),
        let minute = scanner.number(digits: 2), hour < 24, minute < 60
      else { return nil }
      var second = 0
      if scanner.skip(":") {
        guard let value = scanner.number(digits: 2), value < 61 else { return nil }
        second = value
      }
      seconds += Double(hour * 3600 + minute * 60 + second)
      if scanner.skip(".") {
        guard let fraction = scanner.fraction() else { return nil }
        seconds += fraction
      }
      if scanner.skip("Z") {
      } else if let sign = scanner.sign() {
        guard let hours = scanner.number(digits: 2) else { return nil }
        _ = scanner.skip(":")
        let minutes = scanner.number(digits: 2) ?? 0
        seconds -= Double(sign * (hours * 3600 + minutes * 60))
      }
    }
    guard scanner.isAtEnd else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
  package static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// How many days `month` (1–12) has in `year` of the proleptic Gregorian calendar.
  static func daysInMonth(_ month: Int, of year: Int) -> Int {
    switch month {
    case 2:
      let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return isLeapYear ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The proleptic Gregorian date `days` after 1970-01-01.
  package static func civilDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// Writes zero-padded numbers and punctuation as ASCII bytes.
private struct DigitWriter {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  /// How many bytes are written.
  private(set) var count = 0

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

  mutating func write(_ character: Unicode.Scalar) {
    buffer[count] = UInt8(ascii: character)
    count += 1
  }

  /// Writes `value` in decimal, padded with zeros to at least `digits` digits.
  mutating func write(_ value: UInt64, digits: Int) {
    var width = digits
    var rest = value
    for _ in 0..<digits { rest /= 10 }
    while rest > 0 {
      width += 1
      rest /= 10
    }
    rest = value
    var position = count + width
    while position > count {
      position -= 1
      buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    count += width
  }
}

/// Reads fixed-width numbers and punctuation from ASCII bytes.
private struct DigitScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var isAtEnd: Bool { index == bytes.count }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  mutating func number(digits: Int) -> Int? {
    guard index + digits <= bytes.count else { return nil }
    var value = 0
    for byte in UnsafeBufferPointer(rebasing: bytes[index..<index + digits]) {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    index += digits
    return value
  }

  /// The digits after a decimal point, as a fraction of one (nanoseconds at most count).
  mutating func fraction() -> Double? {
    var numerator = 0
    var denominator = 1
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      if denominator < 1_000_000_000 {
        numerator = numerator * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        denominator *= 10
      }
      index += 1
    }
    return index > start ? Double(numerator) / Double(denominator) : nil
  }

  mutating func sign() -> Int? {
    if skip("+") { return 1 }
    if skip("-") { return -1 }
    return nil
  }
}

extension Int64 {
  /// Quotient and remainder rounded toward negative infinity, so times before 1970 split into
  /// a day and a non-negative time of day.
  package func floorDivided(by divisor: Int64) -> (Int64, Int64) {
    let quotient = self / divisor
    let remainder = self % divisor
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}
