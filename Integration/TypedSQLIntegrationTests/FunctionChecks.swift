import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite
import TypedSQLTestServers

/// The catalog's scalar functions on edge values, written once against `some Database` and run
/// on SQLite, PostgreSQL and MariaDB: each must give SQLite's answer on all three, or be refused
/// by name.
enum FunctionChecks {
  static let texts: [String?] = ["", "h\u{E9}llo", "\u{C9}COLE Ab", "  pad  ", "xxhixx", "50%_off", "a*b", nil]

  static func insertTexts(_ db: some Database) throws {
    try Measure.insert { texts.enumerated().map { Measure.Draft(group: $0.offset, text: $0.element) } }.execute(db)
  }

  static func caseChangesASCIIOnly(_ db: some Database) throws {
    try insertTexts(db)
    let rows = try Measure.order { $0.group }.select { ($0.text.lower(), $0.text.upper()) }.fetchAll(db)
    #expect(rows.map(\.0) == ["", "h\u{E9}llo", "\u{C9}cole ab", "  pad  ", "xxhixx", "50%_off", "a*b", nil])
    #expect(rows.map(\.1) == ["", "H\u{E9}LLO", "\u{C9}COLE AB", "  PAD  ", "XXHIXX", "50%_OFF", "A*B", nil])
  }

  static func lengthTrimReplaceSubstr(_ db: some Database) throws {
    try insertTexts(db)
    let query = Measure.order { $0.group }
    #expect(try query.select { $0.text.length() }.fetchAll(db) == [0, 5, 8, 7, 6, 7, 3, nil])
    #expect(try query.select { $0.text.trim() }.fetchAll(db) == ["", "h\u{E9}llo", "\u{C9}COLE Ab", "pad", "xxhixx", "50%_off", "a*b", nil])
    #expect(try query.select { $0.text.trim("x") }.fetchAll(db)[4] == String?("hi"))
    #expect(try query.select { ($0.text.ltrim("x"), $0.text.rtrim("x")) }.fetchAll(db)[4] == (String?("hixx"), String?("xxhi")))
    #expect(try query.select { $0.text.replace("l", "L") }.fetchAll(db)[1] == String?("h\u{E9}LLo"))
    #expect(try query.select { $0.text.replace("", "L") }.fetchAll(db)[1] == String?("h\u{E9}llo"))
    #expect(try query.select { $0.text.substr(2, 3) }.fetchAll(db) == ["", "\u{E9}ll", "COL", " pa", "xhi", "0%_", "*b", nil])
    #expect(try query.select { $0.text.substr(0, 2) }.fetchAll(db)[1] == String?("h"))
    #expect(try query.select { $0.text.substr(-2) }.fetchAll(db)[1] == String?("h\u{E9}llo"))
    #expect(try query.select { $0.text.instr("l") }.fetchAll(db) == [0, 3, 0, 0, 0, 0, 0, nil])
  }

  static func prefixSuffixContains(_ db: some Database) throws {
    try insertTexts(db)
    func groups(_ condition: (Measure.TableColumns) -> SQLQueryExpression<Bool>) throws -> [Int] {
      try Measure.where { condition($0) }.order { $0.group }.select { $0.group }.fetchAll(db)
    }
    #expect(try groups { $0.text.hasPrefix("50%_") } == [5])
    #expect(try groups { $0.text.hasPrefix("5_") } == [])
    #expect(try groups { $0.text.hasPrefix("\u{C9}C") } == [2])
    #expect(try groups { $0.text.hasPrefix("\u{E9}c") } == [])
    #expect(try groups { $0.text.hasSuffix("Ab") } == [2])
    #expect(try groups { $0.text.hasSuffix("ab") } == [])
    #expect(try groups { $0.text.contains("*") } == [6])
    #expect(try groups { $0.text.contains("") } == [0, 1, 2, 3, 4, 5, 6])
  }

  static let reals: [Double?] = [2.5, -2.5, 0.5, 1.5, -0.5, 2.675, 1.005, -0.3, 1234.5678, nil]

