import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL

/// Everyday queries in the three dialects side by side: what MySQL and MariaDB spell their own
/// way (backticks, positional `?`, `<=>`, `NULLS` placement as a leading term, `LIMIT` before any
/// offset, `CONCAT`, `GROUP_CONCAT`, aggregates without `FILTER`) and what they refuse by name.
/// Each shape also runs on a live MariaDB in the integration tests.
@Suite struct MySQLRenderingTests {
  @Test func selectWhereOrderLimit() {
    assertSQLWithMySQL(
      Reminder.where { $0.priority >= 2 && !$0.isCompleted && $0.title.like("%e%") }
        .order { ($0.priority.desc(), $0.id) }
        .limit(10, offset: 20)
    ) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((("reminders"."priority" >= ?1) AND (NOT "reminders"."isCompleted")) AND ("reminders"."title" LIKE ?2 ESCAPE '\')) ORDER BY "reminders"."priority" DESC, "reminders"."id" LIMIT ?3 OFFSET ?4
        bindings: int(2), text("%e%"), int(10), int(20)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((("reminders"."priority" >= $1) AND (NOT "reminders"."isCompleted")) AND ("reminders"."title" COLLATE "C" ILIKE $2 ESCAPE E'\\')) ORDER BY "reminders"."priority" DESC NULLS LAST, "reminders"."id" LIMIT 10 OFFSET $3
        bindings: int(2), text("%e%"), int(20)
      MySQL:
        SELECT `reminders`.`id`, `reminders`.`title`, `reminders`.`isCompleted`, `reminders`.`priority`, `reminders`.`remindersListID` FROM `reminders` WHERE (((`reminders`.`priority` >= ?) AND (NOT `reminders`.`isCompleted`)) AND (`reminders`.`title` REGEXP ?)) ORDER BY `reminders`.`priority` DESC, `reminders`.`id` LIMIT ? OFFSET ?
        bindings: int(2), text("(?s)^.*[eE].*\\z"), int(10), int(20)
      """#
    }
  }

  /// `LIKE` is a regular expression of the pattern: ASCII letters either case, others exactly
  /// (see `MySQLLikePattern`); `likeMatchingCase` is `LIKE` under the binary collation.
  @Test func likeIsARegularExpression() {
    assertSQLWithMySQL(Reminder.where { $0.title.like("Milk\\_50%") || !$0.title.like("é.?") }.select(\.id)) {
      #"""
      SQLite:
        SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."title" LIKE ?1 ESCAPE '\') OR (NOT ("reminders"."title" LIKE ?2 ESCAPE '\')))
        bindings: text("Milk\\_50%"), text("é.?")
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."title" COLLATE "C" ILIKE $1 ESCAPE E'\\') OR (NOT ("reminders"."title" COLLATE "C" ILIKE $2 ESCAPE E'\\')))
        bindings: text("Milk\\_50%"), text("é.?")
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` WHERE ((`reminders`.`title` REGEXP ?) OR (NOT (`reminders`.`title` REGEXP ?)))
        bindings: text("(?s)^[mM][iI][lL][kK]_50.*\\z"), text("(?s)^é\\.\\?\\z")
      """#
    }
    assertSQLWithMySQL(Reminder.where { $0.title.likeMatchingCase("Milk%") }.select(\.id)) {
      #"""
      SQLite:
        SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."title" GLOB ?1)
        bindings: text("Milk*")
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."title" COLLATE "C" LIKE $1 ESCAPE E'\\')
        bindings: text("Milk%")
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` WHERE (`reminders`.`title` LIKE ? ESCAPE '\')
        bindings: text("Milk%")
      """#
    }
    assertSQLWithMySQL(Reminder.where { $0.title.like($0.title + "%") }.select(\.id)) {
      #"""
      SQLite:
        SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."title" LIKE ("reminders"."title" || ?1) ESCAPE '\')
        bindings: text("%")
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."title" COLLATE "C" ILIKE ("reminders"."title" || $1) ESCAPE E'\\')
        bindings: text("%")
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` WHERE (REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(`reminders`.`title`, 'A', 'a'), 'B', 'b'), 'C', 'c'), 'D', 'd'), 'E', 'e'), 'F', 'f'), 'G', 'g'), 'H', 'h'), 'I', 'i'), 'J', 'j'), 'K', 'k'), 'L', 'l'), 'M', 'm'), 'N', 'n'), 'O', 'o'), 'P', 'p'), 'Q', 'q'), 'R', 'r'), 'S', 's'), 'T', 't'), 'U', 'u'), 'V', 'v'), 'W', 'w'), 'X', 'x'), 'Y', 'y'), 'Z', 'z') LIKE REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(CONCAT(`reminders`.`title`, ?), 'A', 'a'), 'B', 'b'), 'C', 'c'), 'D', 'd'), 'E', 'e'), 'F', 'f'), 'G', 'g'), 'H', 'h'), 'I', 'i'), 'J', 'j'), 'K', 'k'), 'L', 'l'), 'M', 'm'), 'N', 'n'), 'O', 'o'), 'P', 'p'), 'Q', 'q'), 'R', 'r'), 'S', 's'), 'T', 't'), 'U', 'u'), 'V', 'v'), 'W', 'w'), 'X', 'x'), 'Y', 'y'), 'Z', 'z') ESCAPE '\')
        bindings: text("%")
      """#
    }
  }

  /// Bitwise results read back as signed integers, as SQLite computes them; a right shift
  /// brings the sign's copies in.
  @Test func bitwiseOperators() {
    assertSQLWithMySQL(Reminder.select { ($0.id & 6, ~$0.id, $0.id ^ 3, $0.id >> 2, $0.id << 1) }) {
      """
      SQLite:
        SELECT ("reminders"."id" & ?1), (~"reminders"."id"), (("reminders"."id" | ?2) - ("reminders"."id" & ?2)), ("reminders"."id" >> ?3), ("reminders"."id" << ?4) FROM "reminders"
        bindings: int(6), int(3), int(2), int(1)
      PostgreSQL:
        SELECT ("reminders"."id" & $1), (~"reminders"."id"), ("reminders"."id" # $2), ("reminders"."id" >> CAST($3 AS integer)), ("reminders"."id" << CAST($4 AS integer)) FROM "reminders"
        bindings: int(6), int(3), int(2), int(1)
      MySQL:
        SELECT CAST((`reminders`.`id` & ?) AS SIGNED), CAST((~`reminders`.`id`) AS SIGNED), CAST((`reminders`.`id` ^ ?) AS SIGNED), CAST(CASE WHEN (`reminders`.`id` < 0) THEN ~((~`reminders`.`id`) >> ?) ELSE (`reminders`.`id` >> ?) END AS SIGNED), CAST((`reminders`.`id` << ?) AS SIGNED) FROM `reminders`
        bindings: int(6), int(3), int(2), int(2), int(1)
      """
    }
    assertSQLWithMySQL(Reminder.select { $0.id << $0.id }) {
      """
      SQLite:
        SELECT ("reminders"."id" << "reminders"."id") FROM "reminders"
      PostgreSQL:
        SELECT CASE WHEN ("reminders"."id" >= $1) THEN ("reminders"."id" * $2) WHEN ("reminders"."id" >= $2) THEN ("reminders"."id" << CAST("reminders"."id" AS integer)) WHEN ("reminders"."id" > $3) THEN ("reminders"."id" >> CAST((-"reminders"."id") AS integer)) WHEN ("reminders"."id" IS NOT NULL) THEN ("reminders"."id" >> CAST($4 AS integer)) END FROM "reminders"
        bindings: int(64), int(0), int(-64), int(63)
      MySQL:
        error: MariaDB 10.11 does not support a shift by an amount computed in SQL
      """
    }
  }

  @Test func offsetWithoutLimit() {
    assertSQLWithMySQL(Reminder.select(\.id).order(by: \.id).offset(3)) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT -1 OFFSET ?1
        bindings: int(3)
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" OFFSET $1
        bindings: int(3)
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` ORDER BY `reminders`.`id` LIMIT 18446744073709551615 OFFSET ?
        bindings: int(3)
      """
    }
  }

  @Test func nullsPlacementOnlyWhereItDiffers() {
    assertSQLWithMySQL(
      Reminder.order { ($0.priority.asc(nulls: .last), $0.priority.desc(nulls: .first), $0.priority, $0.id.desc()) }
        .select(\.id)
    ) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."priority" NULLS LAST, "reminders"."priority" DESC NULLS FIRST, "reminders"."priority", "reminders"."id" DESC
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."priority", "reminders"."priority" DESC, "reminders"."priority" NULLS FIRST, "reminders"."id" DESC
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` ORDER BY (`reminders`.`priority` IS NULL), `reminders`.`priority`, (`reminders`.`priority` IS NULL) DESC, `reminders`.`priority` DESC, `reminders`.`priority`, `reminders`.`id` DESC
      """
    }
  }

  @Test func nullSafeComparison() {
    assertSQLWithMySQL(Reminder.where { $0.priority.is(nil) || $0.priority.isNot(2) }.select(\.id)) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."priority" IS NULL) OR ("reminders"."priority" IS NOT ?1))
        bindings: int(2)
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."priority" IS NULL) OR ("reminders"."priority" IS DISTINCT FROM $1))
        bindings: int(2)
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` WHERE ((`reminders`.`priority` IS NULL) OR (NOT (`reminders`.`priority` <=> ?)))
        bindings: int(2)
      """
    }
  }

  /// Between two columns, `<=>` is compared with 1 or 0: MariaDB merges a bare one with an
  /// equality of the same columns elsewhere in the query, and then matches two `NULL`s.
  @Test func nullSafeComparisonOfTwoColumns() {
    assertSQLWithMySQL(Reminder.where { $0.priority.is($0.priority) || $0.priority.isNot($0.priority) }.select(\.id)) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."priority" IS "reminders"."priority") OR ("reminders"."priority" IS NOT "reminders"."priority"))
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."priority" IS NOT DISTINCT FROM "reminders"."priority") OR ("reminders"."priority" IS DISTINCT FROM "reminders"."priority"))
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` WHERE (((`reminders`.`priority` <=> `reminders`.`priority`) = 1) OR ((`reminders`.`priority` <=> `reminders`.`priority`) = 0))
      """
    }
  }

  /// The same value in two places is bound twice: MySQL's `?` has no number.
  @Test func aValueUsedTwice() {
    assertSQLWithMySQL(Reminder.where { $0.priority == 2 || $0.remindersListID == 2 }.select(\.id)) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."priority" = ?1) OR ("reminders"."remindersListID" = ?1))
        bindings: int(2)
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."priority" = $1) OR ("reminders"."remindersListID" = $1))
        bindings: int(2)
      MySQL:
        SELECT `reminders`.`id` FROM `reminders` WHERE ((`reminders`.`priority` = ?) OR (`reminders`.`remindersListID` = ?))
        bindings: int(2), int(2)
      """
    }
  }

  @Test func joins() {
    assertSQLWithMySQL(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
        .leftJoin(ReminderTag.all) { $0.id == $2.reminderID }
        .where { _, list, _ in list.title == "Home" }
        .select { ($0.title, $1.title, $2.tagID) }
    ) {
      """
      SQLite:
        SELECT "reminders"."title", "remindersLists"."title", "remindersTags"."tagID" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") LEFT JOIN "remindersTags" ON ("reminders"."id" = "remindersTags"."reminderID") WHERE ("remindersLists"."title" = ?1)
        bindings: text("Home")
      PostgreSQL:
        SELECT "reminders"."title", "remindersLists"."title", "remindersTags"."tagID" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") LEFT JOIN "remindersTags" ON ("reminders"."id" = "remindersTags"."reminderID") WHERE ("remindersLists"."title" = $1)
        bindings: text("Home")
      MySQL:
        SELECT `reminders`.`title`, `remindersLists`.`title`, `remindersTags`.`tagID` FROM `reminders` JOIN `remindersLists` ON (`reminders`.`remindersListID` = `remindersLists`.`id`) LEFT JOIN `remindersTags` ON (`reminders`.`id` = `remindersTags`.`reminderID`) WHERE (`remindersLists`.`title` = ?)
        bindings: text("Home")
      """
    }
  }

  @Test func fullJoinIsRefused() {
    assertSQLWithMySQL(RemindersList.fullJoin(Reminder.all) { $0.id == $1.remindersListID }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "remindersLists" FULL JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "remindersLists" FULL JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      MySQL:
        error: MariaDB 10.11 does not support FULL JOIN
      """
    }
  }

  @Test func groupByHavingAndAggregates() {
    assertSQLWithMySQL(
      Reminder.group(by: \.remindersListID)
        .having { $0.id.count() > 1 }
        .select { ($0.remindersListID, $0.id.count(), $0.priority.sum(), $0.priority.avg(), $0.priority.min(), $0.title.max()) }
    ) {
      """
      SQLite:
        SELECT "reminders"."remindersListID", count("reminders"."id"), sum("reminders"."priority"), (CAST(sum("reminders"."priority") AS REAL) / count("reminders"."priority")), min("reminders"."priority"), max("reminders"."title") FROM "reminders" GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > ?1)
        bindings: int(1)
      PostgreSQL:
        SELECT "reminders"."remindersListID", count("reminders"."id"), CAST(sum("reminders"."priority") AS bigint), (CAST(CAST(sum("reminders"."priority") AS bigint) AS double precision) / count("reminders"."priority")), min("reminders"."priority"), max("reminders"."title") FROM "reminders" GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > $1)
        bindings: int(1)
      MySQL:
        SELECT `reminders`.`remindersListID`, count(`reminders`.`id`), CASE WHEN sum(`reminders`.`priority`) > 9223372036854775807 THEN CAST(sum(`reminders`.`priority`) AS SIGNED) + 1 WHEN sum(`reminders`.`priority`) < -9223372036854775808 THEN CAST(sum(`reminders`.`priority`) AS SIGNED) - 1 ELSE CAST(sum(`reminders`.`priority`) AS SIGNED) END, (CAST(CASE WHEN sum(`reminders`.`priority`) > 9223372036854775807 THEN CAST(sum(`reminders`.`priority`) AS SIGNED) + 1 WHEN sum(`reminders`.`priority`) < -9223372036854775808 THEN CAST(sum(`reminders`.`priority`) AS SIGNED) - 1 ELSE CAST(sum(`reminders`.`priority`) AS SIGNED) END AS DOUBLE) / count(`reminders`.`priority`)), min(`reminders`.`priority`), max(`reminders`.`title`) FROM `reminders` GROUP BY `reminders`.`remindersListID` HAVING (count(`reminders`.`id`) > ?)
        bindings: int(1)
      """
    }
  }

  @Test func aggregateFiltersAndStringAggregates() {
    assertSQLWithMySQL(
      Reminder.select { ($0.id.count(filter: $0.isCompleted), $0.title.groupConcat(", ", filter: !$0.isCompleted)) }
    ) {
      """
      SQLite:
        SELECT count("reminders"."id") FILTER (WHERE "reminders"."isCompleted"), group_concat("reminders"."title", ?1) FILTER (WHERE (NOT "reminders"."isCompleted")) FROM "reminders"
        bindings: text(", ")
      PostgreSQL:
        SELECT count("reminders"."id") FILTER (WHERE "reminders"."isCompleted"), string_agg(CAST("reminders"."title" AS text), $1) FILTER (WHERE (NOT "reminders"."isCompleted")) FROM "reminders"
        bindings: text(", ")
      MySQL:
        SELECT count(CASE WHEN `reminders`.`isCompleted` THEN `reminders`.`id` END), GROUP_CONCAT(CAST(CASE WHEN (NOT `reminders`.`isCompleted`) THEN `reminders`.`title` END AS CHAR) SEPARATOR ', ') FROM `reminders`
      """
    }
    assertSQLWithMySQL(Reminder.select { $0.title.groupConcat(distinct: true) }) {
      """
      SQLite:
        SELECT group_concat(DISTINCT "reminders"."title") FROM "reminders"
      PostgreSQL:
        SELECT string_agg(DISTINCT CAST("reminders"."title" AS text), $1) FROM "reminders"
        bindings: text(",")
      MySQL:
        SELECT GROUP_CONCAT(DISTINCT CAST(`reminders`.`title` AS CHAR) SEPARATOR ',') FROM `reminders`
      """
    }
  }

  @Test func insertSeveralRows() {
    assertSQLWithMySQL(
      Reminder.insert {
        Reminder.Draft(title: "Milk", remindersListID: 1)
        Reminder.Draft(title: "Eggs", isCompleted: true, priority: 2, remindersListID: 1)
      }
    ) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4), (?5, ?6, ?7, ?4)
        bindings: text("Milk"), bool(false), NULL, int(1), text("Eggs"), bool(true), int(2)
      PostgreSQL:
        INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, NULL, $3), ($4, $5, $6, $3)
        bindings: text("Milk"), bool(false), int(1), text("Eggs"), bool(true), int(2)
      MySQL:
        INSERT INTO `reminders` (`title`, `isCompleted`, `priority`, `remindersListID`) VALUES (?, ?, ?, ?), (?, ?, ?, ?)
        bindings: text("Milk"), bool(false), NULL, int(1), text("Eggs"), bool(true), int(2), int(1)
      """
    }
  }

  @Test func insertOfOnlyDefaults() {
    assertSQLWithMySQL(Reminder.insert().returning { $0.id }) {
      """
      SQLite:
        INSERT INTO "reminders" DEFAULT VALUES RETURNING "reminders"."id"
      PostgreSQL:
        INSERT INTO "reminders" DEFAULT VALUES RETURNING "reminders"."id"
      MySQL:
        INSERT INTO `reminders` () VALUES () RETURNING `reminders`.`id`
      """
    }
  }

  @Test func updateAndDelete() {
    assertSQLWithMySQL(
      Reminder.where { $0.remindersListID == 1 }.update { reminder in
        reminder.isCompleted = !reminder.isCompleted
        reminder.title = reminder.title + "!"
      }
    ) {
      """
      SQLite:
        UPDATE "reminders" SET "isCompleted" = (NOT "reminders"."isCompleted"), "title" = ("reminders"."title" || ?1) WHERE ("reminders"."remindersListID" = ?2)
        bindings: text("!"), int(1)
      PostgreSQL:
        UPDATE "reminders" SET "isCompleted" = (NOT "reminders"."isCompleted"), "title" = ("reminders"."title" || $1) WHERE ("reminders"."remindersListID" = $2)
        bindings: text("!"), int(1)
      MySQL:
        UPDATE `reminders` SET `isCompleted` = (NOT `reminders`.`isCompleted`), `title` = CONCAT(`reminders`.`title`, ?) WHERE (`reminders`.`remindersListID` = ?)
        bindings: text("!"), int(1)
      """
    }
    assertSQLWithMySQL(Reminder.where { $0.isCompleted }.delete().returning { $0.id }) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE "reminders"."isCompleted" RETURNING "reminders"."id"
      PostgreSQL:
        DELETE FROM "reminders" WHERE "reminders"."isCompleted" RETURNING "reminders"."id"
      MySQL:
        DELETE FROM `reminders` WHERE `reminders`.`isCompleted` RETURNING `reminders`.`id`
      """
    }
  }

  @Test func updateReturningAndUpsertAreRefused() {
    assertSQLWithMySQL(Reminder.find(1).update { $0.priority = 3 }.returning { $0.id }) {
      """
      SQLite:
        UPDATE "reminders" SET "priority" = ?1 WHERE ("reminders"."id" = ?2) RETURNING "reminders"."id"
        bindings: int(3), int(1)
      PostgreSQL:
        UPDATE "reminders" SET "priority" = $1 WHERE ("reminders"."id" = $2) RETURNING "reminders"."id"
        bindings: int(3), int(1)
      MySQL:
        error: MariaDB 10.11 does not support UPDATE … RETURNING
      """
    }
  }

  /// StructuredQueries' upsert with no conflict target: as it is on SQLite and MariaDB (any
  /// unique key), on PostgreSQL the primary key, and refused there for a table without one.
  @Test func upsertsWithoutAConflictTarget() {
    assertSQLWithMySQL(
      Tag.insert { Tag(id: 1, name: "now") } onConflictDoUpdate: { tag, excluded in
        tag.name = excluded.name + "!"
      } where: { tag, _ in
        tag.id == 2
      }
    ) {
      """
      SQLite:
        INSERT INTO "tags" ("id", "name") VALUES (?1, ?2) ON CONFLICT DO UPDATE SET "name" = ("excluded"."name" || ?3) WHERE ("tags"."id" = ?4)
        bindings: int(1), text("now"), text("!"), int(2)
      PostgreSQL:
        INSERT INTO "tags" ("id", "name") VALUES ($1, $2) ON CONFLICT ("id") DO UPDATE SET "name" = ("excluded"."name" || $3) WHERE ("tags"."id" = $4)
        bindings: int(1), text("now"), text("!"), int(2)
      MySQL:
        INSERT INTO `tags` (`id`, `name`) VALUES (?, ?) ON DUPLICATE KEY UPDATE `name` = IF((`tags`.`id` = ?), CONCAT(VALUES(`name`), ?), `name`)
        bindings: int(1), text("now"), int(2), text("!")
      """
    }
    assertSQLWithMySQL(
      Tag.insert { $0.name } select: { Reminder.select(\.title) } onConflictDoUpdate: { $0.name += "!" }
    ) {
      """
      SQLite:
        INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE ?1 ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || ?2)
        bindings: bool(true), text("!")
      PostgreSQL:
        INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE $1 ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || $2)
        bindings: bool(true), text("!")
      MySQL:
        INSERT INTO `tags` (`name`) SELECT `reminders`.`title` FROM `reminders` ON DUPLICATE KEY UPDATE `name` = CONCAT(`tags`.`name`, ?)
        bindings: text("!")
      """
    }
    assertSQLWithMySQL(
      ReminderTag.insert { ReminderTag(reminderID: 1, tagID: 2) } onConflictDoUpdate: { $0.tagID = 3 }
    ) {
      """
      SQLite:
        INSERT INTO "remindersTags" ("reminderID", "tagID") VALUES (?1, ?2) ON CONFLICT DO UPDATE SET "tagID" = ?3
        bindings: int(1), int(2), int(3)
      PostgreSQL:
        error: PostgreSQL does not support ON CONFLICT DO UPDATE without a conflict target on a table with no primary key (name the unique columns with onConflict:)
      MySQL:
        INSERT INTO `remindersTags` (`reminderID`, `tagID`) VALUES (?, ?) ON DUPLICATE KEY UPDATE `tagID` = ?
        bindings: int(1), int(2), int(3)
      """
    }
  }

  /// An insert through an alias: the alias names the table in `RETURNING` and in an upsert's
  /// update; MariaDB's `INSERT` has no alias, so it is refused there. A query that narrows the
  /// table takes no insert.
  @Test func insertUnderAnAlias() {
    enum R: AliasName {}
    assertSQLWithMySQL(
      Tag.as(R.self).insert { $0.name } values: { "new" }
        .onConflict { $0.name } doUpdate: { tag, excluded in tag.name = tag.name + excluded.name }
        .returning(\.id)
    ) {
      """
      SQLite:
        INSERT INTO "tags" AS "rs" ("name") VALUES (?1) ON CONFLICT ("name") DO UPDATE SET "name" = ("rs"."name" || "excluded"."name") RETURNING "tags"."id"
        bindings: text("new")
      PostgreSQL:
        INSERT INTO "tags" AS "rs" ("name") VALUES ($1) ON CONFLICT ("name") DO UPDATE SET "name" = ("rs"."name" || "excluded"."name") RETURNING "rs"."id"
        bindings: text("new")
      MySQL:
        error: MariaDB 10.11 does not support an alias on INSERT (insert into the table by its name)
      """
    }
    assertSQLWithMySQL(Tag.where { $0.id > 1 }.insert { Tag(id: 5, name: "five") }) {
      """
      SQLite:
        error: an insert into tags through a query that narrows its rows: insert into the table or its alias
      PostgreSQL:
        error: an insert into tags through a query that narrows its rows: insert into the table or its alias
      MySQL:
        error: an insert into tags through a query that narrows its rows: insert into the table or its alias
      """
    }
  }

  /// A row of a table's `Columns(…)`, made of expressions, inserted as its values.
  @Test func insertOfARowOfExpressions() {
    assertSQLWithMySQL(
      Tag.insert { Tag.Columns(id: #sql("40 + 2"), name: #sql("upper('x')")) }
    ) {
      """
      SQLite:
        INSERT INTO "tags" ("id", "name") VALUES (40 + 2, upper('x'))
      PostgreSQL:
        INSERT INTO "tags" ("id", "name") VALUES (40 + 2, upper('x'))
      MySQL:
        INSERT INTO `tags` (`id`, `name`) VALUES (40 + 2, upper('x'))
      """
    }
  }

  /// An upsert is `ON DUPLICATE KEY UPDATE` on MariaDB: each assignment made only when the
  /// existing row has the target's values (the conflict SQLite and PostgreSQL act on) and the
  /// update's condition holds; the proposed row is `VALUES(…)`; `DO NOTHING` assigns a column
  /// to itself; `RETURNING` comes last, refused where the server would return a skipped row;
  /// MySQL's refusal names it.
  @Test func upserts() {
    assertSQLWithMySQL(
      Tag.insert { Tag.Draft(name: "urgent") }.onConflict { $0.name } doUpdate: { tag, excluded in tag.name = excluded.name + "!" }
    ) {
      """
      SQLite:
        INSERT INTO "tags" ("name") VALUES (?1) ON CONFLICT ("name") DO UPDATE SET "name" = ("excluded"."name" || ?2)
        bindings: text("urgent"), text("!")
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1) ON CONFLICT ("name") DO UPDATE SET "name" = ("excluded"."name" || $2)
        bindings: text("urgent"), text("!")
      MySQL:
        INSERT INTO `tags` (`name`) VALUES (?) ON DUPLICATE KEY UPDATE `name` = IF((`name` = VALUES(`name`)), CONCAT(VALUES(`name`), ?), `name`)
        bindings: text("urgent"), text("!")
      """
    }
    assertSQLWithMySQL(
      Tag.insert { Tag.Draft(name: "urgent") }
        .onConflict { $0.name } where: { $0.name != "" } doUpdate: { tag, excluded in tag.name = excluded.name + "?" } where: { tag, excluded in
          tag.id > 1 && excluded.name != "x"
        }
    ) {
      """
      SQLite:
        INSERT INTO "tags" ("name") VALUES (?1) ON CONFLICT ("name") WHERE ("tags"."name" <> ?2) DO UPDATE SET "name" = ("excluded"."name" || ?3) WHERE (("tags"."id" > ?4) AND ("excluded"."name" <> ?5))
        bindings: text("urgent"), text(""), text("?"), int(1), text("x")
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1) ON CONFLICT ("name") WHERE ("tags"."name" <> $2) DO UPDATE SET "name" = ("excluded"."name" || $3) WHERE (("tags"."id" > $4) AND ("excluded"."name" <> $5))
        bindings: text("urgent"), text(""), text("?"), int(1), text("x")
      MySQL:
        INSERT INTO `tags` (`name`) VALUES (?) ON DUPLICATE KEY UPDATE `name` = IF(((`name` = VALUES(`name`)) AND ((`tags`.`id` > ?) AND (VALUES(`name`) <> ?))), CONCAT(VALUES(`name`), ?), `name`)
        bindings: text("urgent"), int(1), text("x"), text("?")
      """
    }
    assertSQLWithMySQL(
      Tag.insert { Tag.Draft(name: "new") }.onConflict { $0.name } doUpdate: { tag, _ in tag.name = tag.name + "!" }.returning(\.id)
    ) {
      """
      SQLite:
        INSERT INTO "tags" ("name") VALUES (?1) ON CONFLICT ("name") DO UPDATE SET "name" = ("tags"."name" || ?2) RETURNING "tags"."id"
        bindings: text("new"), text("!")
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1) ON CONFLICT ("name") DO UPDATE SET "name" = ("tags"."name" || $2) RETURNING "tags"."id"
        bindings: text("new"), text("!")
      MySQL:
        INSERT INTO `tags` (`name`) VALUES (?) ON DUPLICATE KEY UPDATE `name` = IF((`name` = VALUES(`name`)), CONCAT(`tags`.`name`, ?), `name`) RETURNING `tags`.`id`
        bindings: text("new"), text("!")
      """
    }
    assertSQLWithMySQL(Tag.insert { Tag.Draft(name: "new") }.onConflictDoNothing { $0.name }.returning { $0.id }) {
      """
      SQLite:
        INSERT INTO "tags" ("name") VALUES (?1) ON CONFLICT ("name") DO NOTHING RETURNING "tags"."id"
        bindings: text("new")
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1) ON CONFLICT ("name") DO NOTHING RETURNING "tags"."id"
        bindings: text("new")
      MySQL:
        error: MariaDB 10.11 does not support RETURNING on an upsert that can skip a row (the server returns skipped rows too)
      """
    }
    assertSQLWithMySQL(
      Reminder.upsert {
        Reminder(id: 1, title: "Groceries, again", priority: 1, remindersListID: 2)
        Reminder(id: 50, title: "Fresh", remindersListID: 1)
      }
    ) {
      """
      SQLite:
        INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?1, ?4), (?5, ?6, ?3, ?7, ?1) ON CONFLICT ("id") DO UPDATE SET "title" = "excluded"."title", "isCompleted" = "excluded"."isCompleted", "priority" = "excluded"."priority", "remindersListID" = "excluded"."remindersListID"
        bindings: int(1), text("Groceries, again"), bool(false), int(2), int(50), text("Fresh"), NULL
      PostgreSQL:
        INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, $3, $1, $4), ($5, $6, $3, NULL, $1) ON CONFLICT ("id") DO UPDATE SET "title" = "excluded"."title", "isCompleted" = "excluded"."isCompleted", "priority" = "excluded"."priority", "remindersListID" = "excluded"."remindersListID"
        bindings: int(1), text("Groceries, again"), bool(false), int(2), int(50), text("Fresh")
      MySQL:
        INSERT INTO `reminders` (`id`, `title`, `isCompleted`, `priority`, `remindersListID`) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE `title` = IF((`id` = VALUES(`id`)), VALUES(`title`), `title`), `isCompleted` = IF((`id` = VALUES(`id`)), VALUES(`isCompleted`), `isCompleted`), `priority` = IF((`id` = VALUES(`id`)), VALUES(`priority`), `priority`), `remindersListID` = IF((`id` = VALUES(`id`)), VALUES(`remindersListID`), `remindersListID`)
        bindings: int(1), text("Groceries, again"), bool(false), int(1), int(2), int(50), text("Fresh"), bool(false), NULL, int(1)
      """
    }
    assertSQLWithMySQL(
      Tag.insert { $0.name } select: { Reminder.where { $0.remindersListID == 3 }.select { $0.title } }.onConflictDoNothing { $0.name }
    ) {
      """
      SQLite:
        INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."remindersListID" = ?1) ON CONFLICT ("name") DO NOTHING
        bindings: int(3)
      PostgreSQL:
        INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."remindersListID" = $1) ON CONFLICT ("name") DO NOTHING
        bindings: int(3)
      MySQL:
        INSERT INTO `tags` (`name`) SELECT `reminders`.`title` FROM `reminders` WHERE (`reminders`.`remindersListID` = ?) ON DUPLICATE KEY UPDATE `name` = `name`
        bindings: int(3)
      """
    }
    #expect(throws: DialectError.unsupported(feature: "an upsert on MySQL (ON DUPLICATE KEY UPDATE is written for MariaDB)", dialect: "MySQL 8.0")) {
      try Tag.insert { Tag.Draft(name: "new") }.onConflictDoNothing { $0.name }.render(in: MySQLDialect(server: MySQLServer(.mySQL, major: 8, minor: 0)))
    }
  }

  /// A view the standard way, its values written as literals; MariaDB has no temporary view.
  @Test func views() {
    assertSQLWithMySQL(
      Tag.createView(ifNotExists: true, as: Reminder.where { $0.title != "it's" }.select { ($0.id, $0.title) })
    ) {
      """
      SQLite:
        CREATE VIEW IF NOT EXISTS "tags" ("id", "name") AS SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE ("reminders"."title" <> 'it''s')
      PostgreSQL:
        error: PostgreSQL does not support CREATE VIEW IF NOT EXISTS
      MySQL:
        CREATE VIEW IF NOT EXISTS `tags` (`id`, `name`) AS SELECT `reminders`.`id`, `reminders`.`title` FROM `reminders` WHERE (`reminders`.`title` <> 'it''s')
      """
    }
    assertSQLWithMySQL(Tag.createTemporaryView(as: Reminder.select { ($0.id, $0.title) })) {
      """
      SQLite:
        CREATE TEMPORARY VIEW "tags" ("id", "name") AS SELECT "reminders"."id", "reminders"."title" FROM "reminders"
      PostgreSQL:
        CREATE TEMPORARY VIEW "tags" ("id", "name") AS SELECT "reminders"."id", "reminders"."title" FROM "reminders"
      MySQL:
        error: MariaDB 10.11 does not support CREATE TEMPORARY VIEW
      """
    }
  }

  /// Full-text search is `MATCH … AGAINST` over a `FULLTEXT` index, MariaDB's and MySQL's own:
  /// SQLite and PostgreSQL refuse it by name. A computed value is no index's column.
  @Test func fullTextSearch() {
    let words = FullTextQuery.naturalLanguage("milk")
    assertSQLWithMySQL(
      Reminder.where { fullTextMatch($0.title, against: .boolean("+milk -eggs")) }
        .order { fullTextRelevance($0.title, matching: words).desc() }.select { ($0.id, $0.title.relevance(matching: words)) }
    ) {
      """
      SQLite:
        error: SQLite 3.40.1 does not support MATCH … AGAINST relevance
      PostgreSQL:
        error: PostgreSQL does not support MATCH … AGAINST relevance
      MySQL:
        SELECT `reminders`.`id`, MATCH (`reminders`.`title`) AGAINST (? IN NATURAL LANGUAGE MODE) FROM `reminders` WHERE (MATCH (`reminders`.`title`) AGAINST (? IN BOOLEAN MODE) > 0) ORDER BY MATCH (`reminders`.`title`) AGAINST (? IN NATURAL LANGUAGE MODE) DESC
        bindings: text("milk"), text("+milk -eggs"), text("milk")
      """
    }
    #expect(throws: DialectError.invalidStatement("MATCH … AGAINST searches columns of a FULLTEXT index, not computed values")) {
      try Reminder.where { ($0.title + "!").matches(words) }.render(in: MySQLDialect.mysql)
    }
  }

  /// What the server's flavour and version decide: `RETURNING` from MariaDB 10.5, never on
  /// MySQL; `CREATE VIEW IF NOT EXISTS` on MariaDB only.
  @Test func featuresGatedOnFlavourAndVersion() throws {
    let mySQL = MySQLDialect(server: MySQLServer(.mySQL, major: 8, minor: 0))
    let oldMariaDB = MySQLDialect(server: MySQLServer(.mariaDB, major: 10, minor: 4))
    let deletion = Reminder.where { $0.isCompleted }.delete().returning { $0.id }
    #expect(try deletion.render(in: MySQLDialect.mysql).sql.hasSuffix(" RETURNING `reminders`.`id`"))
    #expect(throws: DialectError.unsupported(feature: "RETURNING", dialect: "MySQL 8.0")) { try deletion.render(in: mySQL) }
    #expect(throws: DialectError.unsupported(feature: "RETURNING", dialect: "MariaDB 10.4")) { try deletion.render(in: oldMariaDB) }
    let view = Tag.createView(ifNotExists: true, as: Reminder.select { ($0.id, $0.title) })
    #expect(throws: DialectError.unsupported(feature: "CREATE VIEW IF NOT EXISTS", dialect: "MySQL 8.0")) { try view.render(in: mySQL) }
    #expect(MySQLServer(versionString: "10.11.19-MariaDB-0+deb12u1") == .mariaDB10_11)
    #expect(MySQLServer(versionString: "8.0.36") == MySQLServer(.mySQL, major: 8, minor: 0))
    #expect(MySQLServer(versionString: "unknown") == nil)
  }

  @Table struct Measurement {
    let id: Int
    var takenAt: Date
    var isValid: Bool
  }

  /// Dates are bound as instants (`DATETIME(6)` in UTC), booleans as `TINYINT(1)`'s 0 and 1.
  @Test func datesAndBooleansAreBound() {
    let date = Date(timeIntervalSince1970: 1_700_000_000.5)
    assertSQLWithMySQL(Measurement.where { $0.takenAt < date && $0.isValid == true }.select(\.id)) {
      """
      SQLite:
        SELECT "measurements"."id" FROM "measurements" WHERE (("measurements"."takenAt" < ?1) AND ("measurements"."isValid" = ?2))
        bindings: date(2023-11-14 22:13:20.500), bool(true)
      PostgreSQL:
        SELECT "measurements"."id" FROM "measurements" WHERE (("measurements"."takenAt" < $1) AND ("measurements"."isValid" = $2))
        bindings: date(2023-11-14 22:13:20.500), bool(true)
      MySQL:
        SELECT `measurements`.`id` FROM `measurements` WHERE ((`measurements`.`takenAt` < ?) AND (`measurements`.`isValid` = ?))
        bindings: date(2023-11-14 22:13:20.500), bool(true)
      """
    }
    assertSQLWithMySQL(Measurement.insert { Measurement.Draft(takenAt: date, isValid: false) }) {
      """
      SQLite:
        INSERT INTO "measurements" ("takenAt", "isValid") VALUES (?1, ?2)
        bindings: date(2023-11-14 22:13:20.500), bool(false)
      PostgreSQL:
        INSERT INTO "measurements" ("takenAt", "isValid") VALUES ($1, $2)
        bindings: date(2023-11-14 22:13:20.500), bool(false)
      MySQL:
        INSERT INTO `measurements` (`takenAt`, `isValid`) VALUES (?, ?)
        bindings: date(2023-11-14 22:13:20.500), bool(false)
      """
    }
  }

  /// A bound integer alone as a `GROUP BY` or `ORDER BY` term is a constant on SQLite and
  /// PostgreSQL but a column's position on MySQL and MariaDB: there it is wrapped so that it
  /// stays the constant (a prepared statement's argument too, whose type is not known yet).
  @Test func boundIntegersInGroupAndOrderStayConstants() {
    let two = SQLQueryExpression<Int>(node: .binding(.int(2)))
    let flag = SQLQueryExpression<Bool>(node: .binding(.bool(true)))
    let query = Reminder.group { _ in two }.order { _ in (flag, two.desc()) }.order(by: \.id).select { ($0.id.count(), two) }
    assertSQLWithMySQL(query) {
      """
      SQLite:
        SELECT count("reminders"."id"), ?1 FROM "reminders" GROUP BY ?1 ORDER BY ?2, ?1 DESC, "reminders"."id"
        bindings: int(2), bool(true)
      PostgreSQL:
        SELECT count("reminders"."id"), $1 FROM "reminders" GROUP BY $1 ORDER BY $2, $1 DESC, "reminders"."id"
        bindings: int(2), bool(true)
      MySQL:
        SELECT count(`reminders`.`id`), ? FROM `reminders` GROUP BY COALESCE(?) ORDER BY COALESCE(?), COALESCE(?) DESC, `reminders`.`id`
        bindings: int(2), int(2), bool(true), int(2)
      """
    }
  }

  /// A difference of two expressions is checked on MySQL and MariaDB, whose `0 - b` gives -2^63
  /// for a `b` of -2^63 without a word; the branch kept for that `b` comes to `a` for any other
  /// `b`, so that it cannot fail where the server computes it untaken. A bound subtrahend other
  /// than -2^63 needs no check.
  @Test func subtractionsPast64BitsFail() {
    assertSQLWithMySQL(Reminder.select { ($0.id - $0.remindersListID, $0.id - 1) }) {
      """
      SQLite:
        SELECT ("reminders"."id" - "reminders"."remindersListID"), ("reminders"."id" - ?1) FROM "reminders"
        bindings: int(1)
      PostgreSQL:
        SELECT ("reminders"."id" - "reminders"."remindersListID"), ("reminders"."id" - $1) FROM "reminders"
        bindings: int(1)
      MySQL:
        SELECT CASE WHEN `reminders`.`remindersListID` = -9223372036854775808 THEN ((`reminders`.`id` + 9223372036854775807 * (`reminders`.`remindersListID` = -9223372036854775808)) + (`reminders`.`remindersListID` = -9223372036854775808)) ELSE (`reminders`.`id` - `reminders`.`remindersListID`) END, (`reminders`.`id` - ?) FROM `reminders`
        bindings: int(1)
      """
    }
  }

  /// A write of the rows a limited or compound select picks joins their keys as a derived table
  /// on MySQL and MariaDB (found through the primary key, where MariaDB 10.11 scans for an `IN`
  /// subquery in a write, and refuses one with `LIMIT`, 1235). A select the server could merge
  /// into the write (here a `DISTINCT` of the key, dropped as it changes nothing) keeps the `IN`,
  /// and so does a delete that returns rows, which a `DELETE` of a join cannot.
  @Test func writesOfComputedSelectionsJoinTheirKeys() {
    let limitedUpdate = Reminder.order { $0.id }.limit(1).update { $0.isCompleted = true }
    assertSQLWithMySQL(limitedUpdate) {
      """
      SQLite:
        UPDATE "reminders" SET "isCompleted" = ?1 WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT ?2))
        bindings: bool(true), int(1)
      PostgreSQL:
        UPDATE "reminders" SET "isCompleted" = $1 WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT 1))
        bindings: bool(true)
      MySQL:
        UPDATE `reminders` JOIN (SELECT `reminders`.`id` FROM `reminders` ORDER BY `reminders`.`id` LIMIT ?) AS `typedsql_keys` ON `reminders`.`id` = `typedsql_keys`.`id` SET `reminders`.`isCompleted` = ?
        bindings: int(1), bool(true)
      """
    }
    let distinctDelete = Reminder.where { $0.priority != nil }.distinct().delete()
    assertSQLWithMySQL(distinctDelete) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."priority" IS NOT NULL)))
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."priority" IS NOT NULL)))
      MySQL:
        DELETE FROM `reminders` WHERE (`reminders`.`id` IN (SELECT `reminders`.`id` FROM `reminders` WHERE (`reminders`.`priority` IS NOT NULL)))
      """
    }
    let compoundDelete = Reminder.where { $0.id == 1 }.union(Reminder.where { $0.id == 5 }).delete()
    assertSQLWithMySQL(compoundDelete) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."id" = ?1) UNION SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."id" = ?2)))
        bindings: int(1), int(5)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."id" = $1) UNION SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."id" = $2)))
        bindings: int(1), int(5)
      MySQL:
        DELETE `reminders` FROM `reminders` JOIN (SELECT `reminders`.`id` FROM `reminders` WHERE (`reminders`.`id` = ?) UNION SELECT `reminders`.`id` FROM `reminders` WHERE (`reminders`.`id` = ?)) AS `typedsql_keys` ON `reminders`.`id` = `typedsql_keys`.`id`
        bindings: int(1), int(5)
      """
    }
    let returningDelete = Reminder.order { $0.id }.limit(2, offset: 1).delete().returning(\.id)
    assertSQLWithMySQL(returningDelete) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT ?1 OFFSET ?2)) RETURNING "reminders"."id"
        bindings: int(2), int(1)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT 2 OFFSET $1)) RETURNING "reminders"."id"
        bindings: int(1)
      MySQL:
        DELETE FROM `reminders` WHERE (`reminders`.`id` IN (SELECT * FROM (SELECT `reminders`.`id` FROM `reminders` ORDER BY `reminders`.`id` LIMIT ? OFFSET ?) AS `typedsql_in`)) RETURNING `reminders`.`id`
        bindings: int(2), int(1)
      """
    }
  }

  /// A write of the first rows of a table without a primary key takes the select's own
  /// `WHERE`, `ORDER BY` and `LIMIT` on MySQL and MariaDB, which have no row identity; one with
  /// an offset, which the server's writes do not take, is refused by name.
  @Test func writesOfFirstRowsWithoutAKeyTakeTheSelectsClauses() {
    let delete = ReminderTag.where { $0.reminderID == 1 }.limit(1).delete()
    assertSQLWithMySQL(delete) {
      """
      SQLite:
        DELETE FROM "remindersTags" WHERE ("remindersTags".rowid IN (SELECT "remindersTags".rowid FROM "remindersTags" WHERE ("remindersTags"."reminderID" = ?1) LIMIT ?1))
        bindings: int(1)
      PostgreSQL:
        DELETE FROM "remindersTags" WHERE ("remindersTags".ctid IN (SELECT "remindersTags".ctid FROM "remindersTags" WHERE ("remindersTags"."reminderID" = $1) LIMIT 1))
        bindings: int(1)
      MySQL:
        DELETE FROM `remindersTags` WHERE (`remindersTags`.`reminderID` = ?) LIMIT ?
        bindings: int(1), int(1)
      """
    }
    let update = ReminderTag.order { $0.reminderID.desc() }.limit(1).update { $0.tagID = 2 }
    assertSQLWithMySQL(update) {
      """
      SQLite:
        UPDATE "remindersTags" SET "tagID" = ?1 WHERE ("remindersTags".rowid IN (SELECT "remindersTags".rowid FROM "remindersTags" ORDER BY "remindersTags"."reminderID" DESC LIMIT ?2))
        bindings: int(2), int(1)
      PostgreSQL:
        UPDATE "remindersTags" SET "tagID" = $1 WHERE ("remindersTags".ctid IN (SELECT "remindersTags".ctid FROM "remindersTags" ORDER BY "remindersTags"."reminderID" DESC LIMIT 1))
        bindings: int(2)
      MySQL:
        UPDATE `remindersTags` SET `tagID` = ? ORDER BY `remindersTags`.`reminderID` DESC LIMIT ?
        bindings: int(2), int(1)
      """
    }
    let skipping = ReminderTag.order { $0.reminderID }.limit(1, offset: 1).delete()
    assertSQLWithMySQL(skipping) {
      """
      SQLite:
        DELETE FROM "remindersTags" WHERE ("remindersTags".rowid IN (SELECT "remindersTags".rowid FROM "remindersTags" ORDER BY "remindersTags"."reminderID" LIMIT ?1 OFFSET ?1))
        bindings: int(1)
      PostgreSQL:
        DELETE FROM "remindersTags" WHERE ("remindersTags".ctid IN (SELECT "remindersTags".ctid FROM "remindersTags" ORDER BY "remindersTags"."reminderID" LIMIT 1 OFFSET $1))
        bindings: int(1)
      MySQL:
        error: MariaDB 10.11 does not support a row identity (rowid)
      """
    }
  }

  /// An `IN` of a limited subquery reads it as a derived table on MySQL and MariaDB, which
  /// refuse `LIMIT` in an `IN` subquery (1235).
  @Test func limitedSubqueriesInMembershipAreDerivedTables() {
    let firstTwo = Reminder.order { $0.id }.limit(2).select { $0.id }
    let query = Reminder.where { $0.id.in(firstTwo) }.select { $0.title }
    assertSQLWithMySQL(query) {
      """
      SQLite:
        SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT ?1))
        bindings: int(2)
      PostgreSQL:
        SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT 2))
      MySQL:
        SELECT `reminders`.`title` FROM `reminders` WHERE (`reminders`.`id` IN (SELECT * FROM (SELECT `reminders`.`id` FROM `reminders` ORDER BY `reminders`.`id` LIMIT ?) AS `typedsql_in`))
        bindings: int(2)
      """
    }
  }

  /// Integers past the 65,535 placeholders a statement takes on MySQL and MariaDB go as one
  /// JSON array read by `JSON_TABLE`, `NULL` kept; other values bind one each and a list past
  /// the limit is refused before anything runs.
  @Test func integerListsPastThePlaceholderLimitAreOneJSONArray() throws {
    let priorities: [Int?] = Array(1...65_536) + [nil]
    let rendered = try Reminder.where { $0.priority.notIn(priorities) }.select { $0.id }.render(in: .mysql)
    let array = "[" + (1...65_536).map(String.init).joined(separator: ",") + ",null]"
    #expect(rendered.sql == """
      SELECT `reminders`.`id` FROM `reminders` WHERE (`reminders`.`priority` NOT IN (SELECT `value` FROM \
      JSON_TABLE(?, '$[*]' COLUMNS (`value` BIGINT PATH '$')) AS `typedsql_list`))
      """)
    #expect(rendered.bindings == [.text(array)])

    let titles = (1...65_536).map { "t\($0)" }
    #expect(throws: DialectError.tooManyBindings(count: 65_536, limit: 65_535, dialect: "MariaDB 10.11")) {
      try Reminder.where { $0.title.in(titles) }.render(in: .mysql)
    }
    let limit: [Int?] = Array(1...65_535)
    let atTheLimit = try Reminder.where { $0.priority.in(limit) }.select { $0.id }.render(in: .mysql)
    #expect(atTheLimit.bindings.count == 65_535)
  }
}
