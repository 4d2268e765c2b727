import Foundation
import Testing
import TypedSQL

@Selection enum Mark: Codable, Sendable {
  case dot(Int)
  @Column("tick_label") case tick(String)
}

@Selection struct Chart: Codable, Sendable {
  var mark: Mark?
}

@Table("charts") struct ChartRow {
  let id: Int
  @Column(as: Mark.JSONRepresentation.self) var mark: Mark
  @Column(as: Chart.JSONRepresentation.self) var chart: Chart
}

/// Typed paths to the cases of an enum stored as JSON, SQLite and PostgreSQL side by side: a case
/// reads and replaces at its key; setting, inserting and removing it edit the enum's whole value.
@Suite struct JSONEnumCaseRenderingTests {
  @Test func readsACaseAtItsKey() {
    assertSQLWithMySQL(ChartRow.select { ($0.mark.jsonExtract(\.tick), $0.chart.jsonExtract(\.mark.dot)) }) {
      #"""
      SQLite:
        SELECT json_extract("charts"."mark", ?1), CAST(json_extract("charts"."chart", ?2) AS INTEGER) FROM "charts"
        bindings: text("$.\"tick_label\""), text("$.\"mark\".\"dot\"")
      PostgreSQL:
        SELECT ("charts"."mark" #>> CAST($1 AS text[])), CAST(("charts"."chart" #>> CAST($2 AS text[])) AS bigint) FROM "charts"
        bindings: text("{\"tick_label\"}"), text("{\"mark\",\"dot\"}")
      MySQL:
        SELECT JSON_VALUE(CAST(`charts`.`mark` AS CHAR), ?), CAST(JSON_VALUE(CAST(`charts`.`chart` AS CHAR), ?) AS SIGNED) FROM `charts`
        bindings: text("$.\"tick_label\""), text("$.\"mark\".\"dot\"")
      """#
    }
  }

  /// At the root, the document becomes the one-member object; inside a document, the enum's
  /// member does, where its parent can hold it.
  @Test func settingACaseWritesTheEnumsWholeValue() {
    assertSQLWithMySQL(ChartRow.update { $0.mark = $0.mark.jsonSet(\.tick, "a") }) {
      """
      SQLite:
        UPDATE "charts" SET "mark" = CASE WHEN ("charts"."mark" IS NOT NULL) THEN json_object('tick_label', json(?1)) END
        bindings: json("a")
      PostgreSQL:
        UPDATE "charts" SET "mark" = CASE WHEN ("charts"."mark" IS NOT NULL) THEN jsonb_build_object('tick_label', $1) END
        bindings: json("a")
      MySQL:
        UPDATE `charts` SET `mark` = CASE WHEN (`charts`.`mark` IS NOT NULL) THEN JSON_OBJECT('tick_label', JSON_COMPACT(CAST(? AS CHAR))) END
        bindings: json("a")
      """
    }
    assertSQLWithMySQL(ChartRow.update { $0.chart = $0.chart.jsonSet(\.mark.dot, 1) }) {
      #"""
      SQLite:
        UPDATE "charts" SET "chart" = CASE WHEN json_type("charts"."chart", ?1) = 'object' THEN json_set("charts"."chart", ?2, json(json_object('dot', json(?3)))) ELSE "charts"."chart" END
        bindings: text("$"), text("$.\"mark\""), json(1)
      PostgreSQL:
        UPDATE "charts" SET "chart" = CASE WHEN jsonb_typeof(("charts"."chart" #> CAST($1 AS text[]))) = 'object' THEN jsonb_set("charts"."chart", CAST($2 AS text[]), coalesce(to_jsonb(CAST(jsonb_build_object('dot', $3) AS jsonb)), 'null'::jsonb), true) ELSE "charts"."chart" END
        bindings: text("{}"), text("{\"mark\"}"), json(1)
      MySQL:
        UPDATE `charts` SET `chart` = CASE WHEN JSON_TYPE(JSON_EXTRACT(`charts`.`chart`, ?)) = 'OBJECT' THEN JSON_SET(`charts`.`chart`, ?, JSON_COMPACT(CAST(JSON_OBJECT('dot', JSON_COMPACT(CAST(? AS CHAR))) AS CHAR))) ELSE `charts`.`chart` END
        bindings: text("$"), text("$.\"mark\""), json(1)
      """#
    }
  }

  @Test func insertingACaseAddsTheEnumWhereItIsAbsent() {
    assertSQLWithMySQL(ChartRow.update { $0.chart = $0.chart.jsonInsert(\.mark.tick, "a") }) {
      #"""
      SQLite:
        UPDATE "charts" SET "chart" = CASE WHEN json_type("charts"."chart", ?1) = 'object' THEN json_insert("charts"."chart", ?2, json(json_object('tick_label', json(?3)))) ELSE "charts"."chart" END
        bindings: text("$"), text("$.\"mark\""), json("a")
      PostgreSQL:
        UPDATE "charts" SET "chart" = CASE WHEN jsonb_typeof(("charts"."chart" #> CAST($1 AS text[]))) = 'object' AND (("charts"."chart" #> CAST($2 AS text[])) IS NULL) THEN jsonb_set("charts"."chart", CAST($2 AS text[]), coalesce(to_jsonb(CAST(jsonb_build_object('tick_label', $3) AS jsonb)), 'null'::jsonb), true) ELSE "charts"."chart" END
        bindings: text("{}"), text("{\"mark\"}"), json("a")
      MySQL:
        UPDATE `charts` SET `chart` = CASE WHEN JSON_TYPE(JSON_EXTRACT(`charts`.`chart`, ?)) = 'OBJECT' THEN JSON_INSERT(`charts`.`chart`, ?, JSON_COMPACT(CAST(JSON_OBJECT('tick_label', JSON_COMPACT(CAST(? AS CHAR))) AS CHAR))) ELSE `charts`.`chart` END
        bindings: text("$"), text("$.\"mark\""), json("a")
      """#
    }
  }

  /// Removing a case removes the enum where it holds that case: an enum at the root leaves
  /// nothing, `NULL`.
  @Test func removingACaseRemovesTheEnumWhereItHoldsIt() {
    assertSQLWithMySQL(ChartRow.update { $0.chart = $0.chart.jsonRemove(\.mark.tick) }) {
      #"""
      SQLite:
        UPDATE "charts" SET "chart" = CASE WHEN (("charts"."chart" -> ?1) IS NOT NULL) THEN json_remove("charts"."chart", ?2) ELSE "charts"."chart" END
        bindings: text("$.\"mark\".\"tick_label\""), text("$.\"mark\"")
      PostgreSQL:
        UPDATE "charts" SET "chart" = CASE WHEN (("charts"."chart" #> CAST($1 AS text[])) IS NOT NULL) THEN CASE WHEN (("charts"."chart" #> CAST($2 AS text[])) IS NOT NULL) THEN ("charts"."chart" #- CAST($2 AS text[])) ELSE "charts"."chart" END ELSE "charts"."chart" END
        bindings: text("{\"mark\",\"tick_label\"}"), text("{\"mark\"}")
      MySQL:
        UPDATE `charts` SET `chart` = CASE WHEN (JSON_EXTRACT(`charts`.`chart`, ?) IS NOT NULL) THEN JSON_REMOVE(`charts`.`chart`, ?) ELSE `charts`.`chart` END
        bindings: text("$.\"mark\".\"tick_label\""), text("$.\"mark\"")
      """#
    }
    assertSQLWithMySQL(ChartRow.select { $0.mark.jsonRemove(\.dot) }) {
      #"""
      SQLite:
        SELECT CASE WHEN (("charts"."mark" -> ?1) IS NOT NULL) THEN ?2 ELSE "charts"."mark" END FROM "charts"
        bindings: text("$.\"dot\""), NULL
      PostgreSQL:
        SELECT CASE WHEN (("charts"."mark" #> CAST($1 AS text[])) IS NOT NULL) THEN NULL ELSE "charts"."mark" END FROM "charts"
        bindings: text("{\"dot\"}")
      MySQL:
        SELECT CASE WHEN (JSON_EXTRACT(`charts`.`mark`, ?) IS NOT NULL) THEN ? ELSE `charts`.`mark` END FROM `charts`
        bindings: text("$.\"dot\""), NULL
      """#
    }
  }

  @Test func replacingACaseChangesOnlyItsValue() {
    assertSQLWithMySQL(ChartRow.update { $0.mark = $0.mark.jsonReplace(\.dot, 2) }) {
      #"""
      SQLite:
        UPDATE "charts" SET "mark" = json_replace("charts"."mark", ?1, json(?2))
        bindings: text("$.\"dot\""), json(2)
      PostgreSQL:
        UPDATE "charts" SET "mark" = CASE WHEN (("charts"."mark" #> CAST($1 AS text[])) IS NOT NULL) THEN jsonb_set("charts"."mark", CAST($1 AS text[]), coalesce(to_jsonb(CAST($2 AS jsonb)), 'null'::jsonb), false) ELSE "charts"."mark" END
        bindings: text("{\"dot\"}"), json(2)
      MySQL:
        UPDATE `charts` SET `mark` = JSON_REPLACE(`charts`.`mark`, ?, JSON_COMPACT(CAST(? AS CHAR)))
        bindings: text("$.\"dot\""), json(2)
      """#
    }
  }
}