  static func roundingAndSigns(_ db: some Database) throws {
    try Measure.insert { reals.enumerated().map { Measure.Draft(group: $0.offset, a: $0.offset - 4, x: $0.element) } }.execute(db)
    let query = Measure.order { $0.group }
    #expect(try query.select { $0.x.round() }.fetchAll(db) == [3.0, -3.0, 1.0, 2.0, -1.0, 3.0, 1.0, 0.0, 1235.0, nil])
    #expect(try query.select { $0.x.round(2) }.fetchAll(db) == [2.5, -2.5, 0.5, 1.5, -0.5, 2.68, 1.01, -0.3, 1234.57, nil])
    #expect(try query.select { $0.x.round(1) }.fetchAll(db)[8] == Double?(1234.6))
    #expect(try query.select { ($0.x.ceil(), $0.x.floor()) }.fetchAll(db)[7] == (Double?(-0.0), Double?(-1.0)))
    #expect(try query.select { $0.x.sign() }.fetchAll(db) == [1, -1, 1, 1, -1, 1, 1, -1, 1, nil])
    #expect(try query.select { ($0.a.abs(), $0.a.sign()) }.fetchAll(db).prefix(6).map { [$0.0, $0.1] } == [
      [4, -1], [3, -1], [2, -1], [1, -1], [0, 0], [1, 1] as [Int?],
    ])
    #expect(try query.select { $0.a.nullif(0) }.fetchAll(db)[4] == Int?.none)
  }

  /// Division and remainder truncate toward zero and give `NULL` for zero; bitwise operations
  /// and shifts agree, including shifts out of range.
  static func arithmeticAndBitwise(_ db: some Database) throws {
    let pairs: [(Int?, Int?)] = [(7, 2), (-7, 2), (7, -2), (7, 0), (nil, 3), (-1, 1), (0b1100, 0b1010)]
    try Measure.insert {
      pairs.enumerated().map { Measure.Draft(group: $0.offset, a: $0.element.0, text: $0.element.1.map(String.init)) }
    }.execute(db)
    let divisor = Measure.columns.text.cast(as: Int.self)
    let query = Measure.order { $0.group }
    #expect(try query.select { $0.a / divisor }.fetchAll(db) == [3, -3, -3, nil, nil, -1, 1])
    #expect(try query.select { $0.a % divisor }.fetchAll(db) == [1, -1, 1, nil, nil, 0, 2])
    #expect(try query.select { $0.a / 0 }.fetchAll(db) == [nil, nil, nil, nil, nil, nil, nil] as [Int?])
    #expect(try query.select { ($0.a.cast(as: Double.self) / 2.0) }.fetchAll(db)[1] == Double?(-3.5))
    #expect(try query.select { $0.a.cast(as: Double.self) / 0.0 }.fetchAll(db)[0] == Double?.none)
    let bitwise = try query.select { ($0.a & divisor, $0.a | divisor, $0.a ^ divisor) }.fetchAll(db)
    #expect([bitwise[6].0, bitwise[6].1, bitwise[6].2] == [8, 14, 6])
    #expect(try query.select { ~$0.a }.fetchAll(db)[0] == Int?(-8))
    #expect(try query.select { -$0.a }.fetchAll(db)[1] == Int?(7))
    let shifts = try query.select { ($0.a << 2, $0.a >> 1, $0.a << -1, $0.a << 64, $0.a >> 64) }.fetchAll(db)
    #expect([shifts[1].0, shifts[1].1, shifts[1].2, shifts[1].3, shifts[1].4] == [-28, -4, -4, 0, -1])
    #expect(try query.select { $0.a * 3 }.fetchAll(db)[0] == Int?(21))
    #expect(try Measure.where { $0.a.between(-1, and: 7) }.order { $0.group }.select { $0.group }.fetchAll(db) == [0, 2, 3, 5])
  }

  /// Shifts by an amount read from a column mean what SQLite's do on every database: a negative
  /// amount shifts the other way, 64 or more shifts every bit out, `NULL` gives `NULL`.
  static func shiftsByAnExpression(_ db: some Database) throws {
    let values: [Int?] = [7, -7, Int.max, nil]
    let amounts: [Int?] = [-70, -64, -63, -1, 0, 1, 2, 63, 64, 70, nil]
    let pairs = values.flatMap { value in amounts.map { (value, $0) } }
    try Measure.insert {
      pairs.enumerated().map { Measure.Draft(group: $0.offset, a: $0.element.0, text: $0.element.1.map(String.init)) }
    }.execute(db)
    let amount = Measure.columns.text.cast(as: Int.self)
    let rows = try Measure.order { $0.group }.select { ($0.a << amount, $0.a >> amount) }.fetchAll(db)
    #expect(rows.map(\.0) == pairs.map { sqliteShift($0.0, left: true, by: $0.1) })
    #expect(rows.map(\.1) == pairs.map { sqliteShift($0.0, left: false, by: $0.1) })
  }

  /// SQLite's shift of `value` by `amount`: the other way for a negative amount, every bit out
  /// from 64 on.
  private static func sqliteShift(_ value: Int?, left: Bool, by amount: Int?) -> Int? {
    guard let value, let amount else { return nil }
    let isLeft = amount < 0 ? !left : left
    let distance = amount.magnitude
    if distance >= 64 { return isLeft ? 0 : (value < 0 ? -1 : 0) }
    return isLeft ? value << distance : value >> distance
  }

  /// `unhex` gives the bytes of pairs of hexadecimal digits in either case and `NULL` for
  /// anything else; an SQLite before 3.41, which has no `unhex`, refuses it by name.
  static func unhexOfTexts(_ db: some Database) throws {
    let query = Measure.order { $0.group }.select { $0.text.unhex() }
    if let sqlite = db.dialect as? SQLiteDialect, sqlite.version < SQLiteVersion(3, 41) {
      #expect(throws: DialectError.self) { try query.fetchAll(db) }
      return
    }
    let texts: [String?] = ["", "deadBEEF", "abc", "0g", "00ff", " 00", nil]
    try Measure.insert {
      texts.enumerated().map { Measure.Draft(group: $0.offset, text: $0.element) }
    }.execute(db)
    #expect(try query.fetchAll(db) == [[], [0xDE, 0xAD, 0xBE, 0xEF], nil, nil, [0x00, 0xFF], nil, nil])
  }

  /// `??` chains and `coalesce` take the first term that is not `NULL`.
  static func coalesceChains(_ db: some Database) throws {
    try Measure.insert {
      [Measure.Draft(group: 0, a: 1, text: "t"), Measure.Draft(group: 1, a: nil, text: "u"), Measure.Draft(group: 2)]
    }.execute(db)
    let query = Measure.order { $0.group }
    #expect(try query.select { $0.a ?? $0.a ?? 7 }.fetchAll(db) == [1, 7, 7])
    #expect(try query.select { $0.a ?? $0.group }.fetchAll(db) == [1, 1, 2])
    #expect(try query.select { $0.text ?? $0.name }.fetchAll(db) == ["t", "u", ""])
    #expect(try query.select { coalesce($0.a, $0.a) }.fetchAll(db) == [1, nil, nil])
  }

  /// Bytes of text and blobs, `map` of an optional, and aggregates by name or with a filter.
  static func bytesMappingAndNamedAggregates(_ db: some Database) throws {
    try insertTexts(db)
    try Measure.where { $0.group < 3 }.update { $0.a = $0.group - 1 }.execute(db)
    let query = Measure.order { $0.group }
    #expect(try query.select { $0.text.map { $0.octetLength() } }.fetchAll(db) == [0, 6, 9, 7, 6, 7, 3, nil])
    let mapped: [Int?] = try query.select { $0.a.map { $0 * 10 } }.fetchAll(db)
    #expect(Array(mapped.prefix(4)) == [-10, 0, 10, nil])
    let flatMapped: [Int?] = try query.select { $0.a.flatMap { $0.nullif(0) } }.fetchAll(db)
    #expect(Array(flatMapped.prefix(4)) == [-1, nil, 1, nil])
    let bytes = SQLQueryExpression<[UInt8]>(value: [0xDE, 0xAD, 0x01])
    let hex: String? = try Measure.where { $0.group == 0 }.select { _ in bytes.hex() }.fetchOne(db)
    #expect(hex == "DEAD01")
    let maximum: Int?? = try Measure.select { $0.a.aggregate(named: "max", as: Int?.self) }.fetchOne(db)
    #expect(maximum == 1)
    let positive = try Measure.select { $0.a.jsonGroupArray(filter: $0.a > 0) }.fetchOne(db)
    #expect(positive?.queryOutput == [1])
  }

  /// A simple `CASE`, the scalar `min` and `max` (`NULL` when an argument is), `quote` of text,
  /// and `group_concat` of distinct values.
  static func caseExtremesQuoteAndDistinct(_ db: some Database) throws {
    let texts = ["it's", #"a\b"#, "h\u{E9}", "it's", nil]
    try Measure.insert {
      texts.enumerated().map { Measure.Draft(group: $0.offset, a: $0.offset < 3 ? $0.offset : nil, text: $0.element) }
    }.execute(db)
    let query = Measure.order { $0.group }
    #expect(try query.select { Case($0.a).when(0, then: "zero").when(2, then: "two").else("other") }.fetchAll(db) == [
      "zero", "other", "two", "other", "other",
    ])
    #expect(try query.select { Case().when($0.a > 0, then: $0.text).end() }.fetchAll(db) == [nil, #"a\b"#, "h\u{E9}", nil, nil])
    #expect(try query.select { min($0.a, $0.group) }.fetchAll(db) == [0, 1, 2, nil, nil])
    #expect(try query.select { max($0.a, $0.group - 1, SQLQueryExpression(value: 1)) }.fetchAll(db) == [1, 1, 2, nil, nil])
    #expect(try query.select { min($0.text, $0.name) }.fetchAll(db) == ["", "", "", "", nil])
    #expect(try query.select { $0.text.quote() }.fetchAll(db) == ["'it''s'", #"'a\b'"#, "'h\u{E9}'", "'it''s'", "NULL"])
    let distinct = try Measure.select { $0.text.groupConcat(distinct: true) }.fetchOne(db)
    #expect(distinct??.split(separator: ",").sorted() == [#"a\b"#, "h\u{E9}", "it's"])
  }

  /// Instants at month ends, a leap day, near midnight and before 1970.
  static let instants: [Date] = [
    "2024-01-31T23:59:59.999Z", "2024-02-29T12:00:00Z", "1969-12-31T23:30:00.500Z", "2023-03-31T00:00:00Z", "2023-12-31T06:07:08.009Z",
  ].map { try! Date($0, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: $0.contains(".")).timeZone(separator: .omitted)) }

  /// Components, starts, arithmetic and formatting of instants agree with Swift's Gregorian
  /// calendar in UTC on both databases, for every way of storing them: the default (text in
  /// SQLite, `timestamptz` in PostgreSQL), Unix time, Julian days and ISO-8601 text.
  static func dates(_ db: some Database) throws {
    try Measure.insert {
      instants.enumerated().map {
        Measure.Draft(group: $0.offset, at: $0.element, unixAt: $0.element, julianAt: $0.element, textAt: $0.element)
      } + [Measure.Draft(group: 99)]
    }.execute(db)
    try checkInstants(in: db, "default", { $0.at }, date: { $0 })
    try checkInstants(in: db, "Unix time", { $0.unixAt }, date: \.queryOutput)
    try checkInstants(in: db, "Julian day", { $0.julianAt }, date: \.queryOutput)
    try checkInstants(in: db, "ISO-8601 text", { $0.textAt }, date: \.queryOutput)
    let now = try #require(try Measure.where { $0.group == 0 }.select { _ in SQLQueryExpression<Date>.now }.fetchOne(db))
    #expect(abs(now.timeIntervalSinceNow) < 60)
    let unixNow = try #require(
      try Measure.where { $0.group == 0 }.select { _ in SQLQueryExpression<Date.UnixTimeRepresentation>.now }.fetchOne(db))
    #expect(abs(unixNow.queryOutput.timeIntervalSinceNow) < 60)
  }

  /// The date operations on one column, each compared with the calendar's answer for the
  /// instants as the column stores them (Unix time keeps whole seconds).
  static func checkInstants<Stored: QueryDateValue>(
    in db: some Database, _ storage: String, _ column: @escaping (Measure.TableColumns) -> SQLQueryExpression<Stored?>,
    date: (Stored) -> Date
  ) throws where Stored.NonNull == Stored {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let query = Measure.where { $0.group < 99 }.order { $0.group }
    let stored = try query.select { column($0) }.fetchAll(db).compactMap { $0.map(date) }
    try #require(stored.count == instants.count)
    func milliseconds(_ dates: [Date?]) -> [Double?] { dates.map { $0.map { ($0.timeIntervalSince1970 * 1000).rounded() } } }

    let components: [(DateComponent, Calendar.Component)] = [
      (.year, .year), (.month, .month), (.day, .day), (.hour, .hour), (.minute, .minute), (.second, .second), (.weekday, .weekday), (.dayOfYear, .dayOfYear),
    ]
    for (component, calendarComponent) in components {
      let expected: [Int?] = stored.map { date in
        let value = calendar.component(calendarComponent, from: date)
        return component == .weekday ? value - 1 : value
      }
      #expect(try query.select { column($0).component(component) }.fetchAll(db) == expected, "\(storage): \(component)")
    }
    let none: Int?? = try Measure.where { $0.group == 99 }.select { column($0).component(.year) }.fetchOne(db)
    #expect(none == .some(nil), "\(storage): component of NULL")

    let starts: [(DateUnit, Set<Calendar.Component>)] = [
      (.years, [.year]), (.months, [.year, .month]), (.days, [.year, .month, .day]), (.hours, [.year, .month, .day, .hour]),
      (.minutes, [.year, .month, .day, .hour, .minute]), (.seconds, [.year, .month, .day, .hour, .minute, .second]),
    ]
    for (unit, kept) in starts {
      let expected: [Date?] = stored.map { calendar.date(from: calendar.dateComponents(kept, from: $0))! }
      let started = try query.select { column($0).start(of: unit) }.fetchAll(db).map { $0.map(date) }
      #expect(milliseconds(started) == milliseconds(expected), "\(storage): start of \(unit)")
    }

    let moves: [(Int, DateUnit, Calendar.Component)] = [
      (1, .months, .month), (-1, .months, .month), (13, .months, .month), (1, .years, .year), (-1, .years, .year),
      (1, .days, .day), (-40, .days, .day), (90, .minutes, .minute), (-3, .seconds, .second), (25, .hours, .hour),
    ]
    for (amount, unit, calendarComponent) in moves {
      let expected: [Date?] = stored.map { calendar.date(byAdding: calendarComponent, value: amount, to: $0)! }
      let moved = try query.select { column($0).adding(amount, unit) }.fetchAll(db).map { $0.map(date) }
      #expect(milliseconds(moved) == milliseconds(expected), "\(storage): \(amount) \(unit)")
    }

    // StructuredQueries' modifiers, in SQLite's meaning: a month added to a day the target month
    // lacks runs into the next month unless `.floor` asks for its last day.
    let wholeMonths: (Date, Int) -> Date = { date, count in
      let dayOffset = calendar.component(.day, from: date) - 1
      let firstOfMonth = calendar.date(byAdding: .day, value: -dayOffset, to: date)!
      return calendar.date(byAdding: .day, value: dayOffset, to: calendar.date(byAdding: .month, value: count, to: firstOfMonth)!)!
    }
    let startOfMonth: (Date) -> Date = { calendar.date(from: calendar.dateComponents([.year, .month], from: $0))! }
    let modifiers: [(DateTimeModifier, (Date) -> Date)] = [
      (.months(1), { wholeMonths($0, 1) }),
      (.months(-13), { wholeMonths($0, -13) }),
      (.years(1), { wholeMonths($0, 12) }),
      (.months(1, .floor), { calendar.date(byAdding: .month, value: 1, to: $0)! }),
      (.startOfMonth.months(1).days(-1), { calendar.date(byAdding: .day, value: -1, to: wholeMonths(startOfMonth($0), 1))! }),
      (.startOfYear.hours(30).minutes(-5), { calendar.date(byAdding: .minute, value: 30 * 60 - 5, to: calendar.date(from: calendar.dateComponents([.year], from: $0))!)! }),
      (.startOfDay.milliseconds(-1500), { calendar.startOfDay(for: $0).addingTimeInterval(-1.5) }),
      (.weekday(0), { calendar.date(byAdding: .day, value: (8 - calendar.component(.weekday, from: $0)) % 7, to: $0)! }),
      (.weekday(3).days(1), { calendar.date(byAdding: .day, value: (11 - calendar.component(.weekday, from: $0)) % 7 + 1, to: $0)! }),
    ]
    for (index, (modifier, change)) in modifiers.enumerated() {
      // A Unix time keeps whole seconds of the result too.
      let expected: [Date?] = stored.map(change).map {
        storage == "Unix time" ? Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) : $0
      }
      let changed = try query.select { SQLQueryExpression<Stored>(node: column($0).node)(modifier) }.fetchAll(db).map(date)
      #expect(milliseconds(changed) == milliseconds(expected), "\(storage): modifier \(index) \(modifier.modifiers)")
    }

    let format = "%Y-%m-%d %H:%M:%S|%f|%j|%w|100%%"
    let expected: [String?] = stored.map { date in
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday], from: date)
      let dayOfYear = calendar.ordinality(of: .day, in: .year, for: date)!
      let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
      let millisecondOfSecond = Int(milliseconds - (milliseconds / 1000).rounded(.down) * 1000)
      func padded(_ value: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
      return "\(padded(parts.year!, 4))-\(padded(parts.month!, 2))-\(padded(parts.day!, 2)) \(padded(parts.hour!, 2)):\(padded(parts.minute!, 2)):\(padded(parts.second!, 2))"
        + "|\(padded(parts.second!, 2)).\(padded(millisecondOfSecond, 3))|\(padded(dayOfYear, 3))|\(parts.weekday! - 1)|100%"
    }
    #expect(try query.select { column($0).strftime(format) }.fetchAll(db) == expected, "\(storage): strftime")
  }
}

