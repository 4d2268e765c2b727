import Testing
import TypedSQL
import TypedSQLSQLite

@Suite struct AggregateRenderingTests {
  @Test func countAll() {
    assertSQL(Reminder.count()) {
      """
      SQLite:
        SELECT count(*) FROM "reminders"
      PostgreSQL:
        SELECT count(*) FROM "reminders"
      """
    }
    assertSQL(Reminder.where { $0.isCompleted }.count()) {
      """
      SQLite:
        SELECT count(*) FROM "reminders" WHERE "reminders"."isCompleted"
      PostgreSQL:
        SELECT count(*) FROM "reminders" WHERE "reminders"."isCompleted"
      """
    }
  }

  @Test func filtersAndTotal() {
    assertSQL(Reminder.count { $0.isCompleted }) {
      """
      SQLite:
        SELECT count(*) FILTER (WHERE "reminders"."isCompleted") FROM "reminders"
      PostgreSQL:
        SELECT count(*) FILTER (WHERE "reminders"."isCompleted") FROM "reminders"
      """
    }
    assertSQL(Reminder.select { ($0.id.count(filter: $0.isCompleted), $0.priority.sum(filter: $0.isCompleted), $0.priority.avg(filter: $0.isCompleted), $0.priority.total()) }) {
      """
      SQLite:
        SELECT count("reminders"."id") FILTER (WHERE "reminders"."isCompleted"), sum("reminders"."priority") FILTER (WHERE "reminders"."isCompleted"), (CAST(sum("reminders"."priority") FILTER (WHERE "reminders"."isCompleted") AS REAL) / count("reminders"."priority") FILTER (WHERE "reminders"."isCompleted")), total("reminders"."priority") FROM "reminders"
      PostgreSQL:
        SELECT count("reminders"."id") FILTER (WHERE "reminders"."isCompleted"), CAST(sum("reminders"."priority") FILTER (WHERE "reminders"."isCompleted") AS bigint), (CAST(CAST(sum("reminders"."priority") FILTER (WHERE "reminders"."isCompleted") AS bigint) AS double precision) / count("reminders"."priority") FILTER (WHERE "reminders"."isCompleted")), coalesce(CAST(sum("reminders"."priority") AS double precision), 0) FROM "reminders"
      """
    }
  }

  /// An optional's `map`/`flatMap` into an aggregate aggregates the rows where the value is not
  /// NULL; a `CASE` around the aggregate would read the column outside it.
  @Test func optionalMapIntoAnAggregate() {
    assertSQL(Reminder.select { $0.priority.flatMap { $0.max() } }) {
      """
      SQLite:
        SELECT max("reminders"."priority") FILTER (WHERE ("reminders"."priority" IS NOT NULL)) FROM "reminders"
      PostgreSQL:
        SELECT max("reminders"."priority") FILTER (WHERE ("reminders"."priority" IS NOT NULL)) FROM "reminders"
      """
    }
    assertSQL(Reminder.select { $0.priority.map { $0.count(filter: $0.eq(1)) } }) {
      """
      SQLite:
        SELECT count("reminders"."priority") FILTER (WHERE (("reminders"."priority" = ?1) AND ("reminders"."priority" IS NOT NULL))) FROM "reminders"
        bindings: int(1)
      PostgreSQL:
        SELECT count("reminders"."priority") FILTER (WHERE (("reminders"."priority" = $1) AND ("reminders"."priority" IS NOT NULL))) FROM "reminders"
        bindings: int(1)
      """
    }
  }

  /// An aggregate without `GROUP BY` is one row: PostgreSQL, which refuses a column outside the
  /// aggregate in its `ORDER BY`, leaves the order out; a window or a grouped select keeps it.
  @Test func orderOfOneAggregatedRow() {
    assertSQL(Reminder.select { $0.title.groupConcat() }.order(by: \.title)) {
      """
      SQLite:
        SELECT group_concat("reminders"."title", ?1) FROM "reminders" ORDER BY "reminders"."title"
        bindings: text(",")
      PostgreSQL:
        SELECT string_agg(CAST("reminders"."title" AS text), $1) FROM "reminders"
        bindings: text(",")
      """
    }
    assertSQL(Reminder.select { ($0.id, $0.priority.sum()) }.group(by: \.id).order(by: \.title)) {
      """
      SQLite:
        SELECT "reminders"."id", sum("reminders"."priority") FROM "reminders" GROUP BY "reminders"."id" ORDER BY "reminders"."title"
      PostgreSQL:
        SELECT "reminders"."id", CAST(sum("reminders"."priority") AS bigint) FROM "reminders" GROUP BY "reminders"."id" ORDER BY "reminders"."title"
      """
    }
  }

