import Foundation
import Testing
import TypedSQL

// StructuredQueries' DateFunctionsTests, live on SQLite and PostgreSQL. Its four tables are
// declared in the suite (the schema's `Event` has other columns), and created and filled as in
// StructuredQueries, with each database's column types; `events` replaces the schema's table.

extension DateTimeModifier {
  fileprivate static let endOfMonth = Self.startOfMonth.months(1).days(-1)
}

/// An instant in UTC, to the millisecond.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0, ms: Int = 0)
  -> Date
{
  DateSpellingTests.utc(year, month, day, hour, minute, second, ms: ms)
}

/// Instants compared to the millisecond, as every representation keeps them at most.
private func ms(_ date: Date) -> Int64 { DateSpellingTests.milliseconds(date) }

@Suite struct SuiteDateFunctionsTests {
  @Table fileprivate struct Event {
    let id: Int
    @Column(as: Date.UnixTimeRepresentation.self)
    var startsAt: Date
  }

  @Table fileprivate struct Log {
    let id: Int
    var createdAt: Date
  }

  @Table fileprivate struct Deadline {
    let id: Int
    var dueAt: Date
  }

  @Table fileprivate struct Observation {
    let id: Int
    @Column(as: Date.JulianDayRepresentation.self)
    var observedAt: Date
    @Column(as: Date.UnixTimeRepresentation?.self)
    var confirmedAt: Date?
  }

  /// The tables and rows of StructuredQueries' suite.
  static func createTables(_ db: any Database, _ database: LiveDatabase) throws {
    if database == .sqlite {
      try db.execute(
        """
        DROP TABLE "events";
        CREATE TABLE "events" ("id" INTEGER PRIMARY KEY, "startsAt" INTEGER);
        CREATE TABLE "logs" ("id" INTEGER PRIMARY KEY, "createdAt" TEXT);
        CREATE TABLE "observations" ("id" INTEGER PRIMARY KEY, "observedAt" REAL, "confirmedAt" INTEGER);
        INSERT INTO "events" VALUES (1, 1786579200);
        INSERT INTO "logs" VALUES (1, '2026-08-14 06:59:37.123');
        INSERT INTO "observations" VALUES (1, 2461266.5, NULL);
        CREATE TABLE "deadlines" ("id" INTEGER PRIMARY KEY, "dueAt" TEXT);
        INSERT INTO "deadlines" VALUES (1, '2026-01-31 00:00:00.000');
        """)
    } else {
      try db.execute(
        """
        DROP TABLE "events";
        CREATE TABLE "events" ("id" bigint PRIMARY KEY, "startsAt" bigint);
        CREATE TABLE "logs" ("id" bigint PRIMARY KEY, "createdAt" timestamptz);
        CREATE TABLE "observations" ("id" bigint PRIMARY KEY, "observedAt" double precision, "confirmedAt" bigint);
        INSERT INTO "events" VALUES (1, 1786579200);
        INSERT INTO "logs" VALUES (1, '2026-08-14 06:59:37.123+00');
        INSERT INTO "observations" VALUES (1, 2461266.5, NULL);
        CREATE TABLE "deadlines" ("id" bigint PRIMARY KEY, "dueAt" timestamptz);
        INSERT INTO "deadlines" VALUES (1, '2026-01-31 00:00:00.000+00');
        """)
    }
  }

  /// The one event, 2026-08-13 at midnight.
  static let eventStart = utc(2026, 8, 13)
  /// The one log's instant.
  static let logCreated = utc(2026, 8, 14, 6, 59, 37, ms: 123)

  /// The one log, as every query of `logs` below returns it.
  fileprivate static func isTheLog(_ logs: [Log]) -> Bool {
    logs.map(\.id) == [1] && logs.map { ms($0.createdAt) } == [ms(logCreated)]
  }

  /// The one event, as every query of `events` below returns it.
  fileprivate static func isTheEvent(_ events: [Event]) -> Bool {
    events.map(\.id) == [1] && events.map { ms($0.startsAt) } == [ms(eventStart)]
  }

