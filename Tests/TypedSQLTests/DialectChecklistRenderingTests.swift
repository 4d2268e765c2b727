import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// The rows of `shared/research/dialect-differences.md` the builder can produce, SQLite and
/// PostgreSQL side by side.
@Suite struct DialectChecklistRenderingTests {
  @Test func coalesceForIfNull() {
    assertSQL(Reminder.select { $0.priority ?? 0 }) {
      """
      SQLite:
        SELECT coalesce("reminders"."priority", ?1) FROM "reminders"
        bindings: int(0)
      PostgreSQL:
        SELECT coalesce("reminders"."priority", $1) FROM "reminders"
        bindings: int(0)
      """
    }
    assertSQL(Reminder.select { $0.priority.ifNull($0.id) }) {
      """
      SQLite:
        SELECT coalesce("reminders"."priority", "reminders"."id") FROM "reminders"
      PostgreSQL:
        SELECT coalesce("reminders"."priority", "reminders"."id") FROM "reminders"
      """
    }
  }

  @Test func caseForIif() {
    assertSQL(
      Reminder.select {
        Case().when($0.priority == 3, then: "high").when($0.priority == 2, then: "medium").else("low")
      }) {
      """
      SQLite:
        SELECT CASE WHEN ("reminders"."priority" = ?1) THEN ?2 WHEN ("reminders"."priority" = ?3) THEN ?4 ELSE ?5 END FROM "reminders"
        bindings: int(3), text("high"), int(2), text("medium"), text("low")
      PostgreSQL:
        SELECT CASE WHEN ("reminders"."priority" = $1) THEN $2 WHEN ("reminders"."priority" = $3) THEN $4 ELSE $5 END FROM "reminders"
        bindings: int(3), text("high"), int(2), text("medium"), text("low")
      """
    }
    assertSQL(Reminder.select { iif($0.isCompleted, then: "done", else: "open") }) {
      """
      SQLite:
        SELECT CASE WHEN "reminders"."isCompleted" THEN ?1 ELSE ?2 END FROM "reminders"
        bindings: text("done"), text("open")
      PostgreSQL:
        SELECT CASE WHEN "reminders"."isCompleted" THEN $1 ELSE $2 END FROM "reminders"
        bindings: text("done"), text("open")
      """
    }
    assertSQL(Reminder.select { Case().when($0.isCompleted, then: $0.title).end() }) {
      """
      SQLite:
        SELECT CASE WHEN "reminders"."isCompleted" THEN "reminders"."title" END FROM "reminders"
      PostgreSQL:
        SELECT CASE WHEN "reminders"."isCompleted" THEN "reminders"."title" END FROM "reminders"
      """
    }
  }

  @Test func castsUseEachDatabasesTypeNames() {
    assertSQL(Reminder.select { ($0.id.cast(as: String.self), $0.priority.cast(as: Double.self), $0.isCompleted.cast(as: Int.self)) }) {
      """
      SQLite:
        SELECT CAST("reminders"."id" AS TEXT), CAST("reminders"."priority" AS REAL), CAST("reminders"."isCompleted" AS INTEGER) FROM "reminders"
      PostgreSQL:
        SELECT CAST("reminders"."id" AS text), CAST("reminders"."priority" AS double precision), CAST(CAST("reminders"."isCompleted" AS integer) AS bigint) FROM "reminders"
      """
    }
  }

  @Test func stringAggregate() {
    assertSQL(Reminder.group { $0.remindersListID }.select { ($0.remindersListID, $0.title.groupConcat(", ")) }) {
      """
      SQLite:
        SELECT "reminders"."remindersListID", group_concat("reminders"."title", ?1) FROM "reminders" GROUP BY "reminders"."remindersListID"
        bindings: text(", ")
      PostgreSQL:
        SELECT "reminders"."remindersListID", string_agg(CAST("reminders"."title" AS text), $1) FROM "reminders" GROUP BY "reminders"."remindersListID"
        bindings: text(", ")
      """
    }
    assertSQL(
      Reminder.group { $0.remindersListID }.select { $0.title.groupConcat(", ", order: $0.title.asc()) },
      sqlite: SQLiteDialect(version: SQLiteVersion(3, 44))) {
      """
      SQLite:
        SELECT group_concat("reminders"."title", ?1 ORDER BY "reminders"."title") FROM "reminders" GROUP BY "reminders"."remindersListID"
        bindings: text(", ")
      PostgreSQL:
        SELECT string_agg(CAST("reminders"."title" AS text), $1 ORDER BY "reminders"."title") FROM "reminders" GROUP BY "reminders"."remindersListID"
        bindings: text(", ")
      """
    }
  }

