import Testing
import TypedSQL

@Suite struct OperatorRenderingTests {
  /// A quotient by an expression and every remainder may be `NULL` (a zero divisor, on both
  /// databases), so they are optional; a quotient by a Swift number keeps the operands' type, and
  /// a zero there, which would give the `NULL` that type cannot hold, is refused.
  @Test func divisionAndRemainderByZeroAreNullOnBoth() {
    let query = Reminder.select { ($0.id / $0.remindersListID, $0.id % 2, -$0.id, $0.id * 3, $0.id % 0, $0.id / 2) }
    let _: Select<Reminder.TableColumns, TupleRow<Int?, Int?, Int, Int, Int?, Int>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT ("reminders"."id" / "reminders"."remindersListID"), ("reminders"."id" % ?1), (-"reminders"."id"), ("reminders"."id" * ?2), ("reminders"."id" % ?3), ("reminders"."id" / ?1) FROM "reminders"
        bindings: int(2), int(3), int(0)
      PostgreSQL:
        SELECT ("reminders"."id" / nullif("reminders"."remindersListID", $1)), ("reminders"."id" % $2), (-"reminders"."id"), ("reminders"."id" * $3), ("reminders"."id" % nullif($1, $1)), ("reminders"."id" / $2) FROM "reminders"
        bindings: int(0), int(2), int(3)
      """
    }
    assertSQL(Reminder.select { $0.id / 0 }) {
      """
      SQLite:
        error: / 0: dividing by zero gives NULL, which Int cannot hold; divide by an expression, or an optional value, for a quotient that may be NULL
      PostgreSQL:
        error: / 0: dividing by zero gives NULL, which Int cannot hold; divide by an expression, or an optional value, for a quotient that may be NULL
      """
    }
    // An optional column may be divided by a Swift zero (its SQL gives NULL, which it holds); a
    // non-optional one is refused before anything runs.
    assertSQL(Reminder.update { $0.priority /= 0; $0.remindersListID /= $0.id }) {
      """
      SQLite:
        UPDATE "reminders" SET "priority" = ("reminders"."priority" / ?1), "remindersListID" = ("reminders"."remindersListID" / "reminders"."id")
        bindings: int(0)
      PostgreSQL:
        UPDATE "reminders" SET "priority" = ("reminders"."priority" / nullif($1, $1)), "remindersListID" = ("reminders"."remindersListID" / nullif("reminders"."id", $1))
        bindings: int(0)
      """
    }
    assertSQL(Reminder.update { $0.remindersListID /= 0 }) {
      """
      SQLite:
        error: / 0: dividing by zero gives NULL, which Int cannot hold; divide by an expression, or an optional value, for a quotient that may be NULL
      PostgreSQL:
        error: / 0: dividing by zero gives NULL, which Int cannot hold; divide by an expression, or an optional value, for a quotient that may be NULL
      """
    }
  }

  /// A table's whole row against a Swift row: a row value of every column the row writes.
  @Test func wholeRowComparisons() {
    assertSQL(Tag.where { $0.eq(Tag(id: 1, name: "car")) }) {
      """
      SQLite:
        SELECT "tags"."id", "tags"."name" FROM "tags" WHERE (("tags"."id", "tags"."name") = (?1, ?2))
        bindings: int(1), text("car")
      PostgreSQL:
        SELECT "tags"."id", "tags"."name" FROM "tags" WHERE (("tags"."id", "tags"."name") = ($1, $2))
        bindings: int(1), text("car")
      """
    }
    assertSQL(Tag.where { $0 > Tag(id: 1, name: "car") }) {
      """
      SQLite:
        SELECT "tags"."id", "tags"."name" FROM "tags" WHERE (("tags"."id", "tags"."name") > (?1, ?2))
        bindings: int(1), text("car")
      PostgreSQL:
        SELECT "tags"."id", "tags"."name" FROM "tags" WHERE (("tags"."id", "tags"."name") > ($1, $2))
        bindings: int(1), text("car")
      """
    }
  }

  /// StructuredQueries' membership spelled from the collection: a range is `BETWEEN`, a query
  /// `IN (SELECT …)`.
  @Test func containsFromTheCollection() {
    assertSQL(Reminder.where { (1...5).contains($0.id) && Tag.select(\.id).contains($0.id) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" BETWEEN ?1 AND ?2) AND ("reminders"."id" IN (SELECT "tags"."id" FROM "tags")))
        bindings: int(1), int(5)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" BETWEEN $1 AND $2) AND ("reminders"."id" IN (SELECT "tags"."id" FROM "tags")))
        bindings: int(1), int(5)
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

  /// A shift by a column's amount: SQLite's own operator; on PostgreSQL, SQLite's meaning
  /// computed from the amount (the other way when negative, every bit out from 64 on).
  @Test func shiftByAnExpression() {
    assertSQL(Reminder.select { $0.id << $0.remindersListID }) {
      """
      SQLite:
        SELECT ("reminders"."id" << "reminders"."remindersListID") FROM "reminders"
      PostgreSQL:
        SELECT CASE WHEN ("reminders"."remindersListID" >= $1) THEN ("reminders"."id" * $2) WHEN ("reminders"."remindersListID" >= $2) THEN ("reminders"."id" << CAST("reminders"."remindersListID" AS integer)) WHEN ("reminders"."remindersListID" > $3) THEN ("reminders"."id" >> CAST((-"reminders"."remindersListID") AS integer)) WHEN ("reminders"."remindersListID" IS NOT NULL) THEN ("reminders"."id" >> CAST($4 AS integer)) END FROM "reminders"
        bindings: int(64), int(0), int(-64), int(63)
      """
    }
  }

  /// `unhex`: SQLite's own function from 3.41 (older ones refuse it by name); PostgreSQL's
  /// `decode` where the text is pairs of hexadecimal digits, `NULL` otherwise.
  @Test func unhexOfText() {
    assertSQL(Reminder.select { $0.title.unhex() }) {
      """
      SQLite:
        error: SQLite 3.40.1 does not support unhex() (needs SQLite 3.41.0)
      PostgreSQL:
        SELECT CASE WHEN "reminders"."title" ~ '^([0-9A-Fa-f]{2})*$' THEN decode("reminders"."title", 'hex') END FROM "reminders"
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