  @Test(arguments: LiveDatabase.allCases)
  func componentsOnUnixColumn(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let rows = try Event.select { ($0.startsAt.year, $0.startsAt.month, $0.startsAt.day) }.fetchAll(db)
      #expect(rows.map { [$0.0, $0.1, $0.2] } == [[2026, 8, 13]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func daysFromNow(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let events = try Event.where { $0.startsAt < .now(.days(7)) }.fetchAll(db)
      #expect(Self.isTheEvent(events))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func subsecPreserved(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let dates = try Log.select { $0.createdAt(.days(1)) }.fetchAll(db)
      #expect(dates.map(ms) == [ms(utc(2026, 8, 15, 6, 59, 37, ms: 123))])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func startOfMonthOnEveryRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let expected = [ms(utc(2026, 8, 1))]
      let unix = try Event.select { $0.startsAt(.startOfMonth) }.fetchAll(db)
      #expect(unix.map { ms($0.queryOutput) } == expected)
      let text = try Log.select { $0.createdAt(.startOfMonth) }.fetchAll(db)
      #expect(text.map(ms) == expected)
      let julian = try Observation.select { $0.observedAt(.startOfMonth) }.fetchAll(db)
      #expect(julian.map { ms($0.queryOutput) } == expected)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func optionalColumn(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let years = try Observation.select { ($0.observedAt.year, $0.confirmedAt.map(\.year)) }.fetchAll(db)
      #expect(years.map(\.0) == [2026])
      #expect(years.map(\.1) == [nil])
      // StructuredQueries only renders this query: `confirmedAt` is NULL, so no row is returned.
      let confirmed = try Observation.where { $0.confirmedAt.map { $0 > .now(.days(-7)) } }.fetchAll(db)
      #expect(confirmed.map(\.id) == [])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func customFormat(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let text = try Event.select { $0.startsAt.strftime("%Y-%m-%d %H:%M") }.fetchAll(db)
      #expect(text == ["2026-08-13 00:00"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func chainedModifiers(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let ends = try Event.select { $0.startsAt(.startOfMonth.months(1).days(-1)) }.fetchAll(db)
      #expect(ends.map { ms($0.queryOutput) } == [ms(utc(2026, 8, 31))])
      let beforeMonthEnd = try Log.where { $0.createdAt < .now(.endOfMonth) }.fetchAll(db)
      #expect(Self.isTheLog(beforeMonthEnd))
      let beforeNextMonthEnd = try Log.where { $0.createdAt < .now(.months(1).endOfMonth) }.fetchAll(db)
      #expect(Self.isTheLog(beforeNextMonthEnd))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func monthOverflow(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let rows = try Deadline.select { ($0.dueAt(.months(1)), $0.dueAt(.months(1, .floor))) }.fetchAll(db)
      #expect(rows.map { [ms($0.0), ms($0.1)] } == [[ms(utc(2026, 3, 3)), ms(utc(2026, 2, 28))]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func bareNow(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let events = try Event.where { $0.startsAt < .now }.fetchAll(db)
      #expect(Self.isTheEvent(events))
      let logs = try Log.where { $0.createdAt < .now }.fetchAll(db)
      #expect(Self.isTheLog(logs))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func fusion(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let dates = try Event.select { $0.startsAt(.startOfMonth)(.days(1)) }.fetchAll(db)
      #expect(dates.map { ms($0.queryOutput) } == [ms(utc(2026, 8, 2))])
      let years = try Event.select { $0.startsAt(.months(-3)).year }.fetchAll(db)
      #expect(years == [2026])
      let logs = try Log.where { $0.createdAt < .now(.days(1))(.startOfDay) }.fetchAll(db)
      #expect(Self.isTheLog(logs))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func milliseconds(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let rows = try Log.select { ($0.createdAt(.milliseconds(877)), $0.createdAt(.milliseconds(-1_500))) }
        .fetchAll(db)
      #expect(
        rows.map { [ms($0.0), ms($0.1)] } == [
          [ms(utc(2026, 8, 14, 6, 59, 38)), ms(utc(2026, 8, 14, 6, 59, 35, ms: 623))]
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func dayOfYear(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let days = try Event.select(\.startsAt.dayOfYear).fetchAll(db)
      #expect(days == [225])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func groupByYearMonth(database: LiveDatabase) throws {
    try database.run { db in
      try Self.createTables(db, database)
      let rows = try Event
        .group(by: { ($0.startsAt.year, $0.startsAt.month) })
        .select { ($0.startsAt.year, $0.startsAt.month, $0.count()) }
        .fetchAll(db)
      #expect(rows.map { [$0.0, $0.1, $0.2] } == [[2026, 8, 1]])
    }
  }
}
