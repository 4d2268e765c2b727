import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// Views and triggers: statements that take no parameters, so their values are written into them
// as literals. SQLite's triggers hold their statements; PostgreSQL's call a PL/pgSQL function,
// created with them.

/// A view of each reminder with its list's title.
@Table("reminderTitles") private struct ReminderTitle {
  let id: Int
  var title = ""
  var list = ""
}

@Table private struct Page {
  let id: Int
  var title = ""
  var updatedAt: Date
}

@Suite struct SchemaRenderingTests {
  @Test func views() {
    let select = Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
      .where { reminder, _ in reminder.title != "it's hidden" }
      .select { ($0.id, $0.title, $1.title) }
    assertSQL(ReminderTitle.createTemporaryView(as: select)) {
      """
      SQLite:
        CREATE TEMPORARY VIEW "reminderTitles" ("id", "title", "list") AS SELECT "reminders"."id", "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") WHERE ("reminders"."title" <> 'it''s hidden')
      PostgreSQL:
        CREATE TEMPORARY VIEW "reminderTitles" ("id", "title", "list") AS SELECT "reminders"."id", "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") WHERE ("reminders"."title" <> 'it''s hidden')
      """
    }
    assertSQL(ReminderTitle.createView(ifNotExists: true, as: select)) {
      """
      SQLite:
        CREATE VIEW IF NOT EXISTS "reminderTitles" ("id", "title", "list") AS SELECT "reminders"."id", "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") WHERE ("reminders"."title" <> 'it''s hidden')
      PostgreSQL:
        error: PostgreSQL does not support CREATE VIEW IF NOT EXISTS
      """
    }
    assertSQL(ReminderTitle.dropView(ifExists: true)) {
      """
      SQLite:
        DROP VIEW IF EXISTS "reminderTitles"
      PostgreSQL:
        DROP VIEW IF EXISTS "reminderTitles"
      """
    }
  }

  @Test func aViewMustSelectItsColumns() {
    assertSQL(ReminderTitle.createView(as: Reminder.select { ($0.id, $0.title) })) {
      """
      SQLite:
        error: invalid statement: the view "reminderTitles" has 3 columns but its select has 2
      PostgreSQL:
        error: invalid statement: the view "reminderTitles" has 3 columns but its select has 2
      """
    }
  }

