import Foundation
import Testing
import TypedSQL

/// Dates in StructuredQueries' spelling (its `DateFunctions`): a date called with modifiers,
/// `.now` and `.now(modifier)`, and components, for each way a date is stored, with SQLite's
/// meaning on both databases: month ends, leap days, `.floor` and `.ceiling`, times near
/// midnight and dates before 1970.
@Suite struct DateSpellingTests {
  /// An instant in UTC.
  static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0, ms: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let whole = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    return whole.addingTimeInterval(Double(ms) / 1000)
  }

  /// January 31 of a leap year, the last millisecond of a day, an hour before 1970, February 29.
  static let instants = [
    utc(2024, 1, 31, 10, 20, 30, ms: 123), utc(2023, 1, 31, 23, 59, 59, ms: 999), utc(1969, 12, 31, 23),
    utc(2024, 2, 29, 12),
  ]

  static func insertEvents(_ db: some Database) throws {
    try Event.insert {
      for (index, instant) in instants.enumerated() {
        Event(id: index + 1, startsAt: instant, unixAt: instant, julianAt: instant)
      }
    }.execute(db)
  }

  /// An instant as whole milliseconds since 1970: what every representation keeps, at most.
  static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  /// The same instants in whole seconds, as a Unix-time column keeps them.
  static func wholeSeconds(_ dates: [Date]) -> [Date] {
    dates.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
  }

  /// Each modifier, on each representation: rows as SQLite computes them.
  @Test(arguments: LiveDatabase.allCases)
  func modifiers(database: LiveDatabase) throws {
    try database.run { db in
      try Self.insertEvents(db)
      /// `modifier` applied to each representation. A Unix time keeps whole seconds, of its
      /// value and of the result: `keepsFraction` says whether the modifier keeps the fraction of
      /// a second, so that the whole seconds of the expected instants are the Unix results.
      func check(
        _ modifier: DateTimeModifier, _ expected: [Date], keepsFraction: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
      ) throws {
        let text = try Event.order(by: \.id).select { $0.startsAt(modifier) }.fetchAll(db)
        #expect(text.map(Self.milliseconds) == expected.map(Self.milliseconds), sourceLocation: sourceLocation)
        // A representation column reads back as its representation: its `queryOutput` is the date.
        let julian = try Event.order(by: \.id).select { $0.julianAt(modifier) }.fetchAll(db).map(\.queryOutput)
        #expect(zip(julian, expected).allSatisfy { abs($0.timeIntervalSince($1)) < 0.002 }, "\(julian)", sourceLocation: sourceLocation)
        if keepsFraction {
          let unix = try Event.order(by: \.id).select { $0.unixAt(modifier) }.fetchAll(db).map(\.queryOutput)
          #expect(unix.map(Self.milliseconds) == Self.wholeSeconds(expected).map(Self.milliseconds), sourceLocation: sourceLocation)
        }
      }
      let u = { (y: Int, mo: Int, d: Int, h: Int, mi: Int, s: Int, ms: Int) in Self.utc(y, mo, d, h, mi, s, ms: ms) }
      // A month past January 31 runs into March (SQLite's own rule), unless `.floor`.
      try check(.months(1), [u(2024, 3, 2, 10, 20, 30, 123), u(2023, 3, 3, 23, 59, 59, 999), u(1970, 1, 31, 23, 0, 0, 0), u(2024, 3, 29, 12, 0, 0, 0)])
      try check(.months(1, .floor), [u(2024, 2, 29, 10, 20, 30, 123), u(2023, 2, 28, 23, 59, 59, 999), u(1970, 1, 31, 23, 0, 0, 0), u(2024, 3, 29, 12, 0, 0, 0)])
      try check(.months(1, .ceiling), [u(2024, 3, 2, 10, 20, 30, 123), u(2023, 3, 3, 23, 59, 59, 999), u(1970, 1, 31, 23, 0, 0, 0), u(2024, 3, 29, 12, 0, 0, 0)])
      try check(.years(1), [u(2025, 1, 31, 10, 20, 30, 123), u(2024, 1, 31, 23, 59, 59, 999), u(1970, 12, 31, 23, 0, 0, 0), u(2025, 3, 1, 12, 0, 0, 0)])
      try check(.years(1, .floor), [u(2025, 1, 31, 10, 20, 30, 123), u(2024, 1, 31, 23, 59, 59, 999), u(1970, 12, 31, 23, 0, 0, 0), u(2025, 2, 28, 12, 0, 0, 0)])
      try check(.months(-13), [u(2022, 12, 31, 10, 20, 30, 123), u(2021, 12, 31, 23, 59, 59, 999), u(1968, 12, 1, 23, 0, 0, 0), u(2023, 1, 29, 12, 0, 0, 0)])
      // The month's last day, and a week before the day began.
      try check(.startOfMonth.months(1).days(-1), [u(2024, 1, 31, 0, 0, 0, 0), u(2023, 1, 31, 0, 0, 0, 0), u(1969, 12, 31, 0, 0, 0, 0), u(2024, 2, 29, 0, 0, 0, 0)])
      try check(.startOfDay.days(-7), [u(2024, 1, 24, 0, 0, 0, 0), u(2023, 1, 24, 0, 0, 0, 0), u(1969, 12, 24, 0, 0, 0, 0), u(2024, 2, 22, 0, 0, 0, 0)])
      try check(.startOfYear, [u(2024, 1, 1, 0, 0, 0, 0), u(2023, 1, 1, 0, 0, 0, 0), u(1969, 1, 1, 0, 0, 0, 0), u(2024, 1, 1, 0, 0, 0, 0)])
      // Across midnight, a month end and a year end.
      try check(.hours(1), [u(2024, 1, 31, 11, 20, 30, 123), u(2023, 2, 1, 0, 59, 59, 999), u(1970, 1, 1, 0, 0, 0, 0), u(2024, 2, 29, 13, 0, 0, 0)])
      try check(.minutes(-90).seconds(1.5), [u(2024, 1, 31, 8, 50, 31, 623), u(2023, 1, 31, 22, 30, 1, 499), u(1969, 12, 31, 21, 30, 1, 500), u(2024, 2, 29, 10, 30, 1, 500)], keepsFraction: false)
      try check(.milliseconds(1), [u(2024, 1, 31, 10, 20, 30, 124), u(2023, 2, 1, 0, 0, 0, 0), u(1969, 12, 31, 23, 0, 0, 1), u(2024, 2, 29, 12, 0, 0, 1)], keepsFraction: false)
      // Forward to the next Sunday (the same day when it is one), keeping the time.
      try check(.weekday(0), [u(2024, 2, 4, 10, 20, 30, 123), u(2023, 2, 5, 23, 59, 59, 999), u(1970, 1, 4, 23, 0, 0, 0), u(2024, 3, 3, 12, 0, 0, 0)])
    }
  }

  /// Components in UTC, from a column and from a changed date.
  @Test(arguments: LiveDatabase.allCases)
  func components(database: LiveDatabase) throws {
    try database.run { db in
      try Self.insertEvents(db)
      let parts = try Event.order(by: \.id).select {
        ($0.startsAt.year, $0.startsAt.month, $0.startsAt.day, $0.startsAt.hour, $0.startsAt.minute, $0.startsAt.second)
      }.fetchAll(db)
      #expect(parts.map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] } == [
        [2024, 1, 31, 10, 20, 30], [2023, 1, 31, 23, 59, 59], [1969, 12, 31, 23, 0, 0], [2024, 2, 29, 12, 0, 0],
      ])
      let more = try Event.order(by: \.id).select { ($0.startsAt.fractionalSecond, $0.startsAt.weekday, $0.startsAt.dayOfYear) }.fetchAll(db)
      #expect(more.map(\.0) == [30.123, 59.999, 0, 0])
      #expect(more.map(\.1) == [3, 2, 3, 4])
      #expect(more.map(\.2) == [31, 31, 365, 60])
      let unixYears = try Event.order(by: \.id).select { $0.unixAt.year }.fetchAll(db)
      #expect(unixYears == [2024, 2023, 1969, 2024])
      let changed = try Event.order(by: \.id).select { $0.julianAt(.months(-3)).month }.fetchAll(db)
      // September 31, 1969 runs into October.
      #expect(changed == [10, 10, 10, 11])
    }
  }

  /// `.now` and `.now(modifier)` in comparisons: every event is more than a week in the past.
  @Test(arguments: LiveDatabase.allCases)
  func now(database: LiveDatabase) throws {
    try database.run { db in
      try Self.insertEvents(db)
      #expect(try Event.where { $0.startsAt < .now(.days(-7)) }.count().fetchOne(db) == 4)
      #expect(try Event.where { $0.unixAt < .now(.startOfDay.days(-7)) }.count().fetchOne(db) == 4)
      #expect(try Event.where { $0.julianAt > .now(.days(0)) }.count().fetchOne(db) == 0)
      #expect(try Event.where { $0.startsAt > .now }.count().fetchOne(db) == 0)
      #expect(try Event.where { $0.startsAt.lt(.now(.days(-7))) }.count().fetchOne(db) == 4)
      #expect(try Event.where { $0.unixAt.gte(.now(.startOfDay)) }.count().fetchOne(db) == 0)
      #expect(try Event.where { $0.startsAt.gt(.now) }.count().fetchOne(db) == 0)
      #expect(try Event.where { $0.julianAt.eq(.now(.startOfDay)).not() }.count().fetchOne(db) == 4)
      #expect(try Event.where { $0.startsAt.lt(.now) }.render(in: .sqlite).bindings.isEmpty)
      #expect(try Event.where { $0.unixAt < #bind(Date(), as: Date.UnixTimeRepresentation.self) }.count().fetchOne(db) == 4)
      let today = try Event.select { _ in SQLQueryExpression<Date>.now(.startOfDay) }.limit(1).fetchOne(db)
      let start = Calendar.current.dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
      #expect(today == Self.utc(start.year!, start.month!, start.day!))
    }
  }

  /// A weekday outside 0...6, which SQLite would answer with `NULL`, is refused by name.
  @Test func weekdayOutOfRange() {
    #expect(throws: DialectError.self) { try Event.select { $0.startsAt(.weekday(7)) }.render(in: .sqlite) }
    #expect(throws: DialectError.self) { try Event.select { $0.startsAt(.weekday(-1)) }.render(in: .postgres) }
  }
}
