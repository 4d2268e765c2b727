import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// Full-text search on each database: the same words find the same articles through SQLite's
/// FTS5 and PostgreSQL's `tsvector`, each database's own ranking and highlighting work, and
/// MariaDB searches its `FULLTEXT` index with `MATCH … AGAINST`.
@Suite struct SearchTests {
  /// Searches both databases understand alike: words (all of them must match, stemmed), `OR`,
  /// and quoted phrases; with the articles each must find.
  static let searches: [(words: String, expected: Set<Int>)] = [
    ("walk", [1, 4]), ("dog", [1]), ("milk", [2, 3]), ("walk OR milk", [1, 2, 3, 4]), ("buy milk", [2]),
    ("\"buy milk\"", [2]), ("eggs bread", [2, 5]), ("running", [3, 6]), ("run", [3, 6]), ("grocery", [2]),
    ("park litter", [4]), ("SHOES", [6]), ("\"fresh milk\"", [3]), ("\"milk fresh\"", []), ("violin", []),
  ]

  /// Opens SQLite with the articles indexed by the triggers `triggersIndexing` builds.
  static func sqliteWithArticles() throws -> SQLiteDatabase {
    let db = try SQLiteDatabase()
    try db.execute(sqliteSearchSchema)
    for trigger in try ArticleText.triggersIndexing(Article.self, key: \.id) {
      try trigger.execute(db)
    }
    try Article.insert { searchedArticles }.execute(db)
    return db
  }

  static func sqliteSearch(_ words: String, _ db: SQLiteDatabase) throws -> Set<Int> {
    Set(try ArticleText.where { $0.match(words) }.select(\.rowid).fetchAll(db))
  }

