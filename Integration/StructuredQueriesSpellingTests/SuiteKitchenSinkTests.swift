import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres

// StructuredQueries' KitchenSinkTests, live on SQLite and PostgreSQL: a table with a column of
// each built-in type and representation, optional and not, inserted (also with no values, all
// defaults) and read back.
//
// On PostgreSQL the Booleans are `boolean`, the ISO 8601 dates `timestamptz` and the JSON
// columns `jsonb`. `KitchenSink` and `Kitchen` are `Equatable` here too, to compare rows.
//
// `jsonGroupArray` (`Kitchen.fullJoin(KitchenSink.all) { $0.id.is($1.kitchenID) }
// .select { ($0, $1.jsonGroupArray()) }`) selects the kitchen's id beside an aggregate with no
// `GROUP BY`, as StructuredQueries' SQL does: SQLite returns its row (Kitchen 1 with its three
// sinks), and PostgreSQL rejects the SQL (42803), which the case checks.

@Table
private struct Kitchen: Equatable {
  let id: Int
}

private enum Color: String, Codable, QueryBindable {
  case red, green, blue
}

@Table
private struct KitchenSink: Codable, Equatable {
  let id: Int
  var kitchenID: Int?
  var bool: Bool
  var optionalBool: Bool?
  var string: String
  var optionalString: String?
  var int: Int
  var optionalInt: Int?
  var double: Double
  var optionalDouble: Double?
  var rawRepresentable: Color
  var optionalRawRepresentable: Color?
  var iso8601Date: Date
  var optionalISO8601Date: Date?
  @Column(as: Date.UnixTimeRepresentation.self)
  var unixTimeDate: Date
  @Column(as: Date.UnixTimeRepresentation?.self)
  var optionalUnixTimeDate: Date?
  @Column(as: Date.JulianDayRepresentation.self)
  var julianDayDate: Date
  @Column(as: Date.JulianDayRepresentation?.self)
  var optionalJulianDayDate: Date?
  @Column(as: [String].JSONRepresentation.self)
  var jsonArray: [String]
  @Column(as: [String].JSONRepresentation?.self)
  var optionalJSONArray: [String]?
  @Column(as: [Date].JSONRepresentation.self)
  var jsonArrayOfDates: [Date]
}

/// StructuredQueries' three sinks, as it reads them back: the first of the columns' defaults.
private let sinks = [
  KitchenSink(
    id: 1,
    kitchenID: nil,
    bool: false,
    optionalBool: nil,
    string: "",
    optionalString: nil,
    int: 0,
    optionalInt: nil,
    double: 0.0,
    optionalDouble: nil,
    rawRepresentable: .green,
    optionalRawRepresentable: nil,
    iso8601Date: try! Date("2018-01-29T00:08:00.000Z", strategy: .iso8601),
    optionalISO8601Date: nil,
    unixTimeDate: try! Date("2009-02-13T23:31:30.000Z", strategy: .iso8601),
    optionalUnixTimeDate: nil,
    julianDayDate: try! Date("2014-05-11T12:00:00.000Z", strategy: .iso8601),
    optionalJulianDayDate: nil,
    jsonArray: [],
    optionalJSONArray: nil,
    jsonArrayOfDates: []
  ),
  KitchenSink(
    id: 2,
    kitchenID: 1,
    bool: true,
    optionalBool: nil,
    string: "Blob",
    optionalString: nil,
    int: 42,
    optionalInt: nil,
    double: 17.29,
    optionalDouble: nil,
    rawRepresentable: .red,
    optionalRawRepresentable: nil,
    iso8601Date: try! Date("2001-01-02T00:00:00.000Z", strategy: .iso8601),
    optionalISO8601Date: nil,
    unixTimeDate: try! Date("1970-01-02T00:00:00.000Z", strategy: .iso8601),
    optionalUnixTimeDate: nil,
    julianDayDate: try! Date("2001-01-08T00:00:00.000Z", strategy: .iso8601),
    optionalJulianDayDate: nil,
    jsonArray: ["Hello", "world"],
    optionalJSONArray: nil,
    jsonArrayOfDates: [try! Date("2040-02-14T23:31:30.000Z", strategy: .iso8601)]
  ),
  KitchenSink(
    id: 3,
    kitchenID: 1,
    bool: false,
    optionalBool: true,
    string: "Blob Jr",
    optionalString: "Blob Sr",
    int: 24,
    optionalInt: 48,
    double: 29.17,
    optionalDouble: 80.08,
    rawRepresentable: .green,
    optionalRawRepresentable: .blue,
    iso8601Date: try! Date("2001-01-02T00:00:00.000Z", strategy: .iso8601),
    optionalISO8601Date: try! Date("2001-01-03T00:00:00.000Z", strategy: .iso8601),
    unixTimeDate: try! Date("1970-01-02T00:00:00.000Z", strategy: .iso8601),
    optionalUnixTimeDate: try! Date("1970-01-03T00:00:00.000Z", strategy: .iso8601),
    julianDayDate: try! Date("2001-01-08T00:00:00.000Z", strategy: .iso8601),
    optionalJulianDayDate: try! Date("2001-01-15T00:00:00.000Z", strategy: .iso8601),
    jsonArray: ["Hello", "world"],
    optionalJSONArray: ["Goodnight", "moon"],
    jsonArrayOfDates: [try! Date("2040-02-14T23:31:30.000Z", strategy: .iso8601)]
  ),
]

