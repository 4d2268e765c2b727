import Testing
import TypedSQL
import TypedSQLSQLite

/// StructuredQueries' `With { tables } query: { statement }`: tables named by their rows' type,
/// `WITH RECURSIVE` when a table reads itself, a table's `Columns` as a row of expressions, a row
/// value unioned with a select, and Swift values selected beside columns.
@Suite struct WithBuilderRenderingTests {
  @Test func tablesNamedByTheirRows() {
    assertSQL(
      With {
        Reminder.where { !$0.isCompleted }.select { Count.Columns(value: $0.id) }
      } query: {
        Count.where { $0.value > 2 }
      }) {
      """
      SQLite:
        WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")) SELECT "counts"."value" FROM "counts" WHERE ("counts"."value" > ?1)
        bindings: int(2)
      PostgreSQL:
        WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")) SELECT "counts"."value" FROM "counts" WHERE ("counts"."value" > $1)
        bindings: int(2)
      """
    }
  }

  @Test func aTableThatReadsItselfIsRecursive() {
    assertSQL(
      With {
        Count(value: 1).union(Count.where { $0.value < 5 }.select { Count.Columns(value: $0.value + 1) })
      } query: {
        Count.all
      }) {
      """
      SQLite:
        WITH RECURSIVE "counts" ("value") AS (SELECT ?1 UNION SELECT ("counts"."value" + ?1) FROM "counts" WHERE ("counts"."value" < ?2)) SELECT "counts"."value" FROM "counts"
        bindings: int(1), int(5)
      PostgreSQL:
        WITH RECURSIVE "counts" ("value") AS (SELECT $1 UNION SELECT ("counts"."value" + $1) FROM "counts" WHERE ("counts"."value" < $2)) SELECT "counts"."value" FROM "counts"
        bindings: int(1), int(5)
      """
    }
  }

  @Test func aSelectThenAJoinKeepsItsSelection() {
    assertSQL(
      Reminder.select { Count.Columns(value: $0.id) }
        .join(Count.all) { $0.id.eq($1.value) }) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" JOIN "counts" ON ("reminders"."id" = "counts"."value")
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" JOIN "counts" ON ("reminders"."id" = "counts"."value")
      """
    }
  }

  @Test func swiftValuesBesideColumns() {
    assertSQL(Reminder.select { ($0.id, true, "x") }) {
      """
      SQLite:
        SELECT "reminders"."id", ?1, ?2 FROM "reminders"
        bindings: bool(true), text("x")
      PostgreSQL:
        SELECT "reminders"."id", $1, $2 FROM "reminders"
        bindings: bool(true), text("x")
      """
    }
  }

  /// A view reads a select with common tables, its values written as literals.
  @Test func aViewOfASelectWithCommonTables() {
    assertSQL(
      Count.createView(
        as: With {
          Reminder.where { $0.priority > 1 }.select { Count.Columns(value: $0.id) }
        } query: {
          Count.all
        })
    ) {
      """
      SQLite:
        CREATE VIEW "counts" ("value") AS WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."priority" > 1)) SELECT "counts"."value" FROM "counts"
      PostgreSQL:
        CREATE VIEW "counts" ("value") AS WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."priority" > 1)) SELECT "counts"."value" FROM "counts"
      """
    }
  }
}
