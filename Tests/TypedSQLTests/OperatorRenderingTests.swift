import Testing
import TypedSQL

@Suite struct OperatorRenderingTests {
  @Test func divisionAndRemainderByZeroAreNullOnBoth() {
    assertSQL(Reminder.select { ($0.id / $0.remindersListID, $0.id % 2, -$0.id, $0.id * 3, $0.id / 0) }) {
      """
      SQLite:
        SELECT ("reminders"."id" / "reminders"."remindersListID"), ("reminders"."id" % ?1), (-"reminders"."id"), ("reminders"."id" * ?2), ("reminders"."id" / ?3) FROM "reminders"
        bindings: int(2), int(3), int(0)
      PostgreSQL:
        SELECT ("reminders"."id" / nullif("reminders"."remindersListID", $1)), ("reminders"."id" % $2), (-"reminders"."id"), ("reminders"."id" * $3), ("reminders"."id" / nullif($1, $1)) FROM "reminders"
        bindings: int(0), int(2), int(3)
      """
    }
  }

  @Test func bitwiseOperators() {
    assertSQL(Reminder.select { ($0.id & 6, $0.id | $0.remindersListID, $0.id ^ 5, ~$0.id, $0.id << 3, $0.id >> -2, $0.id << 70, $0.id >> 99) }) {
      """
      SQLite:
        SELECT ("reminders"."id" & ?1), ("reminders"."id" | "reminders"."remindersListID"), (("reminders"."id" | ?2) - ("reminders"."id" & ?2)), (~"reminders"."id"), ("reminders"."id" << ?3), ("reminders"."id" << ?4), ("reminders"."id" * ?5), ("reminders"."id" >> ?6) FROM "reminders"
        bindings: int(6), int(5), int(3), int(2), int(0), int(63)
      PostgreSQL:
        SELECT ("reminders"."id" & $1), ("reminders"."id" | "reminders"."remindersListID"), ("reminders"."id" # $2), (~"reminders"."id"), ("reminders"."id" << CAST($3 AS integer)), ("reminders"."id" << CAST($4 AS integer)), ("reminders"."id" * $5), ("reminders"."id" >> CAST($6 AS integer)) FROM "reminders"
        bindings: int(6), int(5), int(3), int(2), int(0), int(63)
      """
    }
  }

  @Test func between() {
    assertSQL(Reminder.where { $0.id.between(2, and: 4) && $0.title.between($0.title, and: $0.title) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" BETWEEN ?1 AND ?2) AND ("reminders"."title" BETWEEN "reminders"."title" AND "reminders"."title"))
        bindings: int(2), int(4)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" BETWEEN $1 AND $2) AND ("reminders"."title" BETWEEN "reminders"."title" AND "reminders"."title"))
        bindings: int(2), int(4)
      """
    }
  }

  @Test func rowValues() {
    assertSQL(Reminder.where { RowValue($0.priority, $0.id) > RowValue(values: 2, 40) }.order { ($0.priority, $0.id) }.limit(10)) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."priority", "reminders"."id") > (?1, ?2)) ORDER BY "reminders"."priority", "reminders"."id" LIMIT ?3
        bindings: int(2), int(40), int(10)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."priority", "reminders"."id") > ($1, $2)) ORDER BY "reminders"."priority" NULLS FIRST, "reminders"."id" LIMIT 10
        bindings: int(2), int(40)
      """
    }
  }
}
