import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

struct BinarySettings: Codable, Hashable, Sendable {
  var theme: String
  var fontSize: Int
}

@Table("profiles") struct BinaryProfile {
  let id: Int
  @Column(as: BinarySettings.JSONBRepresentation.self) var settings: BinarySettings
  @Column(as: [String].JSONBRepresentation?.self) var tags: [String]?
}

/// Binary JSON: SQLite's JSONB from 3.45 (refused by name before), PostgreSQL's `jsonb`.
@Suite struct JSONBRenderingTests {
  static let sqlite345 = SQLiteDialect(version: SQLiteVersion(3, 45, 0))
  static let profile = BinaryProfile(id: 1, settings: BinarySettings(theme: "dark", fontSize: 12), tags: ["a"])

  @Test func writesConvertTheBoundText() {
    assertSQL(BinaryProfile.insert { Self.profile }, sqlite: Self.sqlite345) {
      """
      SQLite:
        INSERT INTO "profiles" ("id", "settings", "tags") VALUES (?1, jsonb(?2), jsonb(?3))
        bindings: int(1), jsonb({"fontSize":12,"theme":"dark"}), jsonb(["a"])
      PostgreSQL:
        INSERT INTO "profiles" ("id", "settings", "tags") VALUES ($1, $2, $3)
        bindings: int(1), jsonb({"fontSize":12,"theme":"dark"}), jsonb(["a"])
      """
    }
    assertSQL(BinaryProfile.find(1).update { $0.tags = [String].JSONBRepresentation(queryOutput: ["b", "c"]) }, sqlite: Self.sqlite345) {
      """
      SQLite:
        UPDATE "profiles" SET "tags" = jsonb(?1) WHERE ("profiles"."id" = ?2)
        bindings: jsonb(["b","c"]), int(1)
      PostgreSQL:
        UPDATE "profiles" SET "tags" = $1 WHERE ("profiles"."id" = $2)
        bindings: jsonb(["b","c"]), int(1)
      """
    }
  }

  @Test func olderSQLiteRefusesJSONBByName() {
    assertSQL(BinaryProfile.insert { Self.profile }) {
      """
      SQLite:
        error: SQLite 3.40.1 does not support JSONB (needs SQLite 3.45.0)
      PostgreSQL:
        INSERT INTO "profiles" ("id", "settings", "tags") VALUES ($1, $2, $3)
        bindings: int(1), jsonb({"fontSize":12,"theme":"dark"}), jsonb(["a"])
      """
    }
  }

  @Test func readsAndFunctionsNeedNoConversion() {
    assertSQL(
      BinaryProfile.where { $0.settings.jsonText(at: ["theme"]) == "dark" }
        .select { ($0.settings, $0.tags.jsonArrayLength()) },
      sqlite: Self.sqlite345
    ) {
      #"""
      SQLite:
        SELECT "profiles"."settings", json_array_length("profiles"."tags") FROM "profiles" WHERE (CAST(json_extract("profiles"."settings", ?1) AS TEXT) = ?2)
        bindings: text("$.\"theme\""), text("dark")
      PostgreSQL:
        SELECT "profiles"."settings", CASE WHEN jsonb_typeof("profiles"."tags") = 'array' THEN jsonb_array_length("profiles"."tags") WHEN "profiles"."tags" IS NOT NULL THEN 0 END FROM "profiles" WHERE (("profiles"."settings" #>> CAST($1 AS text[])) = $2)
        bindings: text("{\"theme\"}"), text("dark")
      """#
    }
    assertSQL(BinaryProfile.select { $0.jsonObject() }, sqlite: Self.sqlite345) {
      """
      SQLite:
        SELECT json_object('id', "profiles"."id", 'settings', json("profiles"."settings"), 'tags', json("profiles"."tags")) FROM "profiles"
      PostgreSQL:
        SELECT jsonb_build_object('id', "profiles"."id", 'settings', "profiles"."settings", 'tags', "profiles"."tags") FROM "profiles"
      """
    }
  }
}
