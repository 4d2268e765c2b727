import Testing
import TypedSQL
import TypedSQLSQLite

@Suite struct SafetyRenderingTests {
  @Table("odd \"table\"") struct OddlyNamed {
    let id: Int
    @Column("a \"quoted\" column") var value = ""
  }

  @Test func identifiersWithQuotesAreEscaped() {
    assertSQL(OddlyNamed.where { $0.value == "x" }) {
      #"""
      SQLite:
        SELECT "odd ""table"""."id", "odd ""table"""."a ""quoted"" column" FROM "odd ""table""" WHERE ("odd ""table"""."a ""quoted"" column" = ?1)
        bindings: text("x")
      PostgreSQL:
        SELECT "odd ""table"""."id", "odd ""table"""."a ""quoted"" column" FROM "odd ""table""" WHERE ("odd ""table"""."a ""quoted"" column" = $1)
        bindings: text("x")
      """#
    }
  }

  @Test func valuesAreAlwaysBoundNeverSpliced() {
    assertSQL(Reminder.where { $0.title == "'; DROP TABLE reminders; --" }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" = ?1)
        bindings: text("\'; DROP TABLE reminders; --")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" = $1)
        bindings: text("\'; DROP TABLE reminders; --")
      """#
    }
  }

  @Test func displayRenderingEscapesLiterals() throws {
    let sql = try Reminder.where { $0.title == "it's" && $0.isCompleted == true }
      .renderForDisplay(in: .sqlite)
    #expect(
      sql
        == #"SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."title" = 'it''s') AND ("reminders"."isCompleted" = 1))"#
    )
  }

  @Table("tâches ✓") struct NonASCIINamed {
    let id: Int
    @Column("état \"quoted\"") var state = ""
  }

  @Test func nonASCIIIdentifiersKeepEveryByte() throws {
    let rendered = try NonASCIINamed.where { $0.state == "fini" }.render(in: .postgres)
    #expect(
      rendered.sql
        == #"SELECT "tâches ✓"."id", "tâches ✓"."état ""quoted""" FROM "tâches ✓" WHERE ("tâches ✓"."état ""quoted""" = $1)"#
    )
  }

  /// The SQL buffer starts small and grows: a statement many times its first capacity comes out
  /// whole, each value in its place.
  @Test func statementsLongerThanTheFirstBufferRenderWhole() throws {
    let titles = (1...400).map { "title \($0)" }
    let rendered = try Reminder.where { $0.title.in(titles) }.render(in: .sqlite)
    let placeholders = (1...400).map { "?\($0)" }.joined(separator: ", ")
    #expect(
      rendered.sql
        == #"SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" IN ("#
        + placeholders + "))")
    #expect(rendered.bindings == titles.map { .text($0) })
  }
}
