import Foundation
import Testing
import TypedSQL
@testable import TypedSQLPostgres

/// One column of every type PostgreSQL's rows are read in binary for, to read the same rows in
/// binary and in text.
@Table("binaryEdges") struct BinaryEdge: Equatable {
  let id: Int
  var small: Int
  var medium: Int
  var ratio: Double
  var flag: Bool
  var title: String
  var code: String
  var padded: String
  var bytes: [UInt8]
  var at: Date
  var naive: Date
  var day: Date
  var token: UUID
  @Column(as: [String].JSONRepresentation.self) var document: [String]
  @Column(as: [String].JSONRepresentation.self) var binaryDocument: [String]
}

/// Rows in binary format: a named statement whose columns the decoder reads in binary asks for
/// them so, and every value reads exactly as its text does.
@Suite struct PostgresBinaryResultTests {
  static let schema = #"""
    CREATE TABLE "binaryEdges" (
      "id" bigint PRIMARY KEY, "small" smallint NOT NULL, "medium" integer NOT NULL,
      "ratio" double precision NOT NULL, "flag" boolean NOT NULL, "title" text NOT NULL,
      "code" varchar(20) NOT NULL, "padded" char(6) NOT NULL, "bytes" bytea NOT NULL,
      "at" timestamptz NOT NULL, "naive" timestamp NOT NULL, "day" date NOT NULL, "token" uuid NOT NULL,
      "document" json NOT NULL, "binaryDocument" jsonb NOT NULL);
    INSERT INTO "binaryEdges" VALUES
      (-9223372036854775808, -32768, -2147483648, -1.7976931348623157e308, true, '', '', 'ab', '\x',
       '0001-01-01 00:00:00+00', '0001-01-01 00:00:00', '0001-01-01', '00000000-0000-0000-0000-000000000000',
       '[]', '[]'),
      (9223372036854775807, 32767, 2147483647, 5e-324, false, 'Say "cheese" 🧀, \ not /', 'é', 'abcdef',
       '\x00ff7f', '9999-12-31 23:59:59.999999+00', '9999-12-31 23:59:59.999999', '9999-12-31',
       'ffffffff-ffff-ffff-ffff-ffffffffffff', '["a", "b \"c\""]', '["ü", "\\"]'),
      (0, 0, 0, '-0', true, 'x', 'y', 'z', '\x01', '1969-12-31 23:59:59.5+00', '1900-02-28 12:00:00.000001',
       '1970-01-01', '0a8f3c1e-1d2b-4e5f-9a7b-6c5d4e3f2a1b', '[" spaced ", "new\nline"]', '["🧀"]'),
      (1, 1, -1, 0.1, false, 'line
    break', 'tab	', '  ', '\xdeadbeef', '2024-02-29 03:04:05.678901+00', '2000-01-01 00:00:00',
       '2000-01-01', '123e4567-e89b-12d3-a456-426614174000', '["1"]', '[""]'),
      (2, 7, 8, 'Infinity', true, 't', 'f', 'f', '\x74', '1999-12-31 23:59:59.999999+00',
       '2000-01-01 00:00:00.000001', '1999-12-31', '00000000-0000-0000-0000-000000000001', '[]', '[]'),
      (3, -7, -8, '-Infinity', false, 'NULL', 'null', 'NULL', '\x00', '2038-01-19 03:14:08+00',
       '1582-10-04 23:59:59', '1582-10-15', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '["null"]', '[]');
    """#

  /// The same rows, the same values, read in binary by a named statement and in text by an
  /// unnamed one, and what they are written as.
  @Test func rowsReadTheSameInBinaryAsInText() async throws {
    try await withPostgresSchema(Self.schema) { address in
      let named = try PostgresDatabase(url: address)
      let unnamed = try PostgresDatabase(url: address, preparation: .unnamed)
      let query = BinaryEdge.order { $0.id }
      #expect(try Self.readsBinary(query, on: named))
      #expect(try !Self.readsBinary(query, on: unnamed))
      let binary = try query.fetchAll(named)
      let text = try query.fetchAll(unnamed)
      #expect(binary == text)
      #expect(binary.count == 6)
      #expect(binary.map(\.id) == [.min, 0, 1, 2, 3, .max])
      #expect(binary.map(\.ratio).map(\.bitPattern) == text.map(\.ratio).map(\.bitPattern))

      let lowest = try #require(binary.first)
      #expect(lowest.small == -32_768 && lowest.medium == -2_147_483_648)
      #expect(lowest.ratio == -.greatestFiniteMagnitude && lowest.flag)
      #expect(lowest.padded == "ab    " && lowest.bytes.isEmpty)
      #expect(lowest.at == Date(timeIntervalSince1970: -62_135_596_800))
      #expect(lowest.naive == lowest.at && lowest.day == lowest.at)
      #expect(lowest.token == UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))

      let highest = try #require(binary.last)
      #expect(highest.small == 32_767 && highest.medium == 2_147_483_647)
      #expect(highest.ratio == .leastNonzeroMagnitude && !highest.flag)
      #expect(highest.title == #"Say "cheese" 🧀, \ not /"# && highest.code == "é")
      #expect(highest.bytes == [0x00, 0xFF, 0x7F])
      #expect(highest.at == Date(timeIntervalSince1970: 253_402_300_799 + 0.999_999))
      #expect(highest.day == Date(timeIntervalSince1970: 253_402_214_400))
      #expect(highest.document == ["a", #"b "c""#] && highest.binaryDocument == ["ü", #"\"#])

      let zero = binary[1]
      #expect(zero.ratio == 0 && zero.ratio.sign == .minus)
      #expect(zero.at == Date(timeIntervalSince1970: -0.5))
      #expect(zero.naive == Date(timeIntervalSince1970: -2_203_934_400 + 0.000_001))
      #expect(zero.document == [" spaced ", "new\nline"] && zero.binaryDocument == ["🧀"])
      #expect(binary[2].at == Date(timeIntervalSince1970: 1_709_175_845 + 0.678_901))
      #expect(binary[3].ratio == .infinity && binary[4].ratio == -.infinity)
    }
  }

  /// A statement with a column of a type read only as text (`numeric`, `real`) asks for text;
  /// `real` so reads as the double its shortest spelling names, not the `float4` widened. After
  /// a column's type changes, the statement is prepared again and described again.
  @Test func aColumnReadOnlyAsTextKeepsTheStatementInText() async throws {
    try await withPostgresSchema(Self.schema) { address in
      let db = try PostgresDatabase(url: address)
      let real = #sql("SELECT CAST(0.1 AS real)", as: Double.self)
      #expect(try !Self.readsBinary(real, on: db))
      #expect(try real.fetchOne(db) == 0.1)
      let mediums = BinaryEdge.order { $0.id }.select(\.medium)
      #expect(try Self.readsBinary(mediums, on: db))
      #expect(try mediums.fetchAll(db) == [-2_147_483_648, 0, -1, 8, -8, 2_147_483_647])
      try db.execute(#"ALTER TABLE "binaryEdges" ALTER COLUMN "medium" TYPE numeric"#)
      #expect(try mediums.fetchAll(db) == [-2_147_483_648, 0, -1, 8, -8, 2_147_483_647])
      #expect(try !Self.readsBinary(mediums, on: db))
    }
  }

  /// Values TypedSQL has no `Date` or `Double` for fail in binary as in text, and an error names
  /// the value as the server writes it.
  @Test func valuesWithoutASwiftValueFailAlikeInBothFormats() async throws {
    try await withPostgresSchema(Self.schema) { address in
      let named = try PostgresDatabase(url: address)
      let unnamed = try PostgresDatabase(url: address, preparation: .unnamed)
      for db in [named, unnamed] {
        for instant in ["'infinity'::timestamptz", "'-infinity'::timestamp", "'0044-03-15 BC'::date", "'10000-01-01'::date"] {
          #expect(throws: QueryDecodingError.self) { try #sql("SELECT \(raw: instant)", as: Date.self).fetchOne(db) }
        }
        #expect(try #sql("SELECT CAST('NaN' AS double precision)", as: Double.self).fetchOne(db)?.isNaN == true)
        let error = #expect(throws: QueryDecodingError.self) {
          try #sql(#"SELECT "token" FROM "binaryEdges" WHERE "id" = 0"#, as: Int.self).fetchOne(db)
        }
        #expect(error?.storedValue == #"uuid("0a8f3c1e-1d2b-4e5f-9a7b-6c5d4e3f2a1b")"#)
        let bytes = #expect(throws: QueryDecodingError.self) {
          try #sql(#"SELECT "bytes" FROM "binaryEdges" WHERE "id" = 0"#, as: String.self).fetchOne(db)
        }
        #expect(bytes?.storedValue == #"bytea("\\x01")"#)
      }
    }
  }

  /// The columns' types are read once per result and a column found not `NULL` is not asked
  /// again: in both formats, each column of a row still reads by its own type, an optional
  /// reads `NULL` as nil and its value otherwise (an empty text too), and a `NULL` or a value
  /// of the wrong type in a later column still fails, naming that column.
  @Test func eachColumnKeepsItsTypeAndItsNullCheck() async throws {
    try await withPostgresSchema(Self.schema) { address in
      let named = try PostgresDatabase(url: address)
      let unnamed = try PostgresDatabase(url: address, preparation: .unnamed)
      for db in [named, unnamed] {
        let rows = try db.fetchAll(
          RenderedSQL(
            sql: "SELECT x, CASE WHEN x = 1 THEN NULL ELSE 'text ' || x END, x * 1.5::float8, x = 2 FROM generate_series(1, 3) AS x"),
          as: TupleRow<Int, String?, Double, Bool>.self)
        #expect(rows.map(\.0) == [1, 2, 3])
        #expect(rows.map(\.1) == [nil, "text 2", "text 3"])
        #expect(rows.map(\.2) == [1.5, 3, 4.5])
        #expect(rows.map(\.3) == [false, true, false])

        let null = #expect(throws: QueryDecodingError.self) {
          try db.fetchOne(RenderedSQL(sql: "SELECT 'a'::text, 1, NULL::bigint"), as: TupleRow<String?, Int, Int>.self)
        }
        #expect(null?.columnIndex == 2)
        #expect(null?.storedValue == "NULL")
        let wrongType = #expect(throws: QueryDecodingError.self) {
          try db.fetchOne(RenderedSQL(sql: "SELECT 'a'::text, 'b'::text"), as: TupleRow<String?, Int?>.self)
        }
        #expect(wrongType?.columnIndex == 1)
        #expect(wrongType?.storedValue == #"text("b")"#)

        // An empty text and a NULL both have length 0: only libpq's NULL flag tells them apart.
        let empty = try db.fetchOne(
          RenderedSQL(sql: "SELECT ''::text, ''::text, NULL::text"), as: TupleRow<String, String?, String?>.self)
        #expect(empty?.0 == "")
        #expect(empty?.1 == "")
        #expect(empty?.2 == nil)
        let nullText = #expect(throws: QueryDecodingError.self) {
          try db.fetchOne(RenderedSQL(sql: "SELECT ''::text, NULL::text"), as: TupleRow<String, String>.self)
        }
        #expect(nullText?.columnIndex == 1)
        #expect(nullText?.storedValue == "NULL")
      }
    }
  }

  /// A statement the server refuses as it prepares it fails with the server's error, and the
  /// connection, which prepared and described it in one pipeline, runs the next statement.
  @Test func aStatementRefusedAtPrepareLeavesTheConnectionUsable() async throws {
    try await withPostgresSchema(Self.schema) { address in
      let db = try PostgresDatabase(url: address)
      let error = #expect(throws: PostgresError.self) {
        try #sql(#"SELECT "tittle" FROM "binaryEdges""#, as: String.self).fetchAll(db)
      }
      #expect(error?.sqlState == "42703")
      #expect(error?.sql == #"SELECT "tittle" FROM "binaryEdges""#)
      #expect(try BinaryEdge.count().fetchOne(db) == 6)
      #expect(try #sql(#"SELECT "title" FROM "binaryEdges" WHERE "id" = 3"#, as: String.self).fetchOne(db) == "NULL")
    }
  }

  /// Whether `statement`'s rows come in binary on `db`.
  static func readsBinary(_ statement: some Statement, on db: PostgresDatabase) throws -> Bool {
    try db.withResult(of: statement.render(in: db.dialect)) { PostgresRowCursor.withCursor(over: $0) { $0.isBinary } }
  }
}