  @Test func triggers() {
    assertSQLWithMySQL(
      Reminder.createTrigger(after: .insert { new in
        RemindersList.where { $0.id == new.remindersListID }.update { $0.title = $0.title + "*" }
      })
    ) {
      """
      SQLite:
        CREATE TRIGGER "after_insert_on_reminders" AFTER INSERT ON "reminders" FOR EACH ROW BEGIN UPDATE "remindersLists" SET "title" = ("remindersLists"."title" || '*') WHERE ("remindersLists"."id" = "new"."remindersListID"); END
      PostgreSQL:
        DO $typedsql_do$ BEGIN CREATE FUNCTION "after_insert_on_reminders"() RETURNS trigger LANGUAGE plpgsql AS $typedsql$ BEGIN IF current_setting('typedsql.trigger_0a667714833408ff', true) = 'on' THEN RETURN NULL; END IF; PERFORM set_config('typedsql.trigger_0a667714833408ff', 'on', true); UPDATE "remindersLists" SET "title" = ("remindersLists"."title" || '*') WHERE ("remindersLists"."id" = "new"."remindersListID"); PERFORM set_config('typedsql.trigger_0a667714833408ff', '', true); RETURN NULL; END $typedsql$; CREATE TRIGGER "after_insert_on_reminders" AFTER INSERT ON "reminders" FOR EACH ROW EXECUTE FUNCTION "after_insert_on_reminders"(); END $typedsql_do$
      MySQL:
        CREATE TRIGGER `after_insert_on_reminders` AFTER INSERT ON `reminders` FOR EACH ROW BEGIN UPDATE `remindersLists` SET `title` = CONCAT(`remindersLists`.`title`, '*') WHERE (`remindersLists`.`id` = `new`.`remindersListID`); END
      """
    }
    assertSQLWithMySQL(
      Reminder.createTrigger(
        "renamed",
        after: .update(of: { $0.title }, when: { old, new in old.title != new.title }) { old, _ in
          Tag.insert { $0.name } select: { selectValues(old.title) }
        })
    ) {
      """
      SQLite:
        CREATE TRIGGER "renamed" AFTER UPDATE OF "title" ON "reminders" FOR EACH ROW WHEN ("old"."title" <> "new"."title") BEGIN INSERT INTO "tags" ("name") SELECT "old"."title"; END
      PostgreSQL:
        DO $typedsql_do$ BEGIN CREATE FUNCTION "renamed"() RETURNS trigger LANGUAGE plpgsql AS $typedsql$ BEGIN IF current_setting('typedsql.trigger_551c0141926996a3', true) = 'on' THEN RETURN NULL; END IF; PERFORM set_config('typedsql.trigger_551c0141926996a3', 'on', true); INSERT INTO "tags" ("name") SELECT "old"."title"; PERFORM set_config('typedsql.trigger_551c0141926996a3', '', true); RETURN NULL; END $typedsql$; CREATE TRIGGER "renamed" AFTER UPDATE OF "title" ON "reminders" FOR EACH ROW WHEN (("old"."title" <> "new"."title")) EXECUTE FUNCTION "renamed"(); END $typedsql_do$
      MySQL:
        error: MariaDB 10.11 does not support UPDATE OF columns on a trigger (the server's triggers cannot tell which columns an update names)
      """
    }
    assertSQLWithMySQL(Reminder.createTrigger(before: .delete { _ in Tag.where { $0.name == "$typedsql$" }.delete() })) {
      """
      SQLite:
        CREATE TRIGGER "before_delete_on_reminders" BEFORE DELETE ON "reminders" FOR EACH ROW BEGIN DELETE FROM "tags" WHERE ("tags"."name" = '$typedsql$'); END
      PostgreSQL:
        DO $typedsql_do$ BEGIN CREATE FUNCTION "before_delete_on_reminders"() RETURNS trigger LANGUAGE plpgsql AS $typedsql1$ BEGIN IF current_setting('typedsql.trigger_b496a9d87735ed22', true) = 'on' THEN RETURN "old"; END IF; PERFORM set_config('typedsql.trigger_b496a9d87735ed22', 'on', true); DELETE FROM "tags" WHERE ("tags"."name" = '$typedsql$'); PERFORM set_config('typedsql.trigger_b496a9d87735ed22', '', true); RETURN "old"; END $typedsql1$; CREATE TRIGGER "before_delete_on_reminders" BEFORE DELETE ON "reminders" FOR EACH ROW EXECUTE FUNCTION "before_delete_on_reminders"(); END $typedsql_do$
      MySQL:
        CREATE TRIGGER `before_delete_on_reminders` BEFORE DELETE ON `reminders` FOR EACH ROW BEGIN DELETE FROM `tags` WHERE (`tags`.`name` = '$typedsql$'); END
      """
    }
    assertSQLWithMySQL(Reminder.createTrigger("renamed", after: .delete { _ in Tag.delete() }).drop(ifExists: true)) {
      """
      SQLite:
        DROP TRIGGER IF EXISTS "renamed"
      PostgreSQL:
        DROP FUNCTION IF EXISTS "renamed"() CASCADE
      MySQL:
        DROP TRIGGER IF EXISTS `renamed`
      """
    }
  }

  /// A touch has one effect, written `before:` or `after:`: SQLite updates the row after the
  /// write, PostgreSQL sets the new row before it, its values computed from the row under the
  /// table's name.
  @Test func touchingUpdatedAt() {
    assertSQLWithMySQL(Page.createTrigger(before: .update(touch: \.updatedAt))) {
      """
      SQLite:
        CREATE TRIGGER "before_update_on_pages" AFTER UPDATE ON "pages" FOR EACH ROW BEGIN UPDATE "pages" SET "updatedAt" = strftime('%Y-%m-%d %H:%M:%f', 'now') WHERE (rowid = "new".rowid); END
      PostgreSQL:
        DO $typedsql_do$ BEGIN CREATE FUNCTION "before_update_on_pages"() RETURNS trigger LANGUAGE plpgsql AS $typedsql$ BEGIN SELECT statement_timestamp() INTO "new"."updatedAt" FROM (SELECT ("new").*) AS "pages"; RETURN "new"; END $typedsql$; CREATE TRIGGER "before_update_on_pages" BEFORE UPDATE ON "pages" FOR EACH ROW EXECUTE FUNCTION "before_update_on_pages"(); END $typedsql_do$
      MySQL:
        CREATE TRIGGER `before_update_on_pages` BEFORE UPDATE ON `pages` FOR EACH ROW BEGIN SET `new`.`updatedAt` = UTC_TIMESTAMP(6); END
      """
    }
    assertSQLWithMySQL(Page.createTrigger(after: .update { $0.title += "!"; $0.updatedAt = .now })) {
      """
      SQLite:
        CREATE TRIGGER "after_update_on_pages" AFTER UPDATE ON "pages" FOR EACH ROW BEGIN UPDATE "pages" SET "title" = ("pages"."title" || '!'), "updatedAt" = strftime('%Y-%m-%d %H:%M:%f', 'now') WHERE (rowid = "new".rowid); END
      PostgreSQL:
        DO $typedsql_do$ BEGIN CREATE FUNCTION "after_update_on_pages"() RETURNS trigger LANGUAGE plpgsql AS $typedsql$ BEGIN SELECT ("pages"."title" || '!'), statement_timestamp() INTO "new"."title", "new"."updatedAt" FROM (SELECT ("new").*) AS "pages"; RETURN "new"; END $typedsql$; CREATE TRIGGER "after_update_on_pages" BEFORE UPDATE ON "pages" FOR EACH ROW EXECUTE FUNCTION "after_update_on_pages"(); END $typedsql_do$
      MySQL:
        CREATE TRIGGER `after_update_on_pages` BEFORE UPDATE ON `pages` FOR EACH ROW BEGIN SET @typedsql_set_0 = CONCAT(`new`.`title`, '!'), @typedsql_set_1 = UTC_TIMESTAMP(6); SET `new`.`title` = @typedsql_set_0, `new`.`updatedAt` = @typedsql_set_1; SET @typedsql_set_0 = NULL, @typedsql_set_1 = NULL; END
      """
    }
  }

