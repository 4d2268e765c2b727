import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// An FTS5 index of articles: `rowid` is the article's id.
@Table("articleTexts") private struct ArticleText: FTS5 {
  let rowid: Int
  var title: String
  var body: String
}

/// Articles with a generated `tsvector` of their title and body.
@Table("articles") private struct SearchableArticle {
  let id: Int
  var title: String
  var body: String
  @Column(generated: .stored) var search: TextSearchVector
}

@Table("articles") private struct PlainArticle {
  let id: Int
  var title: String
  var body: String
}

@Table("articles") private struct ArticleTitle {
  let id: Int
  var title: String
}

/// Full-text search, each database's own, SQLite and PostgreSQL side by side: each refuses the
/// other's by name.
@Suite struct FullTextSearchRenderingTests {
  @Test func fts5MatchRankAndJoinBack() {
    assertSQL(
      ArticleText.where { $0.match("walk OR milk") }
        .join(PlainArticle.all) { $0.rowid == $1.id }
        .order { text, _ in text.rank }
        .select { _, article in article.id }
    ) {
      """
      SQLite:
        SELECT "articles"."id" FROM "articleTexts" JOIN "articles" ON ("articleTexts"."rowid" = "articles"."id") WHERE ("articleTexts"."articleTexts" MATCH ?1) ORDER BY "articleTexts".rank
        bindings: text("walk OR milk")
      PostgreSQL:
        error: PostgreSQL does not support FTS5 MATCH
      """
    }
    assertSQL(ArticleText.where { $0.match("walk", in: \.title) }.select(\.rowid)) {
      """
      SQLite:
        SELECT "articleTexts"."rowid" FROM "articleTexts" WHERE ("articleTexts"."title" MATCH ?1)
        bindings: text("walk")
      PostgreSQL:
        error: PostgreSQL does not support FTS5 MATCH
      """
    }
  }