  @Test func orderedStringAggregateNeedsSQLite344() {
    assertSQL(Reminder.select { $0.title.groupConcat(order: $0.title.desc()) }) {
      """
      SQLite:
        error: SQLite 3.40.1 does not support ORDER BY inside an aggregate (needs SQLite 3.44.0)
      PostgreSQL:
        SELECT string_agg(CAST("reminders"."title" AS text), $1 ORDER BY "reminders"."title" DESC) FROM "reminders"
        bindings: text(",")
      """
    }
  }

  @Test func upsertWithATarget() {
    assertSQL(
      Tag.insert { Tag.Draft(name: "urgent") }
        .onConflict { $0.name } doUpdate: { tag, excluded in tag.name = excluded.name + "!" }) {
      """
      SQLite:
        INSERT INTO "tags" ("name") VALUES (?1) ON CONFLICT ("name") DO UPDATE SET "name" = ("excluded"."name" || ?2)
        bindings: text("urgent"), text("!")
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1) ON CONFLICT ("name") DO UPDATE SET "name" = ("excluded"."name" || $2)
        bindings: text("urgent"), text("!")
      """
    }
    assertSQL(Reminder.upsert { Reminder(id: 1, title: "Milk", remindersListID: 1) }) {
      """
      SQLite:
        INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4, ?1) ON CONFLICT ("id") DO UPDATE SET "title" = "excluded"."title", "isCompleted" = "excluded"."isCompleted", "priority" = "excluded"."priority", "remindersListID" = "excluded"."remindersListID"
        bindings: int(1), text("Milk"), bool(false), NULL
      PostgreSQL:
        INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, $3, NULL, $1) ON CONFLICT ("id") DO UPDATE SET "title" = "excluded"."title", "isCompleted" = "excluded"."isCompleted", "priority" = "excluded"."priority", "remindersListID" = "excluded"."remindersListID"
        bindings: int(1), text("Milk"), bool(false)
      """
    }
  }

  @Test func upsertDoNothing() {
    assertSQL(Tag.insert { Tag.Draft(name: "urgent") }.onConflictDoNothing { $0.name }) {
      """
      SQLite:
        INSERT INTO "tags" ("name") VALUES (?1) ON CONFLICT ("name") DO NOTHING
        bindings: text("urgent")
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1) ON CONFLICT ("name") DO NOTHING
        bindings: text("urgent")
      """
    }
  }

  @Test func sqliteBeforeUpsertThrows() {
    assertSQL(
      Tag.insert { Tag.Draft(name: "urgent") }.onConflictDoNothing { $0.name },
      sqlite: SQLiteDialect(version: SQLiteVersion(3, 23))) {
      """
      SQLite:
        error: SQLite 3.23.0 does not support ON CONFLICT (needs SQLite 3.24.0)
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1) ON CONFLICT ("name") DO NOTHING
        bindings: text("urgent")
      """
    }
  }

