import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLSQLite

// Edits of JSON documents: SQLite's json_set family and PostgreSQL's jsonb_set, #- and ||,
// each guarded so that both leave the same document at the edges.

@Table private struct Profile {
  let id: Int
  var name = ""
  var isAdmin = false
  @Column(as: [String: String].JSONRepresentation.self) var settings: [String: String] = [:]
  @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
}

@Suite struct JSONEditRenderingTests {
  @Test func setInUpdate() {
    assertSQLWithMySQL(Profile.find(1).update { $0.settings = $0.settings.jsonSet(["theme"], "dark") }) {
      #"""
      SQLite:
        UPDATE "profiles" SET "settings" = CASE WHEN json_type("profiles"."settings", ?1) = 'object' THEN json_set("profiles"."settings", ?2, json(?3)) ELSE "profiles"."settings" END WHERE ("profiles"."id" = ?4)
        bindings: text("$"), text("$.\"theme\""), json("dark"), int(1)
      PostgreSQL:
        UPDATE "profiles" SET "settings" = CASE WHEN jsonb_typeof(("profiles"."settings" #> CAST($1 AS text[]))) = 'object' THEN jsonb_set("profiles"."settings", CAST($2 AS text[]), coalesce(to_jsonb(CAST($3 AS jsonb)), 'null'::jsonb), true) ELSE "profiles"."settings" END WHERE ("profiles"."id" = $4)
        bindings: text("{}"), text("{\"theme\"}"), json("dark"), int(1)
      MySQL:
        UPDATE `profiles` SET `settings` = CASE WHEN JSON_TYPE(JSON_EXTRACT(`profiles`.`settings`, ?)) = 'OBJECT' THEN JSON_SET(`profiles`.`settings`, ?, JSON_COMPACT(CAST(? AS CHAR))) ELSE `profiles`.`settings` END WHERE (`profiles`.`id` = ?)
        bindings: text("$"), text("$.\"theme\""), json("dark"), int(1)
      """#
    }
  }

  @Test func setAtAnIndexAndFromColumns() {
    assertSQLWithMySQL(Profile.select { ($0.tags.jsonSet([2], $0.name), $0.settings.jsonInsert(["admin"], $0.isAdmin)) }) {
      #"""
      SQLite:
        SELECT CASE WHEN json_type("profiles"."tags", ?1) = 'array' AND ?2 <= json_array_length("profiles"."tags", ?1) THEN json_set("profiles"."tags", ?3, "profiles"."name") ELSE "profiles"."tags" END, CASE WHEN json_type("profiles"."settings", ?1) = 'object' THEN json_insert("profiles"."settings", ?4, json(CASE "profiles"."isAdmin" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END)) ELSE "profiles"."settings" END FROM "profiles"
        bindings: text("$"), int(2), text("$[2]"), text("$.\"admin\"")
      PostgreSQL:
        SELECT CASE WHEN CASE WHEN jsonb_typeof(("profiles"."tags" #> CAST($1 AS text[]))) = 'array' THEN $2 <= jsonb_array_length(("profiles"."tags" #> CAST($1 AS text[]))) ELSE FALSE END THEN jsonb_set("profiles"."tags", CAST($3 AS text[]), coalesce(to_jsonb("profiles"."name"), 'null'::jsonb), true) ELSE "profiles"."tags" END, CASE WHEN jsonb_typeof(("profiles"."settings" #> CAST($1 AS text[]))) = 'object' AND (("profiles"."settings" #> CAST($4 AS text[])) IS NULL) THEN jsonb_set("profiles"."settings", CAST($4 AS text[]), coalesce(to_jsonb("profiles"."isAdmin"), 'null'::jsonb), true) ELSE "profiles"."settings" END FROM "profiles"
        bindings: text("{}"), int(2), text("{\"2\"}"), text("{\"admin\"}")
      MySQL:
        SELECT CASE WHEN JSON_TYPE(JSON_EXTRACT(`profiles`.`tags`, ?)) = 'ARRAY' AND ? <= JSON_LENGTH(`profiles`.`tags`, ?) THEN JSON_SET(`profiles`.`tags`, ?, `profiles`.`name`) ELSE `profiles`.`tags` END, CASE WHEN JSON_TYPE(JSON_EXTRACT(`profiles`.`settings`, ?)) = 'OBJECT' THEN JSON_INSERT(`profiles`.`settings`, ?, JSON_EXTRACT(CASE WHEN `profiles`.`isAdmin` THEN 'true' WHEN NOT `profiles`.`isAdmin` THEN 'false' END, '$')) ELSE `profiles`.`settings` END FROM `profiles`
        bindings: text("$"), int(2), text("$"), text("$[2]"), text("$"), text("$.\"admin\"")
      """#
    }
  }

  @Test func replaceRemoveAppend() {
    assertSQLWithMySQL(
      Profile.select {
        ($0.settings.jsonReplace(["theme"], "light"), $0.settings.jsonRemove(["theme"]), $0.tags.jsonAppend("new"))
      }
    ) {
      #"""
      SQLite:
        SELECT json_replace("profiles"."settings", ?1, json(?2)), json_remove("profiles"."settings", ?1), CASE WHEN json_type("profiles"."tags", ?3) = 'array' THEN json_insert("profiles"."tags", ?4, json(?5)) ELSE "profiles"."tags" END FROM "profiles"
        bindings: text("$.\"theme\""), json("light"), text("$"), text("$[#]"), json("new")
      PostgreSQL:
        SELECT CASE WHEN (("profiles"."settings" #> CAST($1 AS text[])) IS NOT NULL) THEN jsonb_set("profiles"."settings", CAST($1 AS text[]), coalesce(to_jsonb(CAST($2 AS jsonb)), 'null'::jsonb), false) ELSE "profiles"."settings" END, CASE WHEN (("profiles"."settings" #> CAST($1 AS text[])) IS NOT NULL) THEN ("profiles"."settings" #- CAST($1 AS text[])) ELSE "profiles"."settings" END, CASE WHEN jsonb_typeof(("profiles"."tags" #> CAST($3 AS text[]))) = 'array' THEN ("profiles"."tags" || jsonb_build_array(coalesce(to_jsonb(CAST($4 AS jsonb)), 'null'::jsonb))) ELSE "profiles"."tags" END FROM "profiles"
        bindings: text("{\"theme\"}"), json("light"), text("{}"), json("new")
      MySQL:
        SELECT JSON_REPLACE(`profiles`.`settings`, ?, JSON_COMPACT(CAST(? AS CHAR))), JSON_REMOVE(`profiles`.`settings`, ?), CASE WHEN JSON_TYPE(JSON_EXTRACT(`profiles`.`tags`, ?)) = 'ARRAY' THEN JSON_ARRAY_APPEND(`profiles`.`tags`, ?, JSON_COMPACT(CAST(? AS CHAR))) ELSE `profiles`.`tags` END FROM `profiles`
        bindings: text("$.\"theme\""), json("light"), text("$.\"theme\""), text("$"), text("$"), json("new")
      """#
    }
  }

  @Test func pathsAnEditCannotTake() {
    assertSQLWithMySQL(Profile.select { $0.tags.jsonRemove([-1]) }) {
      """
      SQLite:
        error: invalid statement: a JSON path cannot edit a negative array index (-1)
      PostgreSQL:
        error: invalid statement: a JSON path cannot edit a negative array index (-1)
      MySQL:
        error: invalid statement: a JSON path cannot edit a negative array index (-1)
      """
    }
    assertSQLWithMySQL(Profile.select { $0.tags.jsonSet([], "x") }) {
      """
      SQLite:
        error: invalid statement: a JSON edit other than an append needs a path
      PostgreSQL:
        error: invalid statement: a JSON edit other than an append needs a path
      MySQL:
        error: invalid statement: a JSON edit other than an append needs a path
      """
    }
  }
}

@Suite struct JSONEachRenderingTests {
  /// An object's members under a long alias: MariaDB's table of member names keeps within the
  /// server's 64 characters, and each source keeps a name of its own.
  @Test func membersUnderALongAliasOnMariaDB() throws {
    enum SettingsOfAProfileNamedAtGreatLengthPastTheServersLimit: AliasName {}
    enum SettingsOfAProfileNamedAtGreatLengthPastTheServersLimitToo: AliasName {}
    let sql = try Profile.join(Profile.settings.jsonEach(as: SettingsOfAProfileNamedAtGreatLengthPastTheServersLimit.self)) { _, _ in true }
      .join(Profile.settings.jsonEach(as: SettingsOfAProfileNamedAtGreatLengthPastTheServersLimitToo.self)) { _, _, _ in true }
      .select { _, first, second in (first.key, second.key) }
      .render(in: MySQLDialect.mysql).sql
    let keysTables = Set(sql.split(separator: "`").filter { $0.hasPrefix("typedsql_keys_") })
    #expect(keysTables.count == 2, "\(sql)")
    #expect(keysTables.allSatisfy { $0.count <= 64 }, "\(keysTables)")
  }

  @Test func elementsInASubquery() {
    enum Tag: AliasName {}
    enum Setting: AliasName {}
    assertSQLWithMySQL(
      Profile.join(Profile.tags.jsonEach(as: Tag.self)) { _, tag in tag.value != "" }
        .join(Profile.settings.jsonEach(as: Setting.self)) { _, _, setting in setting.key != "" }
        .select { _, tag, setting in (tag.key, setting.key) }
    ) {
      #"""
      SQLite:
        SELECT "tags"."key", "settings"."key" FROM "profiles" JOIN json_each("profiles"."tags") AS "tags" ON ("tags"."value" <> ?1) JOIN json_each("profiles"."settings") AS "settings" ON ("settings"."key" <> ?1)
        bindings: text("")
      PostgreSQL:
        SELECT ("tags"."key" - 1), "settings"."key" FROM "profiles" JOIN jsonb_array_elements("profiles"."tags") WITH ORDINALITY AS "tags"("value", "key") ON (("tags"."value" #>> '{}') <> $1) JOIN jsonb_each("profiles"."settings") AS "settings"("key", "value") ON ("settings"."key" <> $1)
        bindings: text("")
      MySQL:
        SELECT (`tags`.`key` - 1), `settings`.`key` FROM `profiles` JOIN JSON_TABLE(`profiles`.`tags`, '$[*]' COLUMNS (`key` FOR ORDINALITY, `value` JSON PATH '$')) AS `tags` ON (JSON_VALUE(CAST(`tags`.`value` AS CHAR), '$') <> ?) JOIN (JSON_TABLE(JSON_KEYS(`profiles`.`settings`), '$[*]' COLUMNS (`name` TEXT PATH '$')) AS `typedsql_keys_settings` JOIN JSON_TABLE(JSON_OBJECT('key', CAST(`typedsql_keys_settings`.`name` AS CHAR), 'value', JSON_EXTRACT(CAST(`profiles`.`settings` AS CHAR), CONCAT('$."', REPLACE(REPLACE(`typedsql_keys_settings`.`name`, '\', '\\'), '"', '\"'), '"'))), '$' COLUMNS (`key` TEXT PATH '$.key', `value` JSON PATH '$.value')) AS `settings`) ON (`settings`.`key` <> ?)
        bindings: text(""), text("")
      """#
    }
    assertSQLWithMySQL(Profile.where { $0.tags.jsonEach().where { $0.value == "work" }.exists() }) {
      """
      SQLite:
        SELECT "profiles"."id", "profiles"."name", "profiles"."isAdmin", "profiles"."settings", "profiles"."tags" FROM "profiles" WHERE (EXISTS (SELECT "jsonEach"."key", "jsonEach"."value" FROM json_each("profiles"."tags") AS "jsonEach" WHERE ("jsonEach"."value" = ?1)))
        bindings: text("work")
      PostgreSQL:
        SELECT "profiles"."id", "profiles"."name", "profiles"."isAdmin", "profiles"."settings", "profiles"."tags" FROM "profiles" WHERE (EXISTS (SELECT ("jsonEach"."key" - 1), ("jsonEach"."value" #>> '{}') FROM jsonb_array_elements("profiles"."tags") WITH ORDINALITY AS "jsonEach"("value", "key") WHERE (("jsonEach"."value" #>> '{}') = $1)))
        bindings: text("work")
      MySQL:
        SELECT `profiles`.`id`, `profiles`.`name`, `profiles`.`isAdmin`, `profiles`.`settings`, `profiles`.`tags` FROM `profiles` WHERE (EXISTS (SELECT (`jsonEach`.`key` - 1), JSON_VALUE(CAST(`jsonEach`.`value` AS CHAR), '$') FROM JSON_TABLE(`profiles`.`tags`, '$[*]' COLUMNS (`key` FOR ORDINALITY, `value` JSON PATH '$')) AS `jsonEach` WHERE (JSON_VALUE(CAST(`jsonEach`.`value` AS CHAR), '$') = ?)))
        bindings: text("work")
      """
    }
  }

  @Test func membersJoinedToTheirRow() {
    assertSQLWithMySQL(
      Profile.join(Profile.settings.jsonEach()) { _, setting in setting.key != "" }.select { ($0.id, $1.key, $1.value) }
    ) {
      #"""
      SQLite:
        SELECT "profiles"."id", "jsonEach"."key", "jsonEach"."value" FROM "profiles" JOIN json_each("profiles"."settings") AS "jsonEach" ON ("jsonEach"."key" <> ?1)
        bindings: text("")
      PostgreSQL:
        SELECT "profiles"."id", "jsonEach"."key", ("jsonEach"."value" #>> '{}') FROM "profiles" JOIN jsonb_each("profiles"."settings") AS "jsonEach"("key", "value") ON ("jsonEach"."key" <> $1)
        bindings: text("")
      MySQL:
        SELECT `profiles`.`id`, `jsonEach`.`key`, JSON_VALUE(CAST(`jsonEach`.`value` AS CHAR), '$') FROM `profiles` JOIN (JSON_TABLE(JSON_KEYS(`profiles`.`settings`), '$[*]' COLUMNS (`name` TEXT PATH '$')) AS `typedsql_keys_jsonEach` JOIN JSON_TABLE(JSON_OBJECT('key', CAST(`typedsql_keys_jsonEach`.`name` AS CHAR), 'value', JSON_EXTRACT(CAST(`profiles`.`settings` AS CHAR), CONCAT('$."', REPLACE(REPLACE(`typedsql_keys_jsonEach`.`name`, '\', '\\'), '"', '\"'), '"'))), '$' COLUMNS (`key` TEXT PATH '$.key', `value` JSON PATH '$.value')) AS `jsonEach`) ON (`jsonEach`.`key` <> ?)
        bindings: text("")
      """#
    }
  }

  /// A built query under another name (StructuredQueries' `query.as(Name.self)`): its table-valued
  /// function and every column of it the query reads go by that name.
  @Test func elementsQueryUnderAnotherName() {
    enum Work: AliasName {}
    assertSQLWithMySQL(Profile.where { $0.tags.jsonEach().where { $0.value == "work" }.as(Work.self).exists() }) {
      """
      SQLite:
        SELECT "profiles"."id", "profiles"."name", "profiles"."isAdmin", "profiles"."settings", "profiles"."tags" FROM "profiles" WHERE (EXISTS (SELECT "works"."key", "works"."value" FROM json_each("profiles"."tags") AS "works" WHERE ("works"."value" = ?1)))
        bindings: text("work")
      PostgreSQL:
        SELECT "profiles"."id", "profiles"."name", "profiles"."isAdmin", "profiles"."settings", "profiles"."tags" FROM "profiles" WHERE (EXISTS (SELECT ("works"."key" - 1), ("works"."value" #>> '{}') FROM jsonb_array_elements("profiles"."tags") WITH ORDINALITY AS "works"("value", "key") WHERE (("works"."value" #>> '{}') = $1)))
        bindings: text("work")
      MySQL:
        SELECT `profiles`.`id`, `profiles`.`name`, `profiles`.`isAdmin`, `profiles`.`settings`, `profiles`.`tags` FROM `profiles` WHERE (EXISTS (SELECT (`works`.`key` - 1), JSON_VALUE(CAST(`works`.`value` AS CHAR), '$') FROM JSON_TABLE(`profiles`.`tags`, '$[*]' COLUMNS (`key` FOR ORDINALITY, `value` JSON PATH '$')) AS `works` WHERE (JSON_VALUE(CAST(`works`.`value` AS CHAR), '$') = ?)))
        bindings: text("work")
      """
    }
  }

  @Test func arrayInsertBeforeAnIndex() {
    assertSQL(Profile.select { $0.tags.jsonArrayInsert(\.[1], "z") }, sqlite: SQLiteDialect(version: SQLiteVersion(3, 51, 0))) {
      #"""
      SQLite:
        SELECT CASE WHEN json_type("profiles"."tags", ?1) = 'array' AND ?2 <= json_array_length("profiles"."tags", ?1) THEN json_array_insert("profiles"."tags", ?3, json(?4)) ELSE "profiles"."tags" END FROM "profiles"
        bindings: text("$"), int(1), text("$[1]"), json("z")
      PostgreSQL:
        SELECT CASE WHEN CASE WHEN jsonb_typeof(("profiles"."tags" #> CAST($1 AS text[]))) = 'array' THEN $2 <= jsonb_array_length(("profiles"."tags" #> CAST($1 AS text[]))) ELSE FALSE END THEN jsonb_insert("profiles"."tags", CAST($3 AS text[]), coalesce(to_jsonb(CAST($4 AS jsonb)), 'null'::jsonb)) ELSE "profiles"."tags" END FROM "profiles"
        bindings: text("{}"), int(1), text("{\"1\"}"), json("z")
      """#
    }
  }

  @Test func arrayInsertNeedsSQLite351() {
    assertSQL(Profile.select { $0.tags.jsonArrayInsert(\.[0], "z") }, sqlite: SQLiteDialect(version: SQLiteVersion(3, 50, 4))) {
      #"""
      SQLite:
        error: SQLite 3.50.4 does not support jsonArrayInsert (json_array_insert) (needs SQLite 3.51.0)
      PostgreSQL:
        SELECT CASE WHEN CASE WHEN jsonb_typeof(("profiles"."tags" #> CAST($1 AS text[]))) = 'array' THEN $2 <= jsonb_array_length(("profiles"."tags" #> CAST($1 AS text[]))) ELSE FALSE END THEN jsonb_insert("profiles"."tags", CAST($3 AS text[]), coalesce(to_jsonb(CAST($4 AS jsonb)), 'null'::jsonb)) ELSE "profiles"."tags" END FROM "profiles"
        bindings: text("{}"), int(0), text("{\"0\"}"), json("z")
      """#
    }
  }

  @Test func arrayInsertNeedsAnIndex() {
    assertSQL(Profile.select { $0.settings.jsonArrayInsert(["theme"], "dark") }, sqlite: SQLiteDialect(version: SQLiteVersion(3, 51, 0))) {
      """
      SQLite:
        error: invalid statement: a JSON array insert needs a path that ends in an array index
      PostgreSQL:
        error: invalid statement: a JSON array insert needs a path that ends in an array index
      """
    }
  }
}
