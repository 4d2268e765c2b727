import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers

/// Regression bodies for the six causes of different rows the random comparison found, written
/// once against `some Database` and run on SQLite and PostgreSQL with the values that showed them.
enum SameAnswerChecks {
  /// Values around 2^62 and 2^53 + 1, whose double sum cancels differently from their exact one.
  static let largeValues: [Int] = [1 << 62, (1 << 53) + 1, -(1 << 62), 7, -(1 << 53), 3]

  /// `avg` of integers is their exact sum over their count, overall and per group.
  static func averageOfIntegersIsExact(_ db: some Database) throws {
    try Measure.insert { largeValues.enumerated().map { Measure.Draft(group: $0.offset % 2, a: $0.element) } }.execute(db)
    let exact = Double(largeValues.reduce(0, +)) / Double(largeValues.count)
    let average: Double?? = try Measure.select { $0.a.avg() }.fetchOne(db)
    #expect(average == exact)
    let groups = try Measure.group { $0.group }.order { $0.group }.select { ($0.group, $0.a.avg()) }.fetchAll(db)
    let expected = [0, 1].map { group in
      let values = largeValues.enumerated().filter { $0.offset % 2 == group }.map(\.element)
      return Double(values.reduce(0, +)) / Double(values.count)
    }
    #expect(groups.map(\.1) == expected)
    let noAverage: Double?? = try Measure.where { $0.a == nil }.select { $0.a.avg() }.fetchOne(db)
    #expect(noAverage == .some(nil))
  }

  /// A sum of integers is exact when it fits in 64 bits and an error when it does not; arithmetic
  /// that overflows is an error when its result is read (PostgreSQL fails as it computes; SQLite
  /// goes on in floating point, which is never read as an integer).
  static func integerOverflowFailsOnBoth(_ db: some Database) throws {
    try Measure.insert { [Measure.Draft(group: 0, a: .max), Measure.Draft(group: 0, a: 1), Measure.Draft(group: 1, a: 1 << 62)] }
      .execute(db)
    let sum: Int?? = try Measure.where { $0.group == 1 }.select { $0.a.sum() }.fetchOne(db)
    #expect(sum == 1 << 62)
    #expect(throws: (any Error).self) { try Measure.where { $0.group == 0 }.select { $0.a.sum() }.fetchOne(db) }
    #expect(throws: (any Error).self) { try Measure.where { $0.group == 0 }.select { $0.a.avg() }.fetchOne(db) }
    #expect(throws: (any Error).self) { try Measure.where { $0.group == 1 }.select { $0.a + $0.a }.fetchAll(db) }
    #expect(throws: (any Error).self) { try Measure.where { $0.group == 1 }.select { $0.a * $0.a }.fetchAll(db) }
  }

  /// A floating-point value is never read as an integer, not even a whole one.
  static func realIsNeverReadAsAnInteger(_ db: some Database) throws {
    try Measure.insert { [Measure.Draft(group: 0, x: 9.2e18), Measure.Draft(group: 1, x: 3.0)] }.execute(db)
    for group in [0, 1] {
      #expect(throws: QueryDecodingError.self) {
        try Measure.where { $0.group == group }.select { #sql("\($0.x)", as: Int.self) }.fetchAll(db)
      }
    }
  }