extension LiveDatabase {
  /// Runs `body` on a database with StructuredQueries' kitchen and three sinks.
  fileprivate func runWithKitchenSinks(_ body: (any Database) throws -> Void) throws {
    try run { db in
      if self == .sqlite {
        try db.execute(
          """
          CREATE TABLE "kitchens" (
            "id" INTEGER PRIMARY KEY AUTOINCREMENT
          )
          """
        )
        try db.execute(
          """
          CREATE TABLE "kitchenSinks" (
            "id" INTEGER PRIMARY KEY AUTOINCREMENT,
            "kitchenID" INTEGER,
            "bool" INTEGER NOT NULL DEFAULT 0,
            "optionalBool" INTEGER,
            "string" TEXT NOT NULL DEFAULT '',
            "optionalString" TEXT,
            "int" INTEGER NOT NULL DEFAULT 0,
            "optionalInt" INTEGER,
            "double" REAL NOT NULL DEFAULT 0.0,
            "optionalDouble" REAL,
            "rawRepresentable" TEXT NOT NULL DEFAULT 'green',
            "optionalRawRepresentable" TEXT,
            "iso8601Date" TEXT NOT NULL DEFAULT '2018-01-29 00:08:00',
            "optionalISO8601Date" TEXT,
            "unixTimeDate" INT NOT NULL DEFAULT 1234567890,
            "optionalUnixTimeDate" INT,
            "julianDayDate" REAL NOT NULL DEFAULT 2456789.0,
            "optionalJulianDayDate" REAL,
            "jsonArray" TEXT NOT NULL DEFAULT '[]',
            "optionalJSONArray" TEXT,
            "jsonArrayOfDates" TEXT NOT NULL DEFAULT '[]'
          )
          """
        )
      } else {
        try db.execute(
          """
          CREATE TABLE "kitchens" (
            "id" bigserial PRIMARY KEY
          )
          """
        )
        try db.execute(
          """
          CREATE TABLE "kitchenSinks" (
            "id" bigserial PRIMARY KEY,
            "kitchenID" bigint,
            "bool" boolean NOT NULL DEFAULT false,
            "optionalBool" boolean,
            "string" text NOT NULL DEFAULT '',
            "optionalString" text,
            "int" bigint NOT NULL DEFAULT 0,
            "optionalInt" bigint,
            "double" double precision NOT NULL DEFAULT 0.0,
            "optionalDouble" double precision,
            "rawRepresentable" text NOT NULL DEFAULT 'green',
            "optionalRawRepresentable" text,
            "iso8601Date" timestamptz NOT NULL DEFAULT '2018-01-29 00:08:00+00',
            "optionalISO8601Date" timestamptz,
            "unixTimeDate" bigint NOT NULL DEFAULT 1234567890,
            "optionalUnixTimeDate" bigint,
            "julianDayDate" double precision NOT NULL DEFAULT 2456789.0,
            "optionalJulianDayDate" double precision,
            "jsonArray" jsonb NOT NULL DEFAULT '[]',
            "optionalJSONArray" jsonb,
            "jsonArrayOfDates" jsonb NOT NULL DEFAULT '[]'
          )
          """
        )
      }
      try db.execute(
        Kitchen.insert {
          Kitchen(
            id: 1
          )
        }
      )
      try db.execute(
        KitchenSink.insert()
      )
      try db.execute(
        KitchenSink.insert {
          [
            KitchenSink(
              id: 2,
              kitchenID: 1,
              bool: true,
              string: "Blob",
              int: 42,
              double: 17.29,
              rawRepresentable: .red,
              iso8601Date: Date(timeIntervalSinceReferenceDate: 24 * 60 * 60),
              unixTimeDate: Date(timeIntervalSince1970: 24 * 60 * 60),
              julianDayDate: Date(timeIntervalSinceReferenceDate: 7 * 24 * 60 * 60),
              jsonArray: ["Hello", "world"],
              jsonArrayOfDates: [Date(timeIntervalSinceReferenceDate: 1_234_567_890)]
            ),
            KitchenSink(
              id: 3,
              kitchenID: 1,
              bool: false,
              optionalBool: true,
              string: "Blob Jr",
              optionalString: "Blob Sr",
              int: 24,
              optionalInt: 48,
              double: 29.17,
              optionalDouble: 80.08,
              rawRepresentable: .green,
              optionalRawRepresentable: .blue,
              iso8601Date: Date(timeIntervalSinceReferenceDate: 24 * 60 * 60),
              optionalISO8601Date: Date(timeIntervalSinceReferenceDate: 2 * 24 * 60 * 60),
              unixTimeDate: Date(timeIntervalSince1970: 24 * 60 * 60),
              optionalUnixTimeDate: Date(timeIntervalSince1970: 2 * 24 * 60 * 60),
              julianDayDate: Date(timeIntervalSinceReferenceDate: 7 * 24 * 60 * 60),
              optionalJulianDayDate: Date(timeIntervalSinceReferenceDate: 2 * 7 * 24 * 60 * 60),
              jsonArray: ["Hello", "world"],
              optionalJSONArray: ["Goodnight", "moon"],
              jsonArrayOfDates: [Date(timeIntervalSinceReferenceDate: 1_234_567_890)]
            ),
          ]
        }
      )
      try body(db)
    }
  }
}

@Suite struct SuiteKitchenSinkTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.runWithKitchenSinks { db in
      let rows = try db.execute(
        KitchenSink.all
      )
      #expect(rows == sinks)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonGroupArray(database: LiveDatabase) throws {
    try database.runWithKitchenSinks { db in
      let query = Kitchen
        .fullJoin(KitchenSink.all) { $0.id.is($1.kitchenID) }
        .select { ($0, $1.jsonGroupArray()) }
      guard database == .sqlite else {
        // PostgreSQL rejects StructuredQueries' SQL: the kitchen's id beside an aggregate, ungrouped.
        let error = #expect(throws: PostgresError.self) { try db.execute(query) }
        #expect(error?.sqlState == "42803")
        return
      }
      let rows = try db.execute(query)
      #expect(rows.map(\.0) == [Kitchen(id: 1)])
      // The array's order is the aggregate's, which SQL leaves open: compared by id.
      #expect(rows.map { $0.1.sorted { $0.id < $1.id } } == [sinks])
    }
  }
}
