import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// The value representations of seeds 000 and 002: the seed's SQL from our SQLite rendering
/// (values shown as literals, as the seeds show them), and both dialects' SQL with bindings.
@Suite struct ValueRenderingTests {
  enum UnixTime {
    @Table struct Reminder {
      let id: Int
      @Column(as: Date.UnixTimeRepresentation.self)
      var date: Date
    }
  }

  enum WithPriority {
    @Table struct Reminder {
      let id: Int
      var title = ""
      var priority: Priority?
    }
  }

  enum WithNotes {
    @Table struct Reminder {
      let id: Int
      var title = ""
      @Column(as: [String].JSONRepresentation.self)
      var notes: [String]
    }
  }

  enum ByUUID {
    @Table struct Reminder {
      @Column(as: UUID.BytesRepresentation.self)
      let id: UUID
      var title = ""
    }
    @Table struct Token {
      let id: UUID
      var created: Date
    }
  }

  static let date = Date(timeIntervalSince1970: 1_517_184_480)
  static let uuid = UUID(uuidString: "536D0033-65A0-4142-8C21-99B6B891C4E8")!

  @Test func unixTimeInsertMatchesSeed000() throws {
    let insert = UnixTime.Reminder.insert { UnixTime.Reminder.Draft(date: Self.date) }
    try expectSQLiteDisplay(of: insert, matches: """
      INSERT INTO "reminders"
        ("date")
      VALUES
        (1517184480)
      """)
    assertSQL(insert) {
      """
      SQLite:
        INSERT INTO "reminders" ("date") VALUES (?1)
        bindings: int(1517184480)
      PostgreSQL:
        INSERT INTO "reminders" ("date") VALUES ($1)
        bindings: int(1517184480)
      """
    }
  }

  @Test func nonDefaultRepresentationsCompareThroughBind() {
    let startDate = Self.date
    assertSQL(UnixTime.Reminder.where { $0.date > #bind(startDate) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."date" FROM "reminders" WHERE ("reminders"."date" > ?1)
        bindings: int(1517184480)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."date" FROM "reminders" WHERE ("reminders"."date" > $1)
        bindings: int(1517184480)
      """
    }
    let id = Self.uuid
    assertSQL(ByUUID.Reminder.where { $0.id != #bind(id) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE ("reminders"."id" <> ?1)
        bindings: blob(16 bytes)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE ("reminders"."id" <> $1)
        bindings: blob(16 bytes)
      """
    }
  }

  @Test func defaultRepresentationsNeedNoBind() {
    let startDate = Self.date
    let id = Self.uuid
    assertSQL(ByUUID.Token.where { $0.created > startDate && $0.id != id }) {
      """
      SQLite:
        SELECT "tokens"."id", "tokens"."created" FROM "tokens" WHERE (("tokens"."created" > ?1) AND ("tokens"."id" <> ?2))
        bindings: date(2018-01-29 00:08:00.000), uuid(536d0033-65a0-4142-8c21-99b6b891c4e8)
      PostgreSQL:
        SELECT "tokens"."id", "tokens"."created" FROM "tokens" WHERE (("tokens"."created" > $1) AND ("tokens"."id" <> $2))
        bindings: date(2018-01-29 00:08:00.000), uuid(536d0033-65a0-4142-8c21-99b6b891c4e8)
      """
    }
  }

  @Test func rawValueInsertMatchesSeed002() throws {
    // The seed's column list reads ("date", "priority"): a slip in the seed, whose draft sets
    // the title.
    let insert = WithPriority.Reminder.insert {
      WithPriority.Reminder.Draft(title: "Get haircut", priority: .medium)
    }
    try expectSQLiteDisplay(of: insert, matches: """
      INSERT INTO "reminders"
        ("title", "priority")
      VALUES
        ('Get haircut', 2)
      """)
    assertSQL(insert) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "priority") VALUES (?1, ?2)
        bindings: text("Get haircut"), int(2)
      PostgreSQL:
        INSERT INTO "reminders" ("title", "priority") VALUES ($1, $2)
        bindings: text("Get haircut"), int(2)
      """
    }
  }

  @Test func jsonInsertMatchesSeed002() throws {
    let insert = WithNotes.Reminder.insert {
      WithNotes.Reminder.Draft(title: "Get groceries", notes: ["Milk", "Eggs", "Bananas"])
    }
    try expectSQLiteDisplay(of: insert, matches: """
      INSERT INTO "reminders"
        ("title", "notes")
      VALUES
        ('Get groceries',
         '["Milk","Eggs","Bananas"]')
      """)
    assertSQL(insert) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "notes") VALUES (?1, ?2)
        bindings: text("Get groceries"), json(["Milk","Eggs","Bananas"])
      PostgreSQL:
        INSERT INTO "reminders" ("title", "notes") VALUES ($1, $2)
        bindings: text("Get groceries"), json(["Milk","Eggs","Bananas"])
      """
    }
  }

  @Test func jsonFunctions() {
    assertSQL(
      WithNotes.Reminder.select {
        ($0.notes.jsonText(at: [0]), $0.notes.json(at: ["a.b", 1], as: [String].self), $0.notes.jsonArrayLength())
      }) {
      #"""
      SQLite:
        SELECT CAST(json_extract("reminders"."notes", ?1) AS TEXT), ("reminders"."notes" -> ?2), json_array_length("reminders"."notes") FROM "reminders"
        bindings: text("$[0]"), text("$.\"a.b\"[1]")
      PostgreSQL:
        SELECT ("reminders"."notes" #>> CAST($1 AS text[])), ("reminders"."notes" #> CAST($2 AS text[])), CASE WHEN jsonb_typeof("reminders"."notes") = 'array' THEN jsonb_array_length("reminders"."notes") WHEN "reminders"."notes" IS NOT NULL THEN 0 END FROM "reminders"
        bindings: text("{\"0\"}"), text("{\"a.b\",\"1\"}")
      """#
    }
    assertSQL(WithNotes.Reminder.select { $0.title.jsonGroupArray() }) {
      """
      SQLite:
        SELECT json_group_array("reminders"."title") FROM "reminders"
      PostgreSQL:
        SELECT coalesce(jsonb_agg("reminders"."title"), '[]'::jsonb) FROM "reminders"
      """
    }
    let notes = ["Milk"]
    assertSQL(WithNotes.Reminder.where { $0.notes == #bind(notes) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."notes" FROM "reminders" WHERE (json("reminders"."notes") = json(?1))
        bindings: json(["Milk"])
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."notes" FROM "reminders" WHERE (CAST("reminders"."notes" AS jsonb) = CAST($1 AS jsonb))
        bindings: json(["Milk"])
      """
    }
  }

  @Test func aDateOutsideTheTextRangeIsABindingError() {
    let ancient = Date(timeIntervalSince1970: -70_000_000_000)
    assertSQL(ByUUID.Token.where { $0.created < ancient }) {
      """
      SQLite:
        error: the date -70000000000.0 s from 1970 is outside years 0001–9999 and has no ISO-8601 text form
      PostgreSQL:
        error: the date -70000000000.0 s from 1970 is outside years 0001–9999 and has no ISO-8601 text form
      """
    }
  }

  private func expectSQLiteDisplay(
    of statement: some Statement, matches seed: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let rendered = try statement.renderForDisplay(in: .sqlite)
    // Whitespace aside: the seeds lay SQL out on several lines.
    func collapsed(_ sql: String) -> String {
      sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: ", ", with: ",")
        .replacingOccurrences(of: " )", with: ")")
    }
    #expect(collapsed(rendered) == collapsed(seed), sourceLocation: sourceLocation)
  }
}
