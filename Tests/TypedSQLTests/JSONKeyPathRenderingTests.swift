import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

@JSONPaths struct Author: Codable, Sendable {
  var name: String
  var links: [String]
  enum CodingKeys: String, CodingKey {
    case name = "full name"
    case links
  }
}

@JSONPaths struct Dossier: Codable, Sendable {
  var tags: [String]
  var author: Author?
  var counts: [String: Int]
}

@Table("dossiers") struct DossierRow {
  let id: Int
  @Column(as: Dossier.JSONRepresentation.self) var dossier: Dossier
  @Column(as: [[Int]].JSONRepresentation.self) var grid: [[Int]]
}

/// Typed key paths into JSON columns spell the same paths as untyped ones, SQLite and PostgreSQL
/// side by side.
@Suite struct JSONKeyPathRenderingTests {
  @Test func readsAtTypedPaths() {
    assertSQLWithMySQL(
      DossierRow.select {
        ($0.dossier.jsonText(at: \.tags[0]), $0.dossier.jsonText(at: \.author.name), $0.dossier.jsonText(at: \.counts["a.b"]),
         $0.grid.jsonText(at: \.[1][2]), $0.dossier.json(at: \.author.links))
      }
    ) {
      #"""
      SQLite:
        SELECT CAST(json_extract("dossiers"."dossier", ?1) AS TEXT), CAST(json_extract("dossiers"."dossier", ?2) AS TEXT), CAST(json_extract("dossiers"."dossier", ?3) AS TEXT), CAST(json_extract("dossiers"."grid", ?4) AS TEXT), ("dossiers"."dossier" -> ?5) FROM "dossiers"
        bindings: text("$.\"tags\"[0]"), text("$.\"author\".\"full name\""), text("$.\"counts\".\"a.b\""), text("$[1][2]"), text("$.\"author\".\"links\"")
      PostgreSQL:
        SELECT ("dossiers"."dossier" #>> CAST($1 AS text[])), ("dossiers"."dossier" #>> CAST($2 AS text[])), ("dossiers"."dossier" #>> CAST($3 AS text[])), ("dossiers"."grid" #>> CAST($4 AS text[])), ("dossiers"."dossier" #> CAST($5 AS text[])) FROM "dossiers"
        bindings: text("{\"tags\",\"0\"}"), text("{\"author\",\"full name\"}"), text("{\"counts\",\"a.b\"}"), text("{\"1\",\"2\"}"), text("{\"author\",\"links\"}")
      MySQL:
        SELECT COALESCE(JSON_VALUE(CAST(`dossiers`.`dossier` AS CHAR), ?), JSON_COMPACT(JSON_QUERY(CAST(`dossiers`.`dossier` AS CHAR), ?))), COALESCE(JSON_VALUE(CAST(`dossiers`.`dossier` AS CHAR), ?), JSON_COMPACT(JSON_QUERY(CAST(`dossiers`.`dossier` AS CHAR), ?))), COALESCE(JSON_VALUE(CAST(`dossiers`.`dossier` AS CHAR), ?), JSON_COMPACT(JSON_QUERY(CAST(`dossiers`.`dossier` AS CHAR), ?))), COALESCE(JSON_VALUE(CAST(`dossiers`.`grid` AS CHAR), ?), JSON_COMPACT(JSON_QUERY(CAST(`dossiers`.`grid` AS CHAR), ?))), JSON_EXTRACT(`dossiers`.`dossier`, ?) FROM `dossiers`
        bindings: text("$.\"tags\"[0]"), text("$.\"tags\"[0]"), text("$.\"author\".\"full name\""), text("$.\"author\".\"full name\""), text("$.\"counts\".\"a.b\""), text("$.\"counts\".\"a.b\""), text("$[1][2]"), text("$[1][2]"), text("$.\"author\".\"links\"")
      """#
    }
  }

  /// StructuredQueries' `jsonExtract`: a scalar as an SQL value of its type (`json_extract` on
  /// SQLite, the text cast to the type on PostgreSQL), anything else as JSON.
  @Test func extractsInStructuredQueriesSpelling() {
    assertSQLWithMySQL(
      DossierRow.select {
        ($0.dossier.jsonExtract(\.author.name), $0.dossier.jsonExtract(\.counts["a"]), $0.grid.jsonbExtract(\.[0]))
      }
    ) {
      #"""
      SQLite:
        SELECT json_extract("dossiers"."dossier", ?1), CAST(json_extract("dossiers"."dossier", ?2) AS INTEGER), ("dossiers"."grid" -> ?3) FROM "dossiers"
        bindings: text("$.\"author\".\"full name\""), text("$.\"counts\".\"a\""), text("$[0]")
      PostgreSQL:
        SELECT ("dossiers"."dossier" #>> CAST($1 AS text[])), CAST(("dossiers"."dossier" #>> CAST($2 AS text[])) AS bigint), ("dossiers"."grid" #> CAST($3 AS text[])) FROM "dossiers"
        bindings: text("{\"author\",\"full name\"}"), text("{\"counts\",\"a\"}"), text("{\"0\"}")
      MySQL:
        SELECT JSON_VALUE(CAST(`dossiers`.`dossier` AS CHAR), ?), CAST(JSON_VALUE(CAST(`dossiers`.`dossier` AS CHAR), ?) AS SIGNED), JSON_EXTRACT(`dossiers`.`grid`, ?) FROM `dossiers`
        bindings: text("$.\"author\".\"full name\""), text("$.\"counts\".\"a\""), text("$[0]")
      """#
    }
  }

  /// A negative index counts from the end: `[#-1]` on SQLite, `-1` on PostgreSQL.
  @Test func indexFromTheEnd() {
    assertSQLWithMySQL(DossierRow.select { $0.grid.jsonText(at: \.[-1][0]) }) {
      #"""
      SQLite:
        SELECT CAST(json_extract("dossiers"."grid", ?1) AS TEXT) FROM "dossiers"
        bindings: text("$[#-1][0]")
      PostgreSQL:
        SELECT ("dossiers"."grid" #>> CAST($1 AS text[])) FROM "dossiers"
        bindings: text("{\"-1\",\"0\"}")
      MySQL:
        SELECT COALESCE(JSON_VALUE(CAST(`dossiers`.`grid` AS CHAR), ?), JSON_COMPACT(JSON_QUERY(CAST(`dossiers`.`grid` AS CHAR), ?))) FROM `dossiers`
        bindings: text("$[-1][0]"), text("$[-1][0]")
      """#
    }
  }

  /// A JSON column's documents in one array: `json(x)` keeps each a document on SQLite.
  @Test func documentsInOneArray() {
    assertSQLWithMySQL(DossierRow.select { $0.grid.jsonGroupArray() }) {
      """
      SQLite:
        SELECT json_group_array(json("dossiers"."grid")) FROM "dossiers"
      PostgreSQL:
        SELECT coalesce(jsonb_agg(CAST("dossiers"."grid" AS jsonb)), '[]'::jsonb) FROM "dossiers"
      MySQL:
        SELECT JSON_EXTRACT(COALESCE(JSON_ARRAYAGG(JSON_COMPACT(`dossiers`.`grid`)), '[]'), '$') FROM `dossiers`
      """
    }
  }

  @Test func typedPathsSpellTheUntypedOnes() {
    func path<Member>(_ keyPath: KeyPath<JSONPathTo<Dossier>, JSONPathTo<Member>>) -> JSONPath {
      JSONPathTo<Dossier>()[keyPath: keyPath].path
    }
    #expect(path(\.tags[0]) == ["tags", 0])
    #expect(path(\.author.links[3]) == ["author", "links", 3])
    #expect(path(\.author.name) == ["author", "full name"])
    #expect(path(\.counts["x"]) == ["counts", "x"])
    #expect(path(\.self) == [])
  }

  @Test func editsAtTypedPaths() {
    assertSQLWithMySQL(
      DossierRow.find(1).update {
        $0.dossier = $0.dossier.jsonSet(\.author.name, "Ann").jsonRemove(\.tags[0]).jsonAppend("new", at: \.tags)
      }
    ) {
      #"""
      SQLite:
        UPDATE "dossiers" SET "dossier" = (SELECT CASE WHEN json_type("typedsql_edit"."document", ?1) = 'array' THEN json_insert("typedsql_edit"."document", ?2, json(?3)) ELSE "typedsql_edit"."document" END FROM (SELECT (SELECT json_remove("typedsql_edit"."document", ?4) FROM (SELECT CASE WHEN json_type("dossiers"."dossier", ?5) = 'object' THEN json_set("dossiers"."dossier", ?6, json(?7)) ELSE "dossiers"."dossier" END AS "document") AS "typedsql_edit") AS "document") AS "typedsql_edit") WHERE ("dossiers"."id" = ?8)
        bindings: text("$.\"tags\""), text("$.\"tags\"[#]"), json("new"), text("$.\"tags\"[0]"), text("$.\"author\""), text("$.\"author\".\"full name\""), json("Ann"), int(1)
      PostgreSQL:
        UPDATE "dossiers" SET "dossier" = (SELECT CASE WHEN jsonb_typeof(("typedsql_edit"."document" #> CAST($1 AS text[]))) = 'array' THEN jsonb_set("typedsql_edit"."document", CAST($1 AS text[]), ("typedsql_edit"."document" #> CAST($1 AS text[])) || jsonb_build_array(coalesce(to_jsonb(CAST($2 AS jsonb)), 'null'::jsonb))) ELSE "typedsql_edit"."document" END FROM (SELECT (SELECT CASE WHEN (("typedsql_edit"."document" #> CAST($3 AS text[])) IS NOT NULL) THEN ("typedsql_edit"."document" #- CAST($3 AS text[])) ELSE "typedsql_edit"."document" END FROM (SELECT CASE WHEN jsonb_typeof(("dossiers"."dossier" #> CAST($4 AS text[]))) = 'object' THEN jsonb_set("dossiers"."dossier", CAST($5 AS text[]), coalesce(to_jsonb(CAST($6 AS jsonb)), 'null'::jsonb), true) ELSE "dossiers"."dossier" END AS "document") AS "typedsql_edit") AS "document") AS "typedsql_edit") WHERE ("dossiers"."id" = $7)
        bindings: text("{\"tags\"}"), json("new"), text("{\"tags\",\"0\"}"), text("{\"author\"}"), text("{\"author\",\"full name\"}"), json("Ann"), int(1)
      MySQL:
        UPDATE `dossiers` SET `dossier` = (SELECT CASE WHEN JSON_TYPE(JSON_EXTRACT(`typedsql_edit`.`document`, ?)) = 'ARRAY' THEN JSON_ARRAY_APPEND(`typedsql_edit`.`document`, ?, JSON_COMPACT(CAST(? AS CHAR))) ELSE `typedsql_edit`.`document` END FROM JSON_TABLE((SELECT JSON_REMOVE(`typedsql_edit`.`document`, ?) FROM JSON_TABLE(CASE WHEN JSON_TYPE(JSON_EXTRACT(`dossiers`.`dossier`, ?)) = 'OBJECT' THEN JSON_SET(`dossiers`.`dossier`, ?, JSON_COMPACT(CAST(? AS CHAR))) ELSE `dossiers`.`dossier` END, '$' COLUMNS (`document` JSON PATH '$')) AS `typedsql_edit`), '$' COLUMNS (`document` JSON PATH '$')) AS `typedsql_edit`) WHERE (`dossiers`.`id` = ?)
        bindings: text("$.\"tags\""), text("$.\"tags\""), json("new"), text("$.\"tags\"[0]"), text("$.\"author\""), text("$.\"author\".\"full name\""), json("Ann"), int(1)
      """#
    }
  }

  /// StructuredQueries' `jsonArrayLength(\.path)`: the length of the array at a typed path.
  @Test func arrayLengthAtATypedPath() {
    assertSQLWithMySQL(DossierRow.select { $0.dossier.jsonArrayLength(\.tags) }) {
      #"""
      SQLite:
        SELECT json_array_length(("dossiers"."dossier" -> ?1)) FROM "dossiers"
        bindings: text("$.\"tags\"")
      PostgreSQL:
        SELECT CASE WHEN jsonb_typeof(("dossiers"."dossier" #> CAST($1 AS text[]))) = 'array' THEN jsonb_array_length(("dossiers"."dossier" #> CAST($1 AS text[]))) WHEN ("dossiers"."dossier" #> CAST($1 AS text[])) IS NOT NULL THEN 0 END FROM "dossiers"
        bindings: text("{\"tags\"}")
      MySQL:
        SELECT CASE WHEN JSON_TYPE(JSON_EXTRACT(`dossiers`.`dossier`, ?)) = 'ARRAY' THEN JSON_LENGTH(JSON_EXTRACT(`dossiers`.`dossier`, ?)) WHEN JSON_EXTRACT(`dossiers`.`dossier`, ?) IS NOT NULL THEN 0 END FROM `dossiers`
        bindings: text("$.\"tags\""), text("$.\"tags\""), text("$.\"tags\"")
      """#
    }
  }
}

