import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' DecodingTests, live on SQLite and PostgreSQL: values of each built-in type,
// of a `LosslessStringConvertible` type, a raw-value enum, the date, UUID and JSON
// representations, a record decoded by hand, and a NULL in an optional column, each decoded from
// a select of hand-written SQL.
//
// Rewritten: StructuredQueries' `SimpleSelect { expression }` (a select of one expression with
// no table) is `Values(expression)` ("cannot find 'SimpleSelect' in scope").
//
// `blob` needs SQLite 3.41's `unhex`: an older SQLite (Debian's 3.40) refuses it by name, which
// the case checks there instead of the bytes.

@Table private struct RowWithOptional: Equatable {
  var value: Int? = 42
}

@Suite struct SuiteDecodingTests {
  @Test(arguments: LiveDatabase.allCases)
  func blob(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `SimpleSelect { "deadbeef".unhex() }` is `Values("deadbeef".unhex())`.
      let query = Values("deadbeef".unhex())
      if database == .sqlite && SQLiteVersion.linked < SQLiteVersion(3, 41) {
        #expect(throws: DialectError.self) { try db.execute(query) }
        return
      }
      let bytes = try #require(try db.execute(query).first)
      #expect(bytes == [0xDE, 0xAD, 0xBE, 0xEF])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      // SQLite has no Boolean type: `0` and `1` are its false and true. PostgreSQL's `0` is an
      // integer, which TypedSQL refuses to decode as a Bool ("cannot decode column 0 "?column?"
      // as Bool: it holds integer("0")"); `false` and `true` decode on both.
      if database == .sqlite {
        let no = try db.execute(Values(#sql("0", as: Bool.self))).first
        let yes = try db.execute(Values(#sql("1", as: Bool.self))).first
        #expect(no == false)
        #expect(yes == true)
      } else {
        #expect(throws: QueryDecodingError.self) { try db.execute(Values(#sql("0", as: Bool.self))) }
      }
      let no = try db.execute(Values(#sql("false", as: Bool.self))).first
      let yes = try db.execute(Values(#sql("true", as: Bool.self))).first
      #expect(no == false)
      #expect(yes == true)
      let int = try db.execute(Values(#sql("2", as: Int.self))).first
      #expect(int == 2)
      let int8 = try db.execute(Values(#sql("3", as: Int8.self))).first
      #expect(int8 == Int8(3))
      let int16 = try db.execute(Values(#sql("4", as: Int16.self))).first
      #expect(int16 == Int16(4))
      let int32 = try db.execute(Values(#sql("5", as: Int32.self))).first
      #expect(int32 == Int32(5))
      let int64 = try db.execute(Values(#sql("6", as: Int64.self))).first
      #expect(int64 == Int64(6))
      let uint8 = try db.execute(Values(#sql("7", as: UInt8.self))).first
      #expect(uint8 == UInt8(7))
      let uint16 = try db.execute(Values(#sql("8", as: UInt16.self))).first
      #expect(uint16 == UInt16(8))
      let uint32 = try db.execute(Values(#sql("9", as: UInt32.self))).first
      #expect(uint32 == UInt32(9))
      let uint64 = try db.execute(Values(#sql("10", as: UInt64.self))).first
      #expect(uint64 == UInt64(10))
      let float = try db.execute(Values(#sql("11.12", as: Float.self))).first
      #expect(float == Float(11.12))
      let double = try db.execute(Values(#sql("13.14", as: Double.self))).first
      #expect(double == 13.14)
      let string = try db.execute(Values(#sql("'Blob'", as: String.self))).first
      #expect(string == "Blob")
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func losslessStringConvertible(database: LiveDatabase) throws {
    struct Email: Equatable, LosslessStringConvertible, QueryBindable {
      var description: String

      init?(_ description: String) {
        self.description = description
      }
    }
    try database.run { db in
      let email = try db.execute(
        Values(#sql("'support@pointfree.co'", as: Email.self))
      )
      .first
      #expect(email == Email("support@pointfree.co"))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func rawRepresentable(database: LiveDatabase) throws {
    enum Priority: Int, QueryBindable {
      case low = 1
      case medium
      case high
    }
    try database.run { db in
      let literal = try db.execute(
        Values(#sql("3", as: Priority.self))
      )
      .first
      #expect(literal == .high)
      let bound = try db.execute(
        Values(#sql("\(Priority.high)", as: Priority.self))
      )
      .first
      #expect(bound == .high)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func queryRepresentable(database: LiveDatabase) throws {
    try database.run { db in
      let date = try db.execute(
        Values(#sql("'2001-01-01 00:00:00'", as: Date.self))
      )
      .first
      #expect(date == Date(timeIntervalSinceReferenceDate: 0))
      let unixTime = try db.execute(
        Values(#sql("1234567890", as: Date.UnixTimeRepresentation.self))
      )
      .first
      #expect(unixTime?.queryOutput == Date(timeIntervalSince1970: 1_234_567_890))
      let julianDay = try db.execute(
        Values(#sql("2451910.5", as: Date.JulianDayRepresentation.self))
      )
      .first
      #expect(julianDay?.queryOutput == Date(timeIntervalSinceReferenceDate: 0))
      let uuid = try db.execute(
        Values(#sql("'deadbeef-dead-beef-dead-beefdeadbeef'", as: UUID.self))
      )
      .first
      #expect(uuid == UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"))
      let uppercased = try db.execute(
        Values(#sql("'DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF'", as: UUID.UppercasedRepresentation.self))
      )
      .first
      #expect(uppercased?.queryOutput == UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"))
      // Rewritten: the 16 bytes are bound instead of computed by `unhex` and `cast(as:)` ("value
      // of type 'String' has no member 'unhex'"; TypedSQL has no `unhex`, and casts only to its
      // `QueryCastable` types).
      let uuidBytes: [UInt8] = [
        0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF,
      ]
      let bytes = try db.execute(
        Values(#sql("\(uuidBytes)", as: UUID.BytesRepresentation?.self))
      )
      .first
      #expect(
        bytes??.queryOutput
          == UUID(
            uuid: (
              0xDE, 0xAD, 0xBE, 0xEF,
              0xDE, 0xAD,
              0xBE, 0xEF,
              0xDE, 0xAD,
              0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF
            )
          )
      )
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func optionalDate(database: LiveDatabase) throws {
    try database.run { db in
      let date = try db.execute(
        Values(#sql("NULL", as: Date?.self))
      )
      .first
      #expect(date == .some(.none))
      let unixTime = try db.execute(
        Values(#sql("NULL", as: Date.UnixTimeRepresentation?.self))
      )
      .first
      #expect(unixTime == .some(.none))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func recordWithOptionalDate(database: LiveDatabase) throws {
    // Rewritten: `Record` is `QueryDecodable` only (TypedSQL's `QueryRepresentable` is a stored
    // form of another value: "type 'Record' does not conform to protocol 'QueryRepresentable'").
    struct Record: Equatable, QueryDecodable {
      var date: Date?
      init(date: Date?) { self.date = date }
      init(decoder: inout some QueryDecoder) throws {
        date = try decoder.decode(Date.ISO8601Representation.self)
      }
    }
    try database.run { db in
      let null = try db.execute(Values(#sql("NULL", as: Record.self))).first
      #expect(null == .some(Record(date: nil)))
      let date = try db.execute(Values(#sql("'2001-01-01 00:00:00'", as: Record.self))).first
      #expect(date == .some(Record(date: Date(timeIntervalSinceReferenceDate: 0))))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonCodable(database: LiveDatabase) throws {
    struct User: Codable, Equatable {
      let id: Int
      var name: String
    }
    try database.run { db in
      let users = try db.execute(
        Values(
          #sql(
            """
            '{"id":1,"name":"Blob"}'
            """,
            as: User.JSONRepresentation.self
          )
        )
      )
      #expect(users.map(\.queryOutput) == [User(id: 1, name: "Blob")])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonCodableCustomKeys(database: LiveDatabase) throws {
    struct User: Codable, Equatable {
      let id: Int
      var name: String

      enum CodingKeys: String, CodingKey {
        case id = "user_id"
        case name = "user_name"
      }
    }
    try database.run { db in
      let users = try db.execute(
        Values(
          #sql(
            """
            '{"user_id":1,"user_name":"Blob"}'
            """,
            as: User.JSONRepresentation.self
          )
        )
      )
      #expect(users.map(\.queryOutput) == [User(id: 1, name: "Blob")])
    }
  }

  @Test("NULL value in optional column does not decode as default", arguments: LiveDatabase.allCases)
  func nullValueInOptionalColumnDoesNotDecodeAsDefault(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(
        database == .sqlite
          ? #"CREATE TABLE "rowWithOptionals" ("value" INTEGER) STRICT"#
          : #"CREATE TABLE "rowWithOptionals" ("value" bigint)"#)
      try db.execute(
        """
        INSERT INTO "rowWithOptionals" ("value") VALUES (NULL)
        """
      )
      let rows = try RowWithOptional.all.fetchAll(db)
      #expect(rows == [RowWithOptional(value: nil)])
    }
  }
}
