import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

// Articles searched by their words: on SQLite through an FTS5 index kept in step by triggers,
// on PostgreSQL through a generated `tsvector` column with a GIN index. Both stem English words
// (FTS5's `porter` tokenizer, PostgreSQL's `english` configuration). MariaDB searches a
// `FULLTEXT` index, which neither stems nor, under the binary collation, ignores case.

@Table struct Article: Equatable {
  let id: Int
  var title: String
  var body: String
}

/// SQLite's FTS5 index of the articles: `rowid` is the article's id.
@Table struct ArticleText: FTS5 {
  let rowid: Int
  var title: String
  var body: String
}

/// PostgreSQL's articles with their generated search vector.
@Table("articles") struct SearchableArticle {
  let id: Int
  var title: String
  var body: String
  @Column(generated: .stored) var search: TextSearchVector
}

let sqliteSearchSchema = """
  CREATE TABLE "articles" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "body" TEXT NOT NULL) STRICT;
  CREATE VIRTUAL TABLE "articleTexts" USING fts5("title", "body", tokenize = 'porter unicode61');
  """

/// MariaDB's articles with a `FULLTEXT` index of both columns and one of the title alone.
let mysqlSearchSchema = """
  CREATE TABLE "articles" ("id" bigint PRIMARY KEY, "title" text NOT NULL, "body" text NOT NULL,
    FULLTEXT "articles_words" ("title", "body"), FULLTEXT "articles_title" ("title"));
  """

let postgresSearchSchema = """
  CREATE TABLE "articles" ("id" integer PRIMARY KEY, "title" text NOT NULL, "body" text NOT NULL,
    "search" tsvector GENERATED ALWAYS AS (to_tsvector('english', "title" || ' ' || "body")) STORED);
  CREATE INDEX "articles_search" ON "articles" USING gin ("search");
  """

/// The articles every search runs over.
let searchedArticles = [
  Article(id: 1, title: "Walking the dog", body: "Take the dog for a long walk in the park"),
  Article(id: 2, title: "Groceries", body: "Buy milk, eggs and bread"),
  Article(id: 3, title: "Milk run", body: "The corner shop sells fresh milk"),
  Article(id: 4, title: "Park cleanup", body: "Volunteers walked through the park picking up litter"),
  Article(id: 5, title: "Recipe", body: "Bread with butter and eggs"),
  Article(id: 6, title: "Running shoes", body: "Buy new Shoes for running"),
]
