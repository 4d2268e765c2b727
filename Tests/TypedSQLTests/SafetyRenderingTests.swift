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
}
