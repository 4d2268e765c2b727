import Foundation
import Testing
import TypedSQL

// StructuredQueries' QueryFragmentTests, live on SQLite and PostgreSQL. StructuredQueries renders
// hand-written SQL with a quote and a question mark in a literal and in each form of quoted
// identifier, and prepares a statement with placeholders numbered `$1`, `$2`. Here the literal is
// selected, each identifier names the column of a table made for it (holding StructuredQueries'
// text), and the prepared statement's SQL and bindings are TypedSQL's rendering in each dialect.
//
// Rewritten: StructuredQueries' `#sql(…).query.prepare { "$\($0)" }` (its fragment with its own
// placeholders) is the statement's `render(in:)` ("value of type 'SQLQueryExpression<Value>' has
// no member 'query'"): PostgreSQL's placeholders are `$1`, `$2`, SQLite's `?1`, `?2`.
//
// PostgreSQL refuses a bracketed or backticked identifier (42601, syntax error at or near "[" and
// "`"), which are SQLite's, and the collation `NOCASE` (42704, collation "nocase" for encoding
// "UTF8" does not exist): there `brackets`, `backticks` and the run of `prepare` check that it
// refuses them. Nothing left out.

extension LiveDatabase {
  /// A table whose one column is named `What's the point?`, holding that text.
  fileprivate func createPoints(_ db: any Database) throws {
    try db.execute(#"CREATE TABLE "points" ("What's the point?" TEXT NOT NULL)"#)
    try db.execute(#"INSERT INTO "points" VALUES ('What''s the point?')"#)
  }
}

@Suite struct SuiteQueryFragmentTests {
  @Test(arguments: LiveDatabase.allCases)
  func string(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try db.execute(
        Values(SQLQueryExpression("'What''s the point?'", as: String.self))
      )
      #expect(rows == ["What's the point?"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func identifier(database: LiveDatabase) throws {
    try database.run { db in
      try database.createPoints(db)
      let column = SQLQueryExpression(#""What's the point?""#, as: String.self)
      let rows = try db.execute(#sql(#"SELECT \#(column) FROM "points""#, as: String.self))
      #expect(rows == ["What's the point?"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func brackets(database: LiveDatabase) throws {
    try database.run { db in
      try database.createPoints(db)
      let column = SQLQueryExpression("[What's the point?]", as: String.self)
      let query = #sql(#"SELECT \#(column) FROM "points""#, as: String.self)
      if database == .postgres {
        let error = #expect(throws: (any Error).self) { try db.execute(query) }
        #expect(error.map { "\($0)".contains("PostgreSQL error 42601") } == true, "\(String(describing: error))")
        return
      }
      #expect(try db.execute(query) == ["What's the point?"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func backticks(database: LiveDatabase) throws {
    try database.run { db in
      try database.createPoints(db)
      let column = SQLQueryExpression("`What's the point?`", as: String.self)
      let query = #sql(#"SELECT \#(column) FROM "points""#, as: String.self)
      if database == .postgres {
        let error = #expect(throws: (any Error).self) { try db.execute(query) }
        #expect(error.map { "\($0)".contains("PostgreSQL error 42601") } == true, "\(String(describing: error))")
        return
      }
      #expect(try db.execute(query) == ["What's the point?"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func prepare(database: LiveDatabase) throws {
    try database.run { db in
      let query = #sql(
        """
        SELECT \(Reminder.id) FROM \(Reminder.self)
        WHERE \(Reminder.id) > \(1) AND \(Reminder.title) COLLATE NOCASE LIKE \(bind: "%get%")
        """,
        as: Int.self
      )
      let rendered = try query.render(in: db.dialect)
      let placeholders = database == .sqlite ? ("?1", "?2") : ("$1", "$2")
      #expect(
        rendered.sql == """
          SELECT "reminders"."id" FROM "reminders"
          WHERE "reminders"."id" > \(placeholders.0) AND "reminders"."title" COLLATE NOCASE LIKE \(placeholders.1)
          """
      )
      #expect(rendered.bindings == [.int(1), .text("%get%")])
      if database == .postgres {
        let error = #expect(throws: (any Error).self) { try db.execute(query) }
        #expect(error.map { "\($0)".contains("PostgreSQL error 42704") } == true, "\(String(describing: error))")
        return
      }
      // The reminders after the first whose title has "get" in any case, as Swift finds them.
      let expected = try db.execute(Reminder.order(by: \.id))
        .filter { $0.id > 1 && $0.title.lowercased().contains("get") }
        .map(\.id)
      #expect(!expected.isEmpty)
      #expect(try db.execute(query).sorted() == expected)
    }
  }
}
