import Testing
import TypedSQL

@Suite struct InsertRenderingTests {
  @Test func insertDraftLeavesNilPrimaryKeyToTheDatabase() {
    assertSQL(Reminder.insert { Reminder.Draft(title: "Milk", remindersListID: 1) }) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4)
        bindings: text("Milk"), bool(false), NULL, int(1)
      PostgreSQL:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, NULL, $3)
        bindings: text("Milk"), bool(false), int(1)
      """
    }
  }

  @Test func insertManyDrafts() {
    assertSQL(
      Reminder.insert {
        Reminder.Draft(title: "Milk", remindersListID: 1)
        Reminder.Draft(title: "Eggs", priority: 2, remindersListID: 1)
      }
    ) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4), (?5, ?2, ?6, ?4)
        bindings: text("Milk"), bool(false), NULL, int(1), text("Eggs"), int(2)
      PostgreSQL:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, NULL, $3), ($4, $2, $5, $3)
        bindings: text("Milk"), bool(false), int(1), text("Eggs"), int(2)
      """
    }
  }

  @Test func insertDraftsFromAnArrayAndLoops() {
    let titles = ["A", "B"]
    assertSQL(
      Reminder.insert {
        for title in titles {
          Reminder.Draft(title: title, remindersListID: 1)
        }
      }
    ) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4), (?5, ?2, ?3, ?4)
        bindings: text("A"), bool(false), NULL, int(1), text("B")
      PostgreSQL:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, NULL, $3), ($4, $2, NULL, $3)
        bindings: text("A"), bool(false), int(1), text("B")
      """
    }
  }

  @Test func insertFullRowsWithTheirPrimaryKey() {
    assertSQL(Reminder.insert { Reminder(id: 7, title: "Bread", remindersListID: 1) }) {
      """
      SQLite:
        INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4, ?5)
        bindings: int(7), text("Bread"), bool(false), NULL, int(1)
      PostgreSQL:
        INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, $3, NULL, $4)
        bindings: int(7), text("Bread"), bool(false), int(1)
      """
    }
  }

  @Test func insertMixingKnownAndUnknownKeys() {
    // PostgreSQL spells the missing key `DEFAULT`; SQLite cannot, and says so instead of
    // writing NULL: running the statement inserts each kind of row in its own statement.
    assertSQL(
      Reminder.insert {
        Reminder.Draft(title: "A", remindersListID: 1)
        Reminder.Draft(id: 9, title: "B", remindersListID: 1)
      }
    ) {
      """
      SQLite:
        error: SQLite 3.40.1 does not support DEFAULT for "id" in some rows of a multi-row INSERT while others give a value (running it inserts each kind of row separately)
      PostgreSQL:
        INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES (DEFAULT, $1, $2, NULL, $3), ($4, $5, $2, NULL, $3)
        bindings: text("A"), bool(false), int(1), int(9), text("B")
      """
    }
  }

  @Test func insertReturning() {
    assertSQL(Reminder.insert { Reminder.Draft(title: "Milk", remindersListID: 1) }.returning { $0.id }) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4) RETURNING "reminders"."id"
        bindings: text("Milk"), bool(false), NULL, int(1)
      PostgreSQL:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, NULL, $3) RETURNING "reminders"."id"
        bindings: text("Milk"), bool(false), int(1)
      """
    }
    assertSQL(Reminder.insert { Reminder.Draft(title: "Milk", remindersListID: 1) }.returning { $0 }) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4) RETURNING "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"
        bindings: text("Milk"), bool(false), NULL, int(1)
      PostgreSQL:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, NULL, $3) RETURNING "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"
        bindings: text("Milk"), bool(false), int(1)
      """
    }
  }

  @Test func insertWithNoRows() {
    assertSQL(Reminder.insert { [Reminder.Draft]() }) {
      """
      SQLite:
        error: invalid statement: an INSERT into "reminders" has no rows
      PostgreSQL:
        error: invalid statement: an INSERT into "reminders" has no rows
      """
    }
  }
}

@Suite struct UpdateRenderingTests {
  @Test func updateWithWhere() {
    assertSQL(Reminder.update { $0.title = "Buy milk" }.where { $0.id == 1 }) {
      """
      SQLite:
        UPDATE "reminders" SET "title" = ?1 WHERE ("reminders"."id" = ?2)
        bindings: text("Buy milk"), int(1)
      PostgreSQL:
        UPDATE "reminders" SET "title" = $1 WHERE ("reminders"."id" = $2)
        bindings: text("Buy milk"), int(1)
      """
    }
  }

  @Test func updateFromASelection() {
    assertSQL(Reminder.where { $0.isCompleted }.update { $0.isCompleted = false }) {
      """
      SQLite:
        UPDATE "reminders" SET "isCompleted" = ?1 WHERE "reminders"."isCompleted"
        bindings: bool(false)
      PostgreSQL:
        UPDATE "reminders" SET "isCompleted" = $1 WHERE "reminders"."isCompleted"
        bindings: bool(false)
      """
    }
  }

  @Test func updateWithExpressionsAndNil() {
    assertSQL(
      Reminder.update {
        $0.title = $0.title + "!"
        $0.priority = nil
        $0.isCompleted = true
      }
    ) {
      """
      SQLite:
        UPDATE "reminders" SET "title" = ("reminders"."title" || ?1), "priority" = ?2, "isCompleted" = ?3
        bindings: text("!"), NULL, bool(true)
      PostgreSQL:
        UPDATE "reminders" SET "title" = ("reminders"."title" || $1), "priority" = NULL, "isCompleted" = $2
        bindings: text("!"), bool(true)
      """
    }
  }

  @Test func updateAssigningAColumnTwiceKeepsTheLastValue() {
    assertSQL(Reminder.update { $0.title = "A"; $0.title = "B" }) {
      """
      SQLite:
        UPDATE "reminders" SET "title" = ?1
        bindings: text("B")
      PostgreSQL:
        UPDATE "reminders" SET "title" = $1
        bindings: text("B")
      """
    }
  }

  @Test func updateWholeRowByPrimaryKey() {
    assertSQL(Reminder.update(Reminder(id: 3, title: "Milk", priority: 1, remindersListID: 2))) {
      """
      SQLite:
        UPDATE "reminders" SET "title" = ?1, "isCompleted" = ?2, "priority" = ?3, "remindersListID" = ?4 WHERE ("reminders"."id" = ?5)
        bindings: text("Milk"), bool(false), int(1), int(2), int(3)
      PostgreSQL:
        UPDATE "reminders" SET "title" = $1, "isCompleted" = $2, "priority" = $3, "remindersListID" = $4 WHERE ("reminders"."id" = $5)
        bindings: text("Milk"), bool(false), int(1), int(2), int(3)
      """
    }
  }

  @Test func updateReturning() {
    assertSQL(Reminder.find(1).update { $0.isCompleted = true }.returning { ($0.id, $0.isCompleted) }) {
      """
      SQLite:
        UPDATE "reminders" SET "isCompleted" = ?1 WHERE ("reminders"."id" = ?2) RETURNING "reminders"."id", "reminders"."isCompleted"
        bindings: bool(true), int(1)
      PostgreSQL:
        UPDATE "reminders" SET "isCompleted" = $1 WHERE ("reminders"."id" = $2) RETURNING "reminders"."id", "reminders"."isCompleted"
        bindings: bool(true), int(1)
      """
    }
  }

  @Test func updateWithoutAssignmentsIsAnError() {
    assertSQL(Reminder.update { _ in }) {
      """
      SQLite:
        error: invalid statement: an UPDATE of "reminders" sets no column
      PostgreSQL:
        error: invalid statement: an UPDATE of "reminders" sets no column
      """
    }
  }
}

@Suite struct DeleteRenderingTests {
  @Test func deleteAll() {
    assertSQL(Reminder.delete()) {
      """
      SQLite:
        DELETE FROM "reminders"
      PostgreSQL:
        DELETE FROM "reminders"
      """
    }
  }

  @Test func deleteWithWhere() {
    assertSQL(Reminder.delete().where { $0.isCompleted }) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE "reminders"."isCompleted"
      PostgreSQL:
        DELETE FROM "reminders" WHERE "reminders"."isCompleted"
      """
    }
    assertSQL(Reminder.find(3).delete()) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" = ?1)
        bindings: int(3)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" = $1)
        bindings: int(3)
      """
    }
  }

  @Test func deleteReturning() {
    assertSQL(Reminder.where { $0.isCompleted }.delete().returning { $0.title }) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE "reminders"."isCompleted" RETURNING "reminders"."title"
      PostgreSQL:
        DELETE FROM "reminders" WHERE "reminders"."isCompleted" RETURNING "reminders"."title"
      """
    }
  }

  @Test func subqueriesAsNewValues() {
    assertSQL(RemindersList.update { list in
      list.title = list.title + " (" + (SQLQueryExpression(Reminder.where { $0.remindersListID == list.id }.count()) ?? 0).cast(as: String.self) + ")"
    }) {
      """
      SQLite:
        UPDATE "remindersLists" SET "title" = ((("remindersLists"."title" || ?1) || CAST(coalesce((SELECT count(*) FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id")), ?2) AS TEXT)) || ?3)
        bindings: text(" ("), int(0), text(")")
      PostgreSQL:
        UPDATE "remindersLists" SET "title" = ((("remindersLists"."title" || $1) || CAST(coalesce((SELECT count(*) FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id") LIMIT 1), $2) AS text)) || $3)
        bindings: text(" ("), int(0), text(")")
      """
    }
  }

  @Test func writesReadCommonTables() {
    let keys = Count.select { $0.value }
    let open = Reminder.where { !$0.isCompleted }.select { $0.id }
    assertSQL(Reminder.where { $0.id.in(keys) }.update { $0.isCompleted = true }.with(Count.self, as: open)) {
      """
      SQLite:
        WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")) UPDATE "reminders" SET "isCompleted" = ?1 WHERE ("reminders"."id" IN (SELECT "counts"."value" FROM "counts"))
        bindings: bool(true)
      PostgreSQL:
        WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")) UPDATE "reminders" SET "isCompleted" = $1 WHERE ("reminders"."id" IN (SELECT "counts"."value" FROM "counts"))
        bindings: bool(true)
      """
    }
    assertSQL(Reminder.where { $0.id.in(keys) }.delete().with(Count.self, as: open)) {
      """
      SQLite:
        WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")) DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "counts"."value" FROM "counts"))
      PostgreSQL:
        WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")) DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "counts"."value" FROM "counts"))
      """
    }
    assertSQL(Tag.insert { $0.name } select: { Reminder.where { $0.id.in(keys) }.select { $0.title } }.with(Count.self, as: open)) {
      """
      SQLite:
        WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")) INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (SELECT "counts"."value" FROM "counts"))
      PostgreSQL:
        WITH "counts" ("value") AS (SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")) INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (SELECT "counts"."value" FROM "counts"))
      """
    }
    assertSQL(selectValues(SQLQueryExpression(Reminder.count()) ?? 0, SQLQueryExpression<String>(value: "a") + "b")) {
      """
      SQLite:
        SELECT coalesce((SELECT count(*) FROM "reminders"), ?1), (?2 || ?3)
        bindings: int(0), text("a"), text("b")
      PostgreSQL:
        SELECT coalesce((SELECT count(*) FROM "reminders" LIMIT 1), $1), ($2 || $3)
        bindings: int(0), text("a"), text("b")
      """
    }
  }

  @Test func commonTableRowsDeclaredAsASelection() {
    let counts = Reminder.group { $0.remindersListID }.select { ListCount.Columns(listID: $0.remindersListID, count: $0.id.count()) }
    assertSQL(ListCount.all.where { $0.count > 1 }.order { $0.listID }.with(ListCount.self, as: counts)) {
      """
      SQLite:
        WITH "listCounts" ("listID", "count") AS (SELECT "reminders"."remindersListID", count("reminders"."id") FROM "reminders" GROUP BY "reminders"."remindersListID") SELECT "listCounts"."listID", "listCounts"."count" FROM "listCounts" WHERE ("listCounts"."count" > ?1) ORDER BY "listCounts"."listID"
        bindings: int(1)
      PostgreSQL:
        WITH "listCounts" ("listID", "count") AS (SELECT "reminders"."remindersListID", count("reminders"."id") FROM "reminders" GROUP BY "reminders"."remindersListID") SELECT "listCounts"."listID", "listCounts"."count" FROM "listCounts" WHERE ("listCounts"."count" > $1) ORDER BY "listCounts"."listID"
        bindings: int(1)
      """
    }
    assertSQL(RemindersList.where { $0.id.in(ListCount.all.select { $0.listID }) }.delete().with(ListCount.self, as: counts)) {
      """
      SQLite:
        WITH "listCounts" ("listID", "count") AS (SELECT "reminders"."remindersListID", count("reminders"."id") FROM "reminders" GROUP BY "reminders"."remindersListID") DELETE FROM "remindersLists" WHERE ("remindersLists"."id" IN (SELECT "listCounts"."listID" FROM "listCounts"))
      PostgreSQL:
        WITH "listCounts" ("listID", "count") AS (SELECT "reminders"."remindersListID", count("reminders"."id") FROM "reminders" GROUP BY "reminders"."remindersListID") DELETE FROM "remindersLists" WHERE ("remindersLists"."id" IN (SELECT "listCounts"."listID" FROM "listCounts"))
      """
    }
  }
}
