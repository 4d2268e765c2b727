import Testing
import TypedSQL

@Suite struct JoinRenderingTests {
  /// `map` of an outer join's optional side: `NULL` when the side is absent (every column
  /// `NULL`), an aggregate counting only the rows where it is present.
  @Test func mapOfAnOuterJoinsOptionalSide() {
    assertSQL(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
        .select { ($0.title, $1.map { $0.title.upper() }) }
    ) {
      """
      SQLite:
        SELECT "remindersLists"."title", CASE WHEN ((((("reminders"."id" IS NULL) AND ("reminders"."title" IS NULL)) AND ("reminders"."isCompleted" IS NULL)) AND ("reminders"."priority" IS NULL)) AND ("reminders"."remindersListID" IS NULL)) THEN ?1 ELSE upper("reminders"."title") END FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
        bindings: NULL
      PostgreSQL:
        SELECT "remindersLists"."title", CASE WHEN ((((("reminders"."id" IS NULL) AND ("reminders"."title" IS NULL)) AND ("reminders"."isCompleted" IS NULL)) AND ("reminders"."priority" IS NULL)) AND ("reminders"."remindersListID" IS NULL)) THEN NULL ELSE upper("reminders"."title" COLLATE "C") END FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      """
    }
    assertSQL(
      RemindersList.group(by: \.id).leftJoin(Reminder.all) { $0.id == $1.remindersListID }
        .select { ($0.title, $1.map { $0.id.count() }) }
    ) {
      """
      SQLite:
        SELECT "remindersLists"."title", count("reminders"."id") FILTER (WHERE (NOT ((((("reminders"."id" IS NULL) AND ("reminders"."title" IS NULL)) AND ("reminders"."isCompleted" IS NULL)) AND ("reminders"."priority" IS NULL)) AND ("reminders"."remindersListID" IS NULL)))) FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") GROUP BY "remindersLists"."id"
      PostgreSQL:
        SELECT "remindersLists"."title", count("reminders"."id") FILTER (WHERE (NOT ((((("reminders"."id" IS NULL) AND ("reminders"."title" IS NULL)) AND ("reminders"."isCompleted" IS NULL)) AND ("reminders"."priority" IS NULL)) AND ("reminders"."remindersListID" IS NULL)))) FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") GROUP BY "remindersLists"."id"
      """
    }
  }