  /// Each cast gives SQLite's value on every database, or is refused by name.
  static func castsMeanTheSame(_ db: some Database) throws {
    let day = Date(timeIntervalSince1970: 0.001)
    try Measure.insert {
      [
        Measure.Draft(group: 0, a: 5, x: -3.5, flag: true, text: "12abc", at: day),
        Measure.Draft(group: 1, a: 0, x: 1234.5625, flag: false, text: " -3.5e1x", at: day),
        Measure.Draft(group: 2, a: nil, x: nil, flag: nil, text: "abc", at: nil),
      ]
    }.execute(db)
    func column<T: QueryDecodable>(_ values: (Measure.TableColumns) -> SQLQueryExpression<T>) throws -> [T] {
      try Measure.order { $0.group }.select(values).fetchAll(db)
    }
    #expect(try column { $0.flag.cast(as: String.self) } == ["1", "0", nil])
    #expect(try column { $0.flag.cast(as: Int.self) } == [1, 0, nil])
    #expect(try column { $0.x.cast(as: Int.self) } == [-3, 1234, nil])
    #expect(try column { $0.x.cast(as: Bool.self) } == [true, true, nil])
    #expect(try column { $0.a.cast(as: Bool.self) } == [true, false, nil])
    #expect(try column { $0.text.cast(as: Int.self) } == [12, -3, 0])
    #expect(try column { $0.text.cast(as: Double.self) } == [12, -35, 0])
    #expect(try column { $0.text.cast(as: Bool.self) } == [true, true, false])
    #expect(try column { $0.at.cast(as: String.self) } == ["1970-01-01 00:00:00.001", "1970-01-01 00:00:00.001", nil])
    #expect(try column { $0.a.cast(as: String.self) } == ["5", "0", nil])
    let doubleText = Result { try column { $0.x.cast(as: String.self) } }
    if !db.dialect.name.hasPrefix("SQLite") {
      #expect(throws: DialectError.self) { try doubleText.get() }
    } else {
      #expect(try doubleText.get() == ["-3.5", "1234.5625", nil])
    }
    #expect(throws: DialectError.self) { try column { $0.at.cast(as: Int.self) } }
  }

  /// `min` and `max` of Booleans: whether every value, and whether any value, is true.
  static func booleanMinimumAndMaximum(_ db: some Database) throws {
    try Measure.insert {
      [Measure.Draft(group: 0, flag: true), Measure.Draft(group: 0, flag: false), Measure.Draft(group: 1, flag: true)]
    }.execute(db)
    let rows = try Measure.group { $0.group }.order { $0.group }.select { ($0.group, $0.flag.min(), $0.flag.max()) }.fetchAll(db)
    #expect(rows.map { [$0.1, $0.2] } == [[false, true], [true, true]])
    let none: Bool?? = try Measure.where { $0.group == 9 }.select { $0.flag.max() }.fetchOne(db)
    #expect(none == .some(nil))
  }

  /// `like` ignores the case of ASCII letters on both, and only theirs.
  static func likeMeansTheSame(_ db: some Database) throws {
    try Measure.insert {
      ["apple", "Apple", "APPLE pie", "caf\u{E9}", "CAF\u{C9}", "a_b", "axb"].enumerated().map {
        Measure.Draft(group: $0.offset, name: $0.element)
      }
    }.execute(db)
    func matches(_ pattern: String) throws -> [String] {
      try Measure.where { $0.name.like(pattern) }.order { $0.group }.select { $0.name }.fetchAll(db)
    }
    #expect(try matches("apple%") == ["apple", "Apple", "APPLE pie"])
    #expect(try matches("caf\u{E9}") == ["caf\u{E9}"])
    #expect(try matches("CAF%") == ["caf\u{E9}", "CAF\u{C9}"])
    #expect(try matches("A\\_B") == ["a_b"])
    #expect(try Measure.where { !$0.name.like("a%") }.select { $0.name }.fetchAll(db).count == 2)
  }

  /// `likeMatchingCase` matches every letter only to itself, and GLOB's wildcards in the text only
  /// to themselves.
  static func likeMatchingCaseMeansTheSame(_ db: some Database) throws {
    try Measure.insert {
      ["apple", "Apple", "APPLE pie", "caf\u{E9}", "CAF\u{C9}", "a_b", "axb", "a*b", "a?b", "[a]b", "100%"].enumerated().map {
        Measure.Draft(group: $0.offset, name: $0.element)
      }
    }.execute(db)
    func matches(_ pattern: String) throws -> [String] {
      try Measure.where { $0.name.likeMatchingCase(pattern) }.order { $0.group }.select { $0.name }.fetchAll(db)
    }
    #expect(try matches("apple%") == ["apple"])
    #expect(try matches("A%") == ["Apple", "APPLE pie"])
    #expect(try matches("CAF_") == ["CAF\u{C9}"])
    #expect(try matches("a_b") == ["a_b", "axb", "a*b", "a?b"])
    #expect(try matches("a\\_b") == ["a_b"])
    #expect(try matches("a*%") == ["a*b"])
    #expect(try matches("%?%") == ["a?b"])
    #expect(try matches("[a]%") == ["[a]b"])
    #expect(try matches("%\\%") == ["100%"])
    #expect(try Measure.where { !$0.name.likeMatchingCase("a%") }.select { $0.name }.fetchAll(db).count == 6)
  }
}