  static func postgresSearch(_ words: String, _ db: PostgresDatabase) throws -> Set<Int> {
    Set(try SearchableArticle.where { $0.search.matches(.websearch(words)) }.select(\.id).fetchAll(db))
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func theSameWordsFindTheSameArticlesOnBothDatabases() throws {
    let sqlite = try Self.sqliteWithArticles()
    try onPostgres(schema: postgresSearchSchema) { postgres in
      try Article.insert { searchedArticles }.execute(postgres)
      for (words, expected) in Self.searches {
        let onSQLite = try Self.sqliteSearch(words, sqlite)
        let onPostgres = try Self.postgresSearch(words, postgres)
        #expect(onSQLite == onPostgres, "\(words)")
        #expect(onSQLite == expected, "\(words)")
      }
    }
  }

  @Test func fts5JoinsBackRanksAndHighlights() throws {
    let db = try Self.sqliteWithArticles()
    let found = try ArticleText.where { $0.match("walk OR milk") }
      .join(Article.all) { $0.rowid == $1.id }
      .order { text, _ in text.rank }
      .select { text, article in (article, text.rank, text.highlight(\.title, open: "[", close: "]")) }
      .fetchAll(db)
    #expect(Set(found.map(\.0.id)) == [1, 2, 3, 4])
    let ranks = try found.map { try #require($0.1) }
    #expect(ranks == ranks.sorted(), "ordered by rank, best first")
    #expect(ranks.allSatisfy { $0 < 0 }, "FTS5 ranks a match below zero")
    #expect(found.first { $0.0.id == 3 }?.2 == "[Milk] run")
    #expect(found.first { $0.0.id == 1 }?.2 == "[Walking] the dog")

    let weighted = try ArticleText.where { $0.match("park") }
      .order { $0.bm25([\.title: 10]) }
      .select { ($0.rowid, $0.snippet(\.body, open: "<", close: ">", ellipsis: "…", tokens: 4)) }
      .fetchAll(db)
    #expect(weighted.map(\.0) == [4, 1], "the title's match weighs ten times the body's")
    #expect(weighted.first?.1 == "…the <park> picking up…")

    let inTitles = try ArticleText.where { $0.match("milk", in: \.title) }.select(\.rowid).fetchAll(db)
    #expect(inTitles == [3])

    // Without MATCH there is no rank: NULL, read as nil (StructuredQueries' `unranked`).
    let unranked = try ArticleText.order(by: \.rowid).limit(2).select { ($0.rowid, $0.rank) }.fetchAll(db)
    #expect(unranked.map(\.0) == [1, 2] && unranked.allSatisfy { $0.1 == nil })
  }

  @Test func fts5TriggersKeepTheIndexInStep() throws {
    let db = try Self.sqliteWithArticles()
    try Article.find(5).update { $0.body = "Violin lessons on Tuesday" }.execute(db)
    try Article.find(3).delete().execute(db)
    try Article.find(6).update { $0.id = 60 }.execute(db)
    #expect(try Self.sqliteSearch("violin", db) == [5])
    #expect(try Self.sqliteSearch("eggs", db) == [2])
    #expect(try Self.sqliteSearch("milk", db) == [2])
    #expect(try Self.sqliteSearch("shoes", db) == [60])
    #expect(try ArticleText.count().fetchOne(db) == 5)
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func tsvectorRanksAndHighlights() throws {
    try onPostgres(schema: postgresSearchSchema) { db in
      try Article.insert { searchedArticles }.execute(db)
      let query = TextSearchQuery.websearch("walk OR milk")
      let found = try SearchableArticle.where { $0.search.matches(query) }
        .order { ($0.search.rank(matching: query).desc(), $0.id) }
        .select { ($0.id, $0.search.rank(matching: query), $0.title.textSearchHeadline(matching: query, open: "[", close: "]")) }
        .fetchAll(db)
      #expect(Set(found.map(\.0)) == [1, 2, 3, 4])
      #expect(found.map(\.1) == found.map(\.1).sorted(by: >), "ordered by rank, best first")
      #expect(found.allSatisfy { $0.1 > 0 })
      #expect(found.first { $0.0 == 3 }?.2 == "[Milk] run")
      #expect(found.first { $0.0 == 1 }?.2 == "[Walking] the dog")

      let fragment = try SearchableArticle.where { $0.search.matches(.plain("park")) }
        .order { $0.id }
        .select { $0.body.textSearchHeadline(matching: .plain("park"), open: "<", close: ">", maxWords: 4) }
        .fetchAll(db)
      #expect(fragment.count == 2)
      #expect(fragment.allSatisfy { $0.contains("<park>") && $0.split(separator: " ").count <= 4 }, "\(fragment)")

      let phrase = try SearchableArticle.where { $0.search.matches(.phrase("fresh milk")) }.select(\.id).fetchAll(db)
      #expect(phrase == [3])
      let maintained = try Article.where { $0.body.textSearchVector().matches(.tsquery("walk & !dog")) }
        .select(\.id).fetchAll(db)
      #expect(maintained == [4])
    }
  }

  /// Over 20,000 articles, PostgreSQL finds the rare matches through the GIN index on the
  /// vector.
  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func tsvectorSearchReadsTheGINIndex() throws {
    try onPostgres(schema: postgresSearchSchema) { db in
      try db.execute("""
        INSERT INTO "articles" ("id", "title", "body")
        SELECT "i", 'Article ' || "i", CASE WHEN "i" % 1000 = 0 THEN 'a rare violin' ELSE 'common words here' END
        FROM generate_series(1, 20000) AS "i"
        """)
      // Moves the rows from the GIN index's pending list into the index, as autovacuum would.
      try db.execute(#"VACUUM ANALYZE "articles""#)
      let query = try SearchableArticle.where { $0.search.matches(.websearch("violin")) }.select(\.id).render(in: db.dialect)
      let plan = try db.fetchAll(RenderedSQL(sql: "EXPLAIN " + query.sql, bindings: query.bindings), as: String.self)
        .joined(separator: "\n")
      #expect(plan.contains("Bitmap Index Scan on articles_search"), "\(plan)")
      #expect(try db.fetchAll(query, as: Int.self).count == 20)
    }
  }

  /// MariaDB searches a `FULLTEXT` index with `MATCH … AGAINST`: boolean and natural-language
  /// modes over two columns and one, ordered by relevance, through the index. Its words are
  /// neither stemmed nor, under the sessions' binary collation, of either case.
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func fullTextIndexOnMariaDB() throws {
    try onMySQL(schema: mysqlSearchSchema) { db in
      try Article.insert { searchedArticles }.execute(db)
      func search(_ query: FullTextQuery) throws -> Set<Int> {
        Set(try Article.where { fullTextMatch($0.title, $0.body, against: query) }.select(\.id).fetchAll(db))
      }
      #expect(try search(.boolean("+milk")) == [2, 3])
      #expect(try search(.boolean("+Buy +milk")) == [2])
      #expect(try search(.boolean("+milk -Buy")) == [3])
      #expect(try search(.boolean("+buy +milk")) == [])
      #expect(try search(.boolean("\"fresh milk\"")) == [3])
      #expect(try search(.boolean("\"milk fresh\"")) == [])
      #expect(try search(.boolean("walk*")) == [1, 4])
      #expect(try search(.boolean("SHOES")) == [])
      #expect(try search(.naturalLanguage("walk milk")) == [1, 2, 3])
      #expect(try search(.naturalLanguage("violin")) == [])

      let words = FullTextQuery.naturalLanguage("milk eggs bread")
      let ranked = try Article.where { fullTextMatch($0.title, $0.body, against: words) }
        .order { (fullTextRelevance($0.title, $0.body, matching: words).desc(), $0.id) }
        .select { ($0.id, fullTextRelevance($0.title, $0.body, matching: words)) }
        .fetchAll(db)
      // The article with all three words first; relevance falls from row to row.
      #expect(Set(ranked.map(\.0)) == [2, 3, 5])
      #expect(ranked.first?.0 == 2)
      #expect(zip(ranked, ranked.dropFirst()).allSatisfy { $0.1 >= $1.1 } && ranked.allSatisfy { $0.1 > 0 })
      #expect(try Article.where { $0.title.matches(.naturalLanguage("Groceries")) }.select(\.id).fetchAll(db) == [2])
      #expect(try Article.find(6).select { $0.title.relevance(matching: .naturalLanguage("Groceries")) }.fetchOne(db) == 0)

      let query = try Article.where { fullTextMatch($0.title, $0.body, against: .boolean("+milk")) }.select(\.id).render(in: db.dialect)
      let plan = try db.fetchOne(RenderedSQL(sql: "EXPLAIN FORMAT=JSON " + query.sql, bindings: query.bindings), as: String.self)
      #expect(plan?.contains(#""access_type": "fulltext""#) == true, "\(plan ?? "")")
      #expect(throws: DialectError.self) { try Article.where { $0.title.matches(.boolean("+milk")) }.fetchAll(Self.sqliteWithArticles()) }
    }
  }

  /// SQLite finds the matches through the FTS5 index, and joins back by key.
  @Test func fts5SearchReadsTheIndex() throws {
    let sqlite = try Self.sqliteWithArticles()
    let query = try ArticleText.where { $0.match("violin") }.join(Article.all) { $0.rowid == $1.id }
      .select { _, article in article.id }.render(in: sqlite.dialect)
    let plan = try sqlite.fetchAll(
      RenderedSQL(sql: "EXPLAIN QUERY PLAN " + query.sql, bindings: query.bindings), as: SQLitePlanStep.self
    ).map(\.detail)
    #expect(plan.contains { $0.hasPrefix("SCAN articleTexts VIRTUAL TABLE INDEX") }, "\(plan)")
    #expect(plan.contains { $0.hasPrefix("SEARCH articles USING INTEGER PRIMARY KEY") }, "\(plan)")
  }
}