/// The function bodies by name, as test arguments.
enum FunctionCheck: String, CaseIterable, Sendable {
  case caseChangesASCIIOnly, lengthTrimReplaceSubstr, prefixSuffixContains, roundingAndSigns, arithmeticAndBitwise
  case shiftsByAnExpression, unhexOfTexts, coalesceChains
  case bytesMappingAndNamedAggregates, dates, caseExtremesQuoteAndDistinct

  /// The checks that run on MariaDB: all but those it refuses.
  static let runOnMariaDB: [FunctionCheck] = allCases.filter { check in
    !refusedOnMariaDB.contains { $0.check == check }
  }

  /// The checks MariaDB refuses, each with the feature its refusal names.
  static let refusedOnMariaDB: [(check: FunctionCheck, feature: String)] = [
    (.shiftsByAnExpression, "a shift by an amount computed in SQL"),
  ]

  func run(on db: some Database) throws {
    switch self {
    case .caseChangesASCIIOnly: try FunctionChecks.caseChangesASCIIOnly(db)
    case .lengthTrimReplaceSubstr: try FunctionChecks.lengthTrimReplaceSubstr(db)
    case .prefixSuffixContains: try FunctionChecks.prefixSuffixContains(db)
    case .roundingAndSigns: try FunctionChecks.roundingAndSigns(db)
    case .arithmeticAndBitwise: try FunctionChecks.arithmeticAndBitwise(db)
    case .shiftsByAnExpression: try FunctionChecks.shiftsByAnExpression(db)
    case .unhexOfTexts: try FunctionChecks.unhexOfTexts(db)
    case .coalesceChains: try FunctionChecks.coalesceChains(db)
    case .bytesMappingAndNamedAggregates: try FunctionChecks.bytesMappingAndNamedAggregates(db)
    case .dates: try FunctionChecks.dates(db)
    case .caseExtremesQuoteAndDistinct: try FunctionChecks.caseExtremesQuoteAndDistinct(db)
    }
  }
}

