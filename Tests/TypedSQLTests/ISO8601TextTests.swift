import Foundation
import Testing
import TypedSQLCore

/// The text form of dates in SQLite, written without `String` formatting and read back.
@Suite struct ISO8601TextTests {
  /// Dates at the edges of the text range and of a day, with their text.
  static let examples: [(Double, String)] = [
    (0, "1970-01-01 00:00:00.000"),
    (1_517_184_480.25, "2018-01-29 00:08:00.250"),
    (-0.001, "1969-12-31 23:59:59.999"),
    (951_782_400, "2000-02-29 00:00:00.000"),
    (-62_135_596_800, "0001-01-01 00:00:00.000"),
    (-59_011_459_200, "0100-01-01 00:00:00.000"),
    (253_402_300_799.999, "9999-12-31 23:59:59.999"),
  ]

  @Test func writesFixedWidthTextAndReadsItBack() {
    for (seconds, text) in Self.examples {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ISO8601Text.string(from: date) == text)
      #expect(ISO8601Text.withUTF8(of: date) { String(decoding: $0, as: UTF8.self) } == text)
      let read = ISO8601Text.date(from: text)?.timeIntervalSince1970 ?? .nan
      #expect(abs(read - seconds) < 0.000_5, "\(text) read back as \(read)")
    }
  }

  @Test func roundsToTheMillisecond() {
    #expect(ISO8601Text.string(from: Date(timeIntervalSince1970: 0.0004)) == "1970-01-01 00:00:00.000")
    #expect(ISO8601Text.string(from: Date(timeIntervalSince1970: 59.9996)) == "1970-01-01 00:01:00.000")
  }
}