  @Test func fts5Functions() {
    assertSQL(
      ArticleText.where { $0.match("walk") }.order { $0.bm25([\.title: 10]) }.select {
        ($0.highlight(\.title, open: "[", close: "]"), $0.snippet(\.body, open: "[", close: "]", ellipsis: "…", tokens: 8))
      }
    ) {
      """
      SQLite:
        SELECT highlight("articleTexts"."articleTexts", 0, ?1, ?2), snippet("articleTexts"."articleTexts", 1, ?1, ?2, ?3, 8) FROM "articleTexts" WHERE ("articleTexts"."articleTexts" MATCH ?4) ORDER BY bm25("articleTexts"."articleTexts", 10.0, 1.0)
        bindings: text("["), text("]"), text("…"), text("walk")
      PostgreSQL:
        error: PostgreSQL does not support FTS5 highlight
      """
    }
    assertSQL(ArticleText.select { $0.bm25([\.rowid: 2]) }) {
      """
      SQLite:
        error: invalid statement: FTS5 bm25 weighs only articleTexts's indexed columns
      PostgreSQL:
        error: PostgreSQL does not support FTS5 bm25
      """
    }
    // Written into the SQL, a non-finite weight would read as a column named nan or inf.
    for weight in [Double.nan, .infinity, -.infinity] {
      #expect(throws: DialectError.invalidStatement("FTS5 bm25 weighs columns by finite numbers, not \(weight)")) {
        try ArticleText.select { $0.bm25([\.title: weight]) }.render(in: .sqlite)
      }
    }
    assertSQL(ArticleText.select { $0.snippet(\.body, open: "[", close: "]", ellipsis: "…", tokens: 65) }) {
      """
      SQLite:
        error: invalid statement: FTS5 snippet takes 1 to 64 tokens, not 65
      PostgreSQL:
        error: PostgreSQL does not support FTS5 snippet
      """
    }
  }

  @Test func fts5TriggersKeepTheIndexInStep() throws {
    let triggers = try ArticleText.triggersIndexing(PlainArticle.self, key: \.id)
    try #require(triggers.count == 3)
    assertSQL(triggers[0]) {
      """
      SQLite:
        CREATE TEMP TRIGGER "articleTexts_after_insert_on_articles" AFTER INSERT ON "articles" FOR EACH ROW BEGIN INSERT INTO "articleTexts" ("rowid", "title", "body") VALUES ("new"."id", "new"."title", "new"."body"); END
      PostgreSQL:
        error: PostgreSQL does not support CREATE TEMPORARY TRIGGER
      """
    }
    assertSQL(triggers[1]) {
      """
      SQLite:
        CREATE TEMP TRIGGER "articleTexts_after_update_on_articles" AFTER UPDATE ON "articles" FOR EACH ROW BEGIN UPDATE "articleTexts" SET "rowid" = "new"."id", "title" = "new"."title", "body" = "new"."body" WHERE ("rowid" = "old"."id"); END
      PostgreSQL:
        error: PostgreSQL does not support CREATE TEMPORARY TRIGGER
      """
    }
    assertSQL(triggers[2]) {
      """
      SQLite:
        CREATE TEMP TRIGGER "articleTexts_after_delete_on_articles" AFTER DELETE ON "articles" FOR EACH ROW BEGIN DELETE FROM "articleTexts" WHERE ("rowid" = "old"."id"); END
      PostgreSQL:
        error: PostgreSQL does not support CREATE TEMPORARY TRIGGER
      """
    }
    #expect(throws: DialectError.invalidStatement("articles has no column body for articleTexts to index")) {
      try ArticleText.triggersIndexing(ArticleTitle.self, key: \.id)
    }
  }

  @Test func tsvectorMatchRankAndHeadline() {
    let query = TextSearchQuery.websearch("walk OR milk")
    assertSQL(
      SearchableArticle.where { $0.search.matches(query) }
        .order { $0.search.rank(matching: query).desc() }
        .select { ($0.id, $0.title.textSearchHeadline(matching: query, open: "[", close: "]")) }
    ) {
      #"""
      SQLite:
        error: SQLite 3.40.1 does not support ts_headline
      PostgreSQL:
        SELECT "articles"."id", ts_headline('english', "articles"."title", websearch_to_tsquery('english', $1), $2) FROM "articles" WHERE ("articles"."search" @@ websearch_to_tsquery('english', $1)) ORDER BY CAST(ts_rank("articles"."search", websearch_to_tsquery('english', $1)) AS double precision) DESC
        bindings: text("walk OR milk"), text("StartSel=\"[\", StopSel=\"]\", HighlightAll=true")
      """#
    }
    assertSQL(
      SearchableArticle.where { $0.search.matches(.plain("walking dogs", configuration: .simple)) }
        .select { $0.body.textSearchHeadline(matching: .phrase("buy milk"), open: "<b class=\"hit\">", close: "</b>", maxWords: 10) }
    ) {
      #"""
      SQLite:
        error: SQLite 3.40.1 does not support ts_headline
      PostgreSQL:
        SELECT ts_headline('english', "articles"."body", phraseto_tsquery('english', $1), $2) FROM "articles" WHERE ("articles"."search" @@ plainto_tsquery('simple', $3))
        bindings: text("buy milk"), text("StartSel=\"<b class=\"\"hit\"\">\", StopSel=\"</b>\", MaxWords=10, MinWords=9"), text("walking dogs")
      """#
    }
    assertSQL(PlainArticle.where { $0.body.textSearchVector().matches(.tsquery("walk & !milk")) }.select(\.id)) {
      """
      SQLite:
        error: SQLite 3.40.1 does not support tsvector @@
      PostgreSQL:
        SELECT "articles"."id" FROM "articles" WHERE (to_tsvector('english', "articles"."body") @@ to_tsquery('english', $1))
        bindings: text("walk & !milk")
      """
    }
  }
}