  @Test func groupConcatWithAFilter() {
    assertSQL(Reminder.select { $0.title.groupConcat(", ", filter: $0.isCompleted) }) {
      """
      SQLite:
        SELECT group_concat("reminders"."title", ?1) FILTER (WHERE "reminders"."isCompleted") FROM "reminders"
        bindings: text(", ")
      PostgreSQL:
        SELECT string_agg(CAST("reminders"."title" AS text), $1) FILTER (WHERE "reminders"."isCompleted") FROM "reminders"
        bindings: text(", ")
      """
    }
  }

  @Test func aggregatesOfColumns() {
    assertSQL(Reminder.select { ($0.id.count(), $0.priority.sum(), $0.priority.avg(), $0.priority.min(), $0.title.max()) }) {
      """
      SQLite:
        SELECT count("reminders"."id"), sum("reminders"."priority"), (CAST(sum("reminders"."priority") AS REAL) / count("reminders"."priority")), min("reminders"."priority"), max("reminders"."title") FROM "reminders"
      PostgreSQL:
        SELECT count("reminders"."id"), CAST(sum("reminders"."priority") AS bigint), (CAST(CAST(sum("reminders"."priority") AS bigint) AS double precision) / count("reminders"."priority")), min("reminders"."priority"), max("reminders"."title") FROM "reminders"
      """
    }
    assertSQL(Reminder.select { $0.priority.count(distinct: true) }) {
      """
      SQLite:
        SELECT count(DISTINCT "reminders"."priority") FROM "reminders"
      PostgreSQL:
        SELECT count(DISTINCT "reminders"."priority") FROM "reminders"
      """
    }
  }

  @Test func groupByAndHaving() {
    assertSQL(
      Reminder
        .group { $0.remindersListID }
        .having { $0.id.count() > 1 }
        .select { ($0.remindersListID, $0.id.count()) }
    ) {
      """
      SQLite:
        SELECT "reminders"."remindersListID", count("reminders"."id") FROM "reminders" GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > ?1)
        bindings: int(1)
      PostgreSQL:
        SELECT "reminders"."remindersListID", count("reminders"."id") FROM "reminders" GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > $1)
        bindings: int(1)
      """
    }
  }

  @Test func distinctAndOrderedGroupConcatAndJSONArrays() {
    assertSQL(Reminder.select { $0.title.groupConcat(distinct: true) }) {
      """
      SQLite:
        SELECT group_concat(DISTINCT "reminders"."title") FROM "reminders"
      PostgreSQL:
        SELECT string_agg(DISTINCT CAST("reminders"."title" AS text), $1) FROM "reminders"
        bindings: text(",")
      """
    }
    assertSQL(Reminder.select { $0.title.groupConcat(" | ", distinct: true) }) {
      """
      SQLite:
        error: SQLite 3.40.1 does not support group_concat DISTINCT with a separator other than ","
      PostgreSQL:
        SELECT string_agg(DISTINCT CAST("reminders"."title" AS text), $1) FROM "reminders"
        bindings: text(" | ")
      """
    }
    assertSQL(
      Reminder.select { $0.id.jsonGroupArray(distinct: true, order: $0.id.desc(), filter: $0.isCompleted) },
      sqlite: SQLiteDialect(version: SQLiteVersion(3, 44))) {
      """
      SQLite:
        SELECT json_group_array(DISTINCT "reminders"."id" ORDER BY "reminders"."id" DESC) FILTER (WHERE "reminders"."isCompleted") FROM "reminders"
      PostgreSQL:
        SELECT coalesce(jsonb_agg(DISTINCT "reminders"."id" ORDER BY "reminders"."id" DESC) FILTER (WHERE "reminders"."isCompleted"), '[]'::jsonb) FROM "reminders"
      """
    }
  }

  @Test func countOfATableCountsItsKeys() {
    assertSQL(RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.group { $0.0.id }.select { ($0.title, $1.count(), $0.count()) }) {
      """
      SQLite:
        SELECT "remindersLists"."title", count("reminders"."id"), count("remindersLists"."id") FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") GROUP BY "remindersLists"."id"
      PostgreSQL:
        SELECT "remindersLists"."title", count("reminders"."id"), count("remindersLists"."id") FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") GROUP BY "remindersLists"."id"
      """
    }
  }
}
