import Testing
import TypedSQL

/// An update or delete built from a select writes exactly the rows the select returns, and a
/// count counts exactly them: no clause that narrows the rows is dropped.
@Suite struct WritesFromSelectRenderingTests {
  @Test func filterAloneBecomesTheWritesCondition() {
    assertSQL(Reminder.where { $0.isCompleted }.delete()) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE "reminders"."isCompleted"
      PostgreSQL:
        DELETE FROM "reminders" WHERE "reminders"."isCompleted"
      """
    }
  }

  @Test func limitedUpdateTouchesOnlyTheSelectedKeys() {
    assertSQL(Reminder.order { $0.id }.limit(1).update { $0.isCompleted = true }) {
      """
      SQLite:
        UPDATE "reminders" SET "isCompleted" = ?1 WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT ?2))
        bindings: bool(true), int(1)
      PostgreSQL:
        UPDATE "reminders" SET "isCompleted" = $1 WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT 1))
        bindings: bool(true)
      """
    }
  }

  @Test func offsetDeleteTouchesOnlyTheSelectedKeys() {
    assertSQL(Reminder.where { $0.priority != nil }.order { $0.title.desc() }.limit(1, offset: 2).delete()) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."priority" IS NOT NULL) ORDER BY "reminders"."title" DESC LIMIT ?1 OFFSET ?2))
        bindings: int(1), int(2)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."priority" IS NOT NULL) ORDER BY "reminders"."title" DESC LIMIT 1 OFFSET $1))
        bindings: int(2)
      """
    }
  }

  @Test func distinctLimitedDeleteNeedsNoDistinctOverKeys() {
    assertSQL(Reminder.all.distinct().order { $0.title }.limit(2).delete()) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."title" LIMIT ?1))
        bindings: int(2)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."title" LIMIT 2))
      """
    }
  }

  @Test func groupedDeleteKeepsGroupingAndHaving() {
    assertSQL(Reminder.group { $0.remindersListID }.having { $0.id.count() > 1 }.delete()) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > ?1)))
        bindings: int(1)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > $1)))
        bindings: int(1)
      """
    }
  }

  @Test func compoundDeleteSelectsKeysInEveryTerm() {
    assertSQL(Reminder.where { $0.isCompleted }.union(Reminder.where { $0.priority == 1 }).delete()) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."isCompleted" UNION SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."priority" = ?1)))
        bindings: int(1)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."isCompleted" UNION SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."priority" = $1)))
        bindings: int(1)
      """
    }
  }

  @Test func tableWithoutPrimaryKeyUsesRowIdentity() {
    assertSQL(ReminderTag.order { $0.tagID }.limit(1).delete()) {
      """
      SQLite:
        DELETE FROM "remindersTags" WHERE ("remindersTags".rowid IN (SELECT "remindersTags".rowid FROM "remindersTags" ORDER BY "remindersTags"."tagID" LIMIT ?1))
        bindings: int(1)
      PostgreSQL:
        DELETE FROM "remindersTags" WHERE ("remindersTags".ctid IN (SELECT "remindersTags".ctid FROM "remindersTags" ORDER BY "remindersTags"."tagID" LIMIT 1))
      """
    }
  }

  @Test func countOfLimitedQueryCountsItsRows() {
    assertSQL(Reminder.order { $0.id }.limit(3).count()) {
      """
      SQLite:
        SELECT count(*) FROM (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."id" LIMIT ?1) AS "counted"
        bindings: int(3)
      PostgreSQL:
        SELECT count(*) FROM (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."id" LIMIT 3) AS "counted"
      """
    }
  }

  @Test func countOfOrderedQueryDropsTheOrder() {
    assertSQL(Reminder.where { $0.isCompleted }.order { $0.title }.count()) {
      """
      SQLite:
        SELECT count(*) FROM "reminders" WHERE "reminders"."isCompleted"
      PostgreSQL:
        SELECT count(*) FROM "reminders" WHERE "reminders"."isCompleted"
      """
    }
  }

  @Test func joinOfDistinctSourceKeepsItAsSubquery() {
    assertSQL(Reminder.join(RemindersList.all.distinct()) { $0.remindersListID == $1.id }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID", "remindersLists"."id", "remindersLists"."title" FROM "reminders" JOIN (SELECT DISTINCT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists") AS "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID", "remindersLists"."id", "remindersLists"."title" FROM "reminders" JOIN (SELECT DISTINCT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists") AS "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """
    }
  }
}
