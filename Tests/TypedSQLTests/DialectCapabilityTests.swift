import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

@Suite struct DialectCapabilityTests {
  @Test func sqliteBeforeReturningThrowsInsteadOfDroppingIt() {
    assertSQL(
      Reminder.delete().returning { $0.id },
      sqlite: SQLiteDialect(version: SQLiteVersion(3, 34))
    ) {
      """
      SQLite:
        error: SQLite 3.34.0 does not support RETURNING (needs SQLite 3.35.0)
      PostgreSQL:
        DELETE FROM "reminders" RETURNING "reminders"."id"
      """
    }
  }

  @Test func sqliteBeforeNullsFirstThrowsWhenThePlacementMatters() {
    assertSQL(
      Reminder.order { $0.priority.desc(nulls: .first) },
      sqlite: SQLiteDialect(version: SQLiteVersion(3, 29))
    ) {
      """
      SQLite:
        error: SQLite 3.29.0 does not support NULLS FIRST/LAST (needs SQLite 3.30.0)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."priority" DESC
      """
    }
  }

  @Test func tooManyBindingsIsAClearError() {
    let ids = Array(1...40)
    let query = Reminder.where { $0.id.in(ids) }
    #expect(throws: DialectError.tooManyBindings(count: 40, limit: 32, dialect: "SQLite 3.40.1")) {
      try query.render(in: SQLiteDialect(version: SQLiteVersion(3, 40, 1), maximumBindingCount: 32))
    }
  }

  @Test func bindingsAreNumberedInOrderOfAppearanceAcrossManyValues() throws {
    let values = (0..<40).map { $0 % 20 }
    let rendered = try Reminder.where { $0.id.in(values) }.render(in: .postgres)
    #expect(rendered.bindings == (0..<20).map { .int(Int64($0)) })
    #expect(rendered.sql.hasSuffix("IN ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20))"))
  }
}
