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
    let rendered = try Reminder.where { $0.id.in(values) }.render(in: .sqlite)
    #expect(rendered.bindings == (0..<20).map { .int(Int64($0)) })
    let placeholders = (values.map { "?\($0 + 1)" }).joined(separator: ", ")
    #expect(rendered.sql.hasSuffix("IN (\(placeholders)))"))
  }

  @Test func postgresSendsAnInListAsOneArray() throws {
    let rendered = try Reminder.where { $0.id.in(1...70_000) || $0.title.notIn(["a", "b"]) }.render(in: .postgres)
    #expect(rendered.sql.hasSuffix(#"WHERE (("reminders"."id" = ANY($1)) OR ("reminders"."title" <> ALL($2)))"#))
    #expect(rendered.bindings == [.array((1...70_000).map { .int(Int64($0)) }), .array([.text("a"), .text("b")])])
  }

  @Test func sqliteSpellsNewPlaceholdersPastTheNumberedLimitAsPlainMarks() throws {
    // SQLite parses numbered placeholders in quadratic time: past 999, a new value is `?`.
    let ids = Array(1...1_001)
    let rendered = try Reminder.where { $0.id.in(ids) || $0.id == 1_001 || $0.id == 1 }.render(in: .sqlite)
    #expect(rendered.bindings.count == 1_001)
    #expect(rendered.sql.contains("?998, ?999, ?, ?)"))
    #expect(rendered.sql.hasSuffix(#"("reminders"."id" = ?1001)) OR ("reminders"."id" = ?1))"#))
  }
}
