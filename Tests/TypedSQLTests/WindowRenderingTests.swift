import Testing
import TypedSQL

@Suite struct WindowRenderingTests {
  @Test func rankingFunctions() {
    assertSQL(
      Reminder.select {
        ($0.title, rowNumber().over(partitionBy: $0.remindersListID, orderBy: $0.id), rank().over(orderBy: $0.priority.desc()),
         denseRank().over(orderBy: $0.title), ntile(4).over(orderBy: $0.id))
      }
    ) {
      """
      SQLite:
        SELECT "reminders"."title", row_number() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."id"), rank() OVER (ORDER BY "reminders"."priority" DESC), dense_rank() OVER (ORDER BY "reminders"."title"), ntile(4) OVER (ORDER BY "reminders"."id") FROM "reminders"
      PostgreSQL:
        SELECT "reminders"."title", row_number() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."id"), rank() OVER (ORDER BY "reminders"."priority" DESC NULLS LAST), dense_rank() OVER (ORDER BY "reminders"."title"), ntile(4) OVER (ORDER BY "reminders"."id") FROM "reminders"
      """
    }
  }

  @Test func valuesOfOtherRows() {
    assertSQL(Reminder.select { ($0.priority.lag().over(orderBy: $0.id), $0.title.lead(2).over(orderBy: $0.id), $0.title.firstValue().over(partitionBy: $0.remindersListID, orderBy: $0.id)) }) {
      """
      SQLite:
        SELECT lag("reminders"."priority", 1) OVER (ORDER BY "reminders"."id"), lead("reminders"."title", 2) OVER (ORDER BY "reminders"."id"), first_value("reminders"."title") OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."id") FROM "reminders"
      PostgreSQL:
        SELECT lag("reminders"."priority", 1) OVER (ORDER BY "reminders"."id"), lead("reminders"."title", 2) OVER (ORDER BY "reminders"."id"), first_value("reminders"."title") OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."id") FROM "reminders"
      """
    }
  }

  @Test func aggregatesOverAWindow() {
    assertSQL(
      Reminder.select {
        ($0.priority.sum().over(orderBy: $0.id), $0.id.count().over(partitionBy: $0.remindersListID),
         $0.priority.avg().over(orderBy: $0.id, frame: .rows(.preceding(2), .currentRow)))
      }
    ) {
      """
      SQLite:
        SELECT sum("reminders"."priority") OVER (ORDER BY "reminders"."id"), count("reminders"."id") OVER (PARTITION BY "reminders"."remindersListID"), (CAST(sum("reminders"."priority") OVER (ORDER BY "reminders"."id" ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS REAL) / count("reminders"."priority") OVER (ORDER BY "reminders"."id" ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)) FROM "reminders"
      PostgreSQL:
        SELECT CAST(sum("reminders"."priority") OVER (ORDER BY "reminders"."id") AS bigint), count("reminders"."id") OVER (PARTITION BY "reminders"."remindersListID"), (CAST(CAST(sum("reminders"."priority") OVER (ORDER BY "reminders"."id" ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS bigint) AS double precision) / count("reminders"."priority") OVER (ORDER BY "reminders"."id" ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)) FROM "reminders"
      """
    }
    #expect(throws: DialectError.self) { try Reminder.select { $0.id.over(orderBy: $0.id) }.render(in: .sqlite) }
  }
}