  @Test func postgresOnlyFeaturesThrowOnSQLite() {
    assertSQL(Reminder.where { $0.title.ilike("milk%") }) {
      #"""
      SQLite:
        error: SQLite 3.40.1 does not support ILIKE
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" ILIKE $1 ESCAPE E'\\')
        bindings: text("milk%")
      """#
    }
    assertSQL(Reminder.all.distinctOn { $0.remindersListID }.order { ($0.remindersListID, $0.priority.desc()) }) {
      """
      SQLite:
        error: SQLite 3.40.1 does not support DISTINCT ON
      PostgreSQL:
        SELECT DISTINCT ON ("reminders"."remindersListID") "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."remindersListID", "reminders"."priority" DESC NULLS LAST
      """
    }
  }

  @Test func rowidIsSQLiteOnly() {
    assertSQL(Reminder.where { $0.rowid > 10 }.select { ($0.rowid, $0.title) }) {
      """
      SQLite:
        SELECT "reminders".rowid, "reminders"."title" FROM "reminders" WHERE ("reminders".rowid > ?1)
        bindings: int(10)
      PostgreSQL:
        error: PostgreSQL does not support rowid
      """
    }
    assertSQL(RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select { ($0.title, $1.rowid) }) {
      """
      SQLite:
        SELECT "remindersLists"."title", "reminders".rowid FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      PostgreSQL:
        error: PostgreSQL does not support rowid
      """
    }
  }

  @Test func sqliteOnlyFeaturesThrowOnPostgres() {
    assertSQL(Reminder.where { $0.title.glob("M*") }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" GLOB ?1)
        bindings: text("M*")
      PostgreSQL:
        error: PostgreSQL does not support GLOB
      """
    }
    assertSQL(Reminder.where { $0.title.collate(.nocase) == "milk" }.order { $0.title.collate(.nocase) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."title" COLLATE NOCASE) = ?1) ORDER BY ("reminders"."title" COLLATE NOCASE)
        bindings: text("milk")
      PostgreSQL:
        error: PostgreSQL does not support COLLATE NOCASE
      """
    }
    // A collation registered under another name (StructuredQueries' `Collation(rawValue:)`) is
    // quoted as an identifier.
    assertSQL(Reminder.order { $0.title.collate(Collation(rawValue: "localized \"en\"")) }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY ("reminders"."title" COLLATE "localized ""en""")
      PostgreSQL:
        error: PostgreSQL does not support COLLATE localized "en"
      """#
    }
    assertSQL(Tag.insert(or: .ignore) { Tag.Draft(name: "urgent") }) {
      """
      SQLite:
        INSERT OR IGNORE INTO "tags" ("name") VALUES (?1)
        bindings: text("urgent")
      PostgreSQL:
        error: PostgreSQL does not support INSERT OR IGNORE
      """
    }
  }

  @Test func withRecursive() {
    assertSQL(
      Count.where { $0.value > 2 }.with(
        recursive: Count.self,
        as: selectValues(1).unionAll(Count.where { $0.value < 5 }.select { $0.value + 1 }))) {
      """
      SQLite:
        WITH RECURSIVE "counts" ("value") AS (SELECT ?1 UNION ALL SELECT ("counts"."value" + ?1) FROM "counts" WHERE ("counts"."value" < ?2)) SELECT "counts"."value" FROM "counts" WHERE ("counts"."value" > ?3)
        bindings: int(1), int(5), int(2)
      PostgreSQL:
        WITH RECURSIVE "counts" ("value") AS (SELECT $1 UNION ALL SELECT ("counts"."value" + $1) FROM "counts" WHERE ("counts"."value" < $2)) SELECT "counts"."value" FROM "counts" WHERE ("counts"."value" > $3)
        bindings: int(1), int(5), int(2)
      """
    }
  }

  @Test func withAndUnion() {
    assertSQL(Count.all.with(Count.self, as: selectValues(7).union(selectValues(8))).order { $0.value.desc() }) {
      """
      SQLite:
        WITH "counts" ("value") AS (SELECT ?1 UNION SELECT ?2) SELECT "counts"."value" FROM "counts" ORDER BY "counts"."value" DESC
        bindings: int(7), int(8)
      PostgreSQL:
        WITH "counts" ("value") AS (SELECT $1 UNION SELECT $2) SELECT "counts"."value" FROM "counts" ORDER BY "counts"."value" DESC
        bindings: int(7), int(8)
      """
    }
  }

  @Test func combinedSelectsCannotOrderOnTheirOwn() {
    assertSQL(selectValues(1).unionAll(selectValues(2).limit(1))) {
      """
      SQLite:
        error: invalid statement: a select combined with UNION/INTERSECT/EXCEPT cannot have its own ORDER BY, LIMIT or WITH
      PostgreSQL:
        error: invalid statement: a select combined with UNION/INTERSECT/EXCEPT cannot have its own ORDER BY, LIMIT or WITH
      """
    }
  }
}