  @Test func insteadOfTriggersOnViews() {
    assertSQLWithMySQL(
      ReminderTitle.createTrigger(insteadOf: .update { old, new in
        Reminder.where { $0.id == old.id }.update { $0.title = new.title }
      })
    ) {
      """
      SQLite:
        CREATE TRIGGER "instead_of_update_on_reminderTitles" INSTEAD OF UPDATE ON "reminderTitles" FOR EACH ROW BEGIN UPDATE "reminders" SET "title" = "new"."title" WHERE ("reminders"."id" = "old"."id"); END
      PostgreSQL:
        DO $typedsql_do$ BEGIN CREATE FUNCTION "instead_of_update_on_reminderTitles"() RETURNS trigger LANGUAGE plpgsql AS $typedsql$ BEGIN IF current_setting('typedsql.trigger_ec6239906052145f', true) = 'on' THEN RETURN "new"; END IF; PERFORM set_config('typedsql.trigger_ec6239906052145f', 'on', true); UPDATE "reminders" SET "title" = "new"."title" WHERE ("reminders"."id" = "old"."id"); PERFORM set_config('typedsql.trigger_ec6239906052145f', '', true); RETURN "new"; END $typedsql$; CREATE TRIGGER "instead_of_update_on_reminderTitles" INSTEAD OF UPDATE ON "reminderTitles" FOR EACH ROW EXECUTE FUNCTION "instead_of_update_on_reminderTitles"(); END $typedsql_do$
      MySQL:
        error: MariaDB 10.11 does not support INSTEAD OF triggers
      """
    }
    assertSQLWithMySQL(
      ReminderTitle.createTrigger(insteadOf: .update(when: { old, new in old.title != new.title }) { old, new in
        Reminder.where { $0.id == old.id }.update { $0.title = new.title }
      })
    ) {
      """
      SQLite:
        CREATE TRIGGER "instead_of_update_on_reminderTitles" INSTEAD OF UPDATE ON "reminderTitles" FOR EACH ROW WHEN ("old"."title" <> "new"."title") BEGIN UPDATE "reminders" SET "title" = "new"."title" WHERE ("reminders"."id" = "old"."id"); END
      PostgreSQL:
        error: PostgreSQL does not support a WHEN condition on an INSTEAD OF trigger
      MySQL:
        error: MariaDB 10.11 does not support INSTEAD OF triggers
      """
    }
  }

  @Test func aTriggerSetsOnlyAColumn() {
    assertSQLWithMySQL(Enrollment.createTrigger(before: .update(touch: \.primaryKey, to: Enrollment.columns.primaryKey))) {
      """
      SQLite:
        error: invalid statement: a trigger can set only a column of the written row
      PostgreSQL:
        error: invalid statement: a trigger can set only a column of the written row
      MySQL:
        error: invalid statement: a trigger can set only a column of the written row
      """
    }
  }

  @Test func aTriggerMustDoSomething() {
    assertSQLWithMySQL(Reminder.createTrigger(after: .delete { _ in })) {
      """
      SQLite:
        error: invalid statement: the trigger "after_delete_on_reminders" has no statement to run
      PostgreSQL:
        error: invalid statement: the trigger "after_delete_on_reminders" has no statement to run
      MySQL:
        error: invalid statement: the trigger "after_delete_on_reminders" has no statement to run
      """
    }
  }

  @Test func temporaryTriggersAreSQLiteOnly() {
    assertSQLWithMySQL(Reminder.createTemporaryTrigger(ifNotExists: true, after: .delete { old in Tag.where { $0.id == old.id }.delete() })) {
      """
      SQLite:
        CREATE TEMP TRIGGER IF NOT EXISTS "after_delete_on_reminders" AFTER DELETE ON "reminders" FOR EACH ROW BEGIN DELETE FROM "tags" WHERE ("tags"."id" = "old"."id"); END
      PostgreSQL:
        error: PostgreSQL does not support CREATE TEMPORARY TRIGGER
      MySQL:
        error: MariaDB 10.11 does not support CREATE TEMPORARY TRIGGER
      """
    }
  }
}