@Suite struct FunctionTests {
  @Test("SQLite", arguments: FunctionCheck.allCases)
  func sqlite(check: FunctionCheck) throws {
    try onSQLite(schema: sqliteMeasuresSchema) { db in try check.run(on: db) }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: FunctionCheck.allCases)
  func postgres(check: FunctionCheck) throws {
    try onPostgres(schema: postgresMeasuresSchema) { db in try check.run(on: db) }
  }

  @Test("MariaDB", .enabled(if: MySQLTestServer.suitesRun), arguments: FunctionCheck.runOnMariaDB)
  func mariaDB(check: FunctionCheck) throws {
    try onMySQL(schema: mysqlMeasuresSchema) { db in try check.run(on: db) }
  }

  /// A check MariaDB cannot run whole gets as far as the function it refuses, and the refusal
  /// names the feature and the server.
  @Test("MariaDB refuses by name", .enabled(if: MySQLTestServer.suitesRun), arguments: FunctionCheck.refusedOnMariaDB)
  func mariaDBRefusal(check: FunctionCheck, feature: String) throws {
    try onMySQL(schema: mysqlMeasuresSchema) { db in
      let error = #expect(throws: DialectError.self) { try check.run(on: db) }
      #expect(error == .unsupported(feature: feature, dialect: db.dialect.name))
    }
  }
}