/// A table of the values each cause needs.
@Table("measures") struct Measure {
  let id: Int
  var group = 0
  var a: Int?
  var x: Double?
  var flag: Bool?
  var text: String?
  var at: Date?
  var name = ""
  @Column(as: Date.UnixTimeRepresentation?.self) var unixAt: Date?
  @Column(as: Date.JulianDayRepresentation?.self) var julianAt: Date?
  @Column(as: Date.ISO8601Representation?.self) var textAt: Date?
}

let sqliteMeasuresSchema = """
  CREATE TABLE "measures" (
    "id" INTEGER PRIMARY KEY, "group" INTEGER NOT NULL, "a" INTEGER, "x" REAL, "flag" INTEGER,
    "text" TEXT, "at" TEXT, "name" TEXT NOT NULL DEFAULT '', "unixAt" INTEGER, "julianAt" REAL, "textAt" TEXT
  ) STRICT;
  """

let postgresMeasuresSchema = """
  CREATE TABLE "measures" (
    "id" bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "group" bigint NOT NULL, "a" bigint,
    "x" double precision, "flag" boolean, "text" text, "at" timestamptz, "name" text NOT NULL DEFAULT '',
    "unixAt" bigint, "julianAt" double precision, "textAt" text
  );
  """

let mysqlMeasuresSchema = """
  CREATE TABLE "measures" (
    "id" bigint AUTO_INCREMENT PRIMARY KEY, "group" bigint NOT NULL, "a" bigint, "x" double, "flag" tinyint(1),
    "text" text, "at" datetime(6), "name" text NOT NULL DEFAULT '', "unixAt" bigint, "julianAt" double, "textAt" text
  );
  """

/// The same-answer regression bodies by name, as test arguments.
enum SameAnswerCheck: String, CaseIterable, Sendable {
  case averageOfIntegersIsExact, integerOverflowFailsOnBoth, realIsNeverReadAsAnInteger, castsMeanTheSame
  case booleanMinimumAndMaximum, likeMeansTheSame, likeMatchingCaseMeansTheSame

  func run(on db: some Database) throws {
    switch self {
    case .averageOfIntegersIsExact: try SameAnswerChecks.averageOfIntegersIsExact(db)
    case .integerOverflowFailsOnBoth: try SameAnswerChecks.integerOverflowFailsOnBoth(db)
    case .realIsNeverReadAsAnInteger: try SameAnswerChecks.realIsNeverReadAsAnInteger(db)
    case .castsMeanTheSame: try SameAnswerChecks.castsMeanTheSame(db)
    case .booleanMinimumAndMaximum: try SameAnswerChecks.booleanMinimumAndMaximum(db)
    case .likeMeansTheSame: try SameAnswerChecks.likeMeansTheSame(db)
    case .likeMatchingCaseMeansTheSame: try SameAnswerChecks.likeMatchingCaseMeansTheSame(db)
    }
  }
}

@Suite struct SameAnswerTests {
  @Test("SQLite", arguments: SameAnswerCheck.allCases)
  func sqlite(check: SameAnswerCheck) throws {
    try onSQLite(schema: sqliteMeasuresSchema) { db in try check.run(on: db) }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: SameAnswerCheck.allCases)
  func postgres(check: SameAnswerCheck) throws {
    try onPostgres(schema: postgresMeasuresSchema) { db in try check.run(on: db) }
  }

  @Test("MariaDB", .enabled(if: MySQLTestServer.suitesRun), arguments: SameAnswerCheck.allCases)
  func mariaDB(check: SameAnswerCheck) throws {
    try onMySQL(schema: mysqlMeasuresSchema) { db in try check.run(on: db) }
  }
}
