import Foundation

extension Date: QueryDateValue {
  /// `nil`: a `Date` is stored the default way.
  public static var dateStorage: DateStorage? { nil }
}

extension Date {
  /// A date stored as ISO-8601 text (`2024-01-02 03:04:05.678`, UTC, to the millisecond) on
  /// every database: a `TEXT` column in SQLite, a `text` column in PostgreSQL.
  public struct ISO8601Representation: QueryRepresentable, QueryDateValue, Hashable {
    public static var storedType: StoredType? { .text }
    public static var dateStorage: DateStorage? { .iso8601Text }

    public var queryOutput: Date
    public init(queryOutput: Date) { self.queryOutput = queryOutput }

    public var queryBinding: QueryBinding {
      guard ISO8601Text.canRepresent(queryOutput) else { return queryOutput.queryBinding }
      return .text(ISO8601Text.string(from: queryOutput))
    }

    public init(decoder: inout some QueryDecoder) throws {
      let text = try decoder.decodeString()
      guard let date = ISO8601Text.date(from: text) else {
        throw decoder.conversionError(expected: Date.self, storedValue: "text(\(String(reflecting: text))), not a date")
      }
      queryOutput = date
    }
  }

  /// A date stored as whole seconds since 1970-01-01 UTC, as SQLite's `unixepoch()` gives: an
  /// `INTEGER` column in SQLite, a `bigint` in PostgreSQL. Fractions of a second are dropped
  /// (rounded down), as the integer form has no room for them.
  public struct UnixTimeRepresentation: QueryRepresentable, QueryDateValue, Hashable {
    public static var storedType: StoredType? { .integer }
    public static var dateStorage: DateStorage? { .unixTime }
    public static var jsonValueForms: [JSONValueForm] { [.unixTimeText] }

    public var queryOutput: Date
    public init(queryOutput: Date) { self.queryOutput = queryOutput }

    public var queryBinding: QueryBinding {
      .int(Int64(queryOutput.timeIntervalSince1970.rounded(.down)))
    }

    public init(decoder: inout some QueryDecoder) throws {
      queryOutput = Date(timeIntervalSince1970: Double(try decoder.decodeInt64()))
    }
  }

  /// A date stored as a Julian day number (days since noon UTC on November 24, 4714 BC in the
  /// proleptic Gregorian calendar), as SQLite's `julianday()` gives: a `REAL` column in SQLite, a
  /// `double precision` in PostgreSQL. Read back, it is the same date to the millisecond.
  public struct JulianDayRepresentation: QueryRepresentable, QueryDateValue, Hashable {
    public static var storedType: StoredType? { .real }
    public static var dateStorage: DateStorage? { .julianDay }
    public static var jsonValueForms: [JSONValueForm] { [.julianDayText] }

    public var queryOutput: Date
    public init(queryOutput: Date) { self.queryOutput = queryOutput }

    /// Milliseconds from the start of the Julian period to 1970-01-01 00:00 UTC.
    static let unixEpochMilliseconds = 210_866_760_000_000.0

    public var queryBinding: QueryBinding {
      .double(julianDay)
    }

    /// The day computed as SQLite's `julianday` computes it (milliseconds since the start of the
    /// period, divided by a day's), so that a bound day equals one computed in SQL.
    var julianDay: Double {
      ((queryOutput.timeIntervalSince1970 * 1000).rounded() + Self.unixEpochMilliseconds) / 86_400_000
    }

    public init(decoder: inout some QueryDecoder) throws {
      let julianDay = try decoder.decodeDouble()
      // A double holds a present-day Julian day to about 50 µs: round to the millisecond, as
      // SQLite's date functions read it.
      let milliseconds = (julianDay * 86_400_000).rounded() - Self.unixEpochMilliseconds
      queryOutput = Date(timeIntervalSince1970: milliseconds / 1000)
    }
  }
}
