import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// The examples of `shared/seeds/001` and `002` (schema and table names): our SQLite output must
/// match the seed's SQL, whitespace aside.
@Suite struct SeedExampleTests {
  enum Plain {
    @Table struct Reminder {
      let id: Int
      var title = ""
      var isCompleted = false
    }
  }

  enum SnakeCase {
    @Table struct Reminder {
      let id: Int
      var title = ""
      @Column("is_completed")
      var isCompleted = false
    }
  }

  enum Inferred {
    @Table struct Reminder {}
    @Table struct Category {}
    @Table struct Status {}
    @Table struct RemindersList {}
  }

  enum Named {
    @Table("reminder") struct Reminder {}
    @Table("category") struct Category {}
    @Table("status") struct Status {}
    @Table("reminders_list") struct RemindersList {}
  }

  enum Keys {
    @Table struct Book {
      @Column(primaryKey: true)
      let isbn: String
      var title = ""
    }
    @Table struct Legacy {
      @Column(primaryKey: false)
      var id: String
    }
  }

  @Test func whereNotIsCompleted() throws {
    try expectSQLiteOutput(
      of: Plain.Reminder.where { !$0.isCompleted },
      matches: """
        SELECT
          "reminders"."id",
          "reminders"."title",
          "reminders"."isCompleted"
        FROM "reminders"
        WHERE (NOT "reminders"."isCompleted")
        """)
    assertSQL(Plain.Reminder.where { !$0.isCompleted }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted" FROM "reminders" WHERE (NOT "reminders"."isCompleted")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted" FROM "reminders" WHERE (NOT "reminders"."isCompleted")
      """
    }
  }

  @Test func customColumnName() throws {
    // The seed's text omits its FROM clause; the query itself has one.
    try expectSQLiteOutput(
      of: SnakeCase.Reminder.where { !$0.isCompleted },
      matches: """
        SELECT
        "reminders"."id",
        "reminders"."title",
        "reminders"."is_completed"
        FROM "reminders"
        WHERE (NOT "reminders"."is_completed")
        """)
  }

  @Test func inferredTableNames() {
    #expect(Inferred.Reminder.tableName == "reminders")
    #expect(Inferred.Category.tableName == "categories")
    #expect(Inferred.Status.tableName == "statuses")
    #expect(Inferred.RemindersList.tableName == "remindersLists")
  }

  @Test func explicitTableNames() {
    #expect(Named.Reminder.tableName == "reminder")
    #expect(Named.Category.tableName == "category")
    #expect(Named.Status.tableName == "status")
    #expect(Named.RemindersList.tableName == "reminders_list")
  }

  @Test func primaryKeys() {
    assertSQL(Keys.Book.find("978-0")) {
      """
      SQLite:
        SELECT "books"."isbn", "books"."title" FROM "books" WHERE ("books"."isbn" = ?1)
        bindings: text("978-0")
      PostgreSQL:
        SELECT "books"."isbn", "books"."title" FROM "books" WHERE ("books"."isbn" = $1)
        bindings: text("978-0")
      """
    }
    assertSQL(Keys.Book.insert { Keys.Book.Draft(title: "Dune") }) {
      """
      SQLite:
        INSERT INTO "books" ("title") VALUES (?1)
        bindings: text("Dune")
      PostgreSQL:
        INSERT INTO "books" ("title") VALUES ($1)
        bindings: text("Dune")
      """
    }
    // `primaryKey: false` opts out: no `find`, no `Draft`, rows insert with their `id`.
    assertSQL(Keys.Legacy.insert { Keys.Legacy(id: "a") }) {
      """
      SQLite:
        INSERT INTO "legacies" ("id") VALUES (?1)
        bindings: text("a")
      PostgreSQL:
        INSERT INTO "legacies" ("id") VALUES ($1)
        bindings: text("a")
      """
    }
  }

  /// Compares the SQLite rendering with a seed's SQL, whitespace aside.
  private func expectSQLiteOutput(
    of statement: some Statement, matches seed: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let rendered = try statement.render(in: .sqlite).sql
    #expect(
      collapsingWhitespace(rendered) == collapsingWhitespace(seed), sourceLocation: sourceLocation)
  }

  private func collapsingWhitespace(_ sql: String) -> String {
    sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
