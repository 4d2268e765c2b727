import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

struct DisplaySettings: Codable, Hashable, Sendable {
  var theme: String
  var fontSize: Int
  var zoom: Double = 1
}

@Table("profiles") struct Profile: Equatable {
  let id: Int
  @Column(as: DisplaySettings.JSONBRepresentation.self) var settings: DisplaySettings
  @Column(as: [String].JSONBRepresentation?.self) var tags: [String]?
}

/// Binary JSON: PostgreSQL's `jsonb` stores and reads it; the system's SQLite (3.40) refuses to
/// store SQLite's JSONB by name, and reads JSONB that a newer SQLite wrote.
@Suite struct JSONBTests {
  static let profiles = [
    Profile(id: 1, settings: DisplaySettings(theme: "dark", fontSize: 12), tags: ["a", "b"]),
    Profile(id: 2, settings: DisplaySettings(theme: "light \"quoted\" ☀️", fontSize: 14, zoom: 1.5), tags: nil),
  ]

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresStoresAndReadsBinaryJSON() throws {
    let schema = #"CREATE TABLE "profiles" ("id" integer PRIMARY KEY, "settings" jsonb NOT NULL, "tags" jsonb)"#
    try onPostgres(schema: schema) { db in
      try Profile.insert { Self.profiles[0] }.execute(db)
      let insert = db.prepareInsert(into: Profile.self)
      try insert.execute(Self.profiles[1])
      #expect(try Profile.order { $0.id }.fetchAll(db) == Self.profiles)
      #expect(try db.fetchAll(RenderedSQL(sql: #"SELECT jsonb_typeof("settings") FROM "profiles""#), as: String.self) == ["object", "object"])

      try Profile.find(2).update { $0.tags = [String].JSONBRepresentation(queryOutput: ["c"]) }.execute(db)
      #expect(try Profile.where { $0.settings.jsonText(at: ["theme"]) == "dark" }.select(\.id).fetchAll(db) == [1])
      #expect(try Profile.find(2).fetchOne(db)?.tags == ["c"])
      let tags = try Profile.join(Profile.tags.jsonEach()) { profile, _ in profile.id == 1 }
        .order { _, tag in tag.key }.select { _, tag in tag.value }.fetchAll(db)
      #expect(tags == ["a", "b"])
      let asJSON = try Profile.order { $0.id }.select { $0.jsonObject() }.fetchAll(db)
      #expect(asJSON.map(\.settings) == Self.profiles.map(\.settings))
    }
  }

  @Test func sqliteBefore345RefusesToStoreJSONBByName() throws {
    try onSQLite(schema: #"CREATE TABLE "profiles" ("id" INTEGER PRIMARY KEY, "settings" BLOB NOT NULL, "tags" BLOB)"#) { db throws in
      let refusal = DialectError.unsupported(feature: "JSONB (needs SQLite 3.45.0)", dialect: db.dialect.name)
      #expect(throws: refusal) { try Profile.insert { Self.profiles[0] }.execute(db) }
      #expect(throws: refusal) { try db.prepareInsert(into: Profile.self).execute(Self.profiles[0]) }
      #expect(throws: refusal) {
        try Profile.find(1).update { $0.tags = [String].JSONBRepresentation(queryOutput: ["c"]) }.execute(db)
      }
      #expect(try Profile.count().fetchOne(db) == 0)
    }
  }

  /// JSONB as SQLite 3.45 writes it (https://sqlite.org/jsonb.html), read by the system's SQLite
  /// driver: every element type, sizes in the header and after it.
  @Test func sqliteReadsJSONBANewerSQLiteWrote() throws {
    func element(_ type: UInt8, _ payload: [UInt8]) -> [UInt8] {
      payload.count < 12 ? [UInt8(payload.count) << 4 | type] + payload : [0xC0 | type, UInt8(payload.count)] + payload
    }
    func text(_ type: UInt8, _ string: String) -> [UInt8] { element(type, Array(string.utf8)) }
    let settings = element(12, text(7, "fontSize") + text(4, "0x0C") + text(7, "theme") + text(10, "say \"hi\"\n")
      + text(8, "zoom") + text(6, ".5"))
    let tags = element(11, text(9, #"it\'s\x41"#) + text(8, #"caf\u00e9"#) + text(7, "plain"))
    let emptyTags = element(11, [])
    let hex = { (bytes: [UInt8]) in "X'" + HexText.digits(of: bytes) + "'" }
    try onSQLite(schema: #"CREATE TABLE "profiles" ("id" INTEGER PRIMARY KEY, "settings" BLOB NOT NULL, "tags" BLOB)"#) { db throws in
      try db.execute("""
        INSERT INTO "profiles" VALUES (1, \(hex(settings)), \(hex(tags))), (2, \(hex(settings)), \(hex(emptyTags))),
          (3, '{"fontSize":9,"theme":"text","zoom":2}', NULL)
        """)
      let read = try Profile.order { $0.id }.fetchAll(db)
      #expect(read == [
        Profile(id: 1, settings: DisplaySettings(theme: "say \"hi\"\n", fontSize: 12, zoom: 0.5), tags: ["it'sA", "café", "plain"]),
        Profile(id: 2, settings: DisplaySettings(theme: "say \"hi\"\n", fontSize: 12, zoom: 0.5), tags: []),
        Profile(id: 3, settings: DisplaySettings(theme: "text", fontSize: 9, zoom: 2), tags: nil),
      ])

      try db.execute(#"UPDATE "profiles" SET "settings" = X'CC05' WHERE "id" = 3"#)
      #expect {
        _ = try Profile.find(3).fetchOne(db)
      } throws: { error in
        let error = error as? QueryDecodingError
        return error?.columnName == "settings" && "\(error!)".contains("not JSONB")
      }
    }
  }
}