  @Test func innerJoin() {
    assertSQL(Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID", "remindersLists"."id", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID", "remindersLists"."id", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """
    }
  }

  /// PostgreSQL runs a FULL JOIN only on conditions it can hash or merge: a null-safe equality
  /// among the condition's `AND`s is spelled as one-element arrays there.
  @Test func fullJoinOnANullSafeEquality() {
    assertSQL(Reminder.all.fullJoin(Tag.all) { $0.priority.is($1.id).and($0.id.is($1.id)) }.select { ($0.title, $1.id) }) {
      """
      SQLite:
        SELECT "reminders"."title", "tags"."id" FROM "reminders" FULL JOIN "tags" ON (("reminders"."priority" IS "tags"."id") AND ("reminders"."id" IS "tags"."id"))
      PostgreSQL:
        SELECT "reminders"."title", "tags"."id" FROM "reminders" FULL JOIN "tags" ON ((ARRAY["reminders"."priority"] = ARRAY["tags"."id"]) AND (ARRAY["reminders"."id"] = ARRAY["tags"."id"]))
      """
    }
    assertSQL(Reminder.all.leftJoin(Tag.all) { $0.priority.is($1.id) }.select { ($0.title, $1.id) }) {
      """
      SQLite:
        SELECT "reminders"."title", "tags"."id" FROM "reminders" LEFT JOIN "tags" ON ("reminders"."priority" IS "tags"."id")
      PostgreSQL:
        SELECT "reminders"."title", "tags"."id" FROM "reminders" LEFT JOIN "tags" ON ("reminders"."priority" IS NOT DISTINCT FROM "tags"."id")
      """
    }
  }

  /// A right or full join after a first join makes the tables joined before optional.
  @Test func outerJoinsAfterAJoin() {
    assertSQL(
      Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .rightJoin(Tag.all) { $0.priority.eq($2.id) }
        .select { ($0.title, $1.title, $2.id) }
    ) {
      """
      SQLite:
        SELECT "reminders"."title", "remindersLists"."title", "tags"."id" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") RIGHT JOIN "tags" ON ("reminders"."priority" = "tags"."id")
      PostgreSQL:
        SELECT "reminders"."title", "remindersLists"."title", "tags"."id" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") RIGHT JOIN "tags" ON ("reminders"."priority" = "tags"."id")
      """
    }
    assertSQL(
      Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .leftJoin(Tag.all) { $0.priority.eq($2.id) }
        .fullJoin(ReminderTag.all) { $2.id.eq($3.tagID) }
        .select { ($0.id, $2.id, $3.reminderID) }
    ) {
      """
      SQLite:
        SELECT "reminders"."id", "tags"."id", "remindersTags"."reminderID" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") LEFT JOIN "tags" ON ("reminders"."priority" = "tags"."id") FULL JOIN "remindersTags" ON ("tags"."id" = "remindersTags"."tagID")
      PostgreSQL:
        SELECT "reminders"."id", "tags"."id", "remindersTags"."reminderID" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") LEFT JOIN "tags" ON ("reminders"."priority" = "tags"."id") FULL JOIN "remindersTags" ON ("tags"."id" = "remindersTags"."tagID")
      """
    }
  }

  @Test func innerJoinWithSelectedColumns() {
    assertSQL(
      Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .where { reminder, list in !reminder.isCompleted && list.title == "Home" }
        .select { ($0.title, $1.title) }
    ) {
      """
      SQLite:
        SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") WHERE ((NOT "reminders"."isCompleted") AND ("remindersLists"."title" = ?1))
        bindings: text("Home")
      PostgreSQL:
        SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") WHERE ((NOT "reminders"."isCompleted") AND ("remindersLists"."title" = $1))
        bindings: text("Home")
      """
    }
  }

  @Test func leftJoinMakesJoinedColumnsOptional() {
    let query = RemindersList
      .leftJoin(Reminder.all) { $0.id == $1.remindersListID }
      .select { ($0.title, $1.title, $1.priority) }
    let _: Select<(RemindersList.TableColumns, NullableColumns<Reminder.TableColumns>), TupleRow<String, String?, Int?>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT "remindersLists"."title", "reminders"."title", "reminders"."priority" FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      PostgreSQL:
        SELECT "remindersLists"."title", "reminders"."title", "reminders"."priority" FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      """
    }
  }

  @Test func joinedSourceFilterGoesIntoTheOnCondition() {
    assertSQL(
      RemindersList.leftJoin(Reminder.where { !$0.isCompleted }) { $0.id == $1.remindersListID }
    ) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "remindersLists" LEFT JOIN "reminders" ON (("remindersLists"."id" = "reminders"."remindersListID") AND (NOT "reminders"."isCompleted"))
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "remindersLists" LEFT JOIN "reminders" ON (("remindersLists"."id" = "reminders"."remindersListID") AND (NOT "reminders"."isCompleted"))
      """
    }
  }

  @Test func joinedSourceWithLimitIsJoinedAsASubquery() {
    assertSQL(RemindersList.join(Reminder.limit(1)) { $0.id == $1.remindersListID }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "remindersLists" JOIN (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" LIMIT ?1) AS "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
        bindings: int(1)
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "remindersLists" JOIN (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" LIMIT 1) AS "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      """
    }
  }

  @Test func threeAndFourTables() {
    assertSQL(
      Reminder
        .join(RemindersList.all) { $0.remindersListID == $1.id }
        .leftJoin(ReminderTag.all) { r, _, rt in r.id == rt.reminderID }
        .leftJoin(Tag.all) { _, _, rt, tag in rt.tagID == tag.id }
        .where { _, _, _, tag in tag.name == "urgent" }
        .select { ($0.title, $1.title, $3.name) }
    ) {
      """
      SQLite:
        SELECT "reminders"."title", "remindersLists"."title", "tags"."name" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") LEFT JOIN "remindersTags" ON ("reminders"."id" = "remindersTags"."reminderID") LEFT JOIN "tags" ON ("remindersTags"."tagID" = "tags"."id") WHERE ("tags"."name" = ?1)
        bindings: text("urgent")
      PostgreSQL:
        SELECT "reminders"."title", "remindersLists"."title", "tags"."name" FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") LEFT JOIN "remindersTags" ON ("reminders"."id" = "remindersTags"."reminderID") LEFT JOIN "tags" ON ("remindersTags"."tagID" = "tags"."id") WHERE ("tags"."name" = $1)
        bindings: text("urgent")
      """
    }
  }
}
