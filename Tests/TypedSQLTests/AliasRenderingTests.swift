import Testing
import TypedSQL

/// A table under another name: self-joins and subqueries over the outer query's own table.
@Suite struct AliasRenderingTests {
  enum Other: AliasName {}
  enum Parent: AliasName {
    static let aliasName = "parent"
  }

  @Test func aliasNamesAreInflectedLikeTableNames() {
    #expect(Other.aliasName == "others")
    #expect(Parent.aliasName == "parent")
  }

  @Test func selfJoin() {
    assertSQL(Reminder.join(Reminder.as(Other.self)) { $0.remindersListID == $1.remindersListID && $0.id < $1.id }.select { ($0.title, $1.title) }) {
      """
      SQLite:
        SELECT "reminders"."title", "others"."title" FROM "reminders" JOIN "reminders" AS "others" ON (("reminders"."remindersListID" = "others"."remindersListID") AND ("reminders"."id" < "others"."id"))
      PostgreSQL:
        SELECT "reminders"."title", "others"."title" FROM "reminders" JOIN "reminders" AS "others" ON (("reminders"."remindersListID" = "others"."remindersListID") AND ("reminders"."id" < "others"."id"))
      """
    }
    assertSQL(Reminder.leftJoin(Reminder.as(Parent.self).where { $0.isCompleted }) { $0.priority == $1.id }.select { ($0.id, $1.id) }) {
      """
      SQLite:
        SELECT "reminders"."id", "parent"."id" FROM "reminders" LEFT JOIN "reminders" AS "parent" ON (("reminders"."priority" = "parent"."id") AND "parent"."isCompleted")
      PostgreSQL:
        SELECT "reminders"."id", "parent"."id" FROM "reminders" LEFT JOIN "reminders" AS "parent" ON (("reminders"."priority" = "parent"."id") AND "parent"."isCompleted")
      """
    }
  }

  /// StructuredQueries' type of an aliased table as a table: its rows, its columns and its
  /// column handles carry the alias.
  @Test func tableAliasAsATable() {
    assertSQL(
      Reminder.join(TableAlias<Reminder, Other>.all) { $0.remindersListID == $1.remindersListID }
        .where { _, _ in TableAlias<Reminder, Other>.isCompleted }
        .select { reminder, _ in (reminder.id, TableAlias<Reminder, Other>.columns.title) }) {
      """
      SQLite:
        SELECT "reminders"."id", "others"."title" FROM "reminders" JOIN "reminders" AS "others" ON ("reminders"."remindersListID" = "others"."remindersListID") WHERE "others"."isCompleted"
      PostgreSQL:
        SELECT "reminders"."id", "others"."title" FROM "reminders" JOIN "reminders" AS "others" ON ("reminders"."remindersListID" = "others"."remindersListID") WHERE "others"."isCompleted"
      """
    }
    assertSQL(TableAlias<Reminder, Parent>.unscoped.where { $0.id > 1 }) {
      """
      SQLite:
        SELECT "parent"."id", "parent"."title", "parent"."isCompleted", "parent"."priority", "parent"."remindersListID" FROM "reminders" AS "parent" WHERE ("parent"."id" > ?1)
        bindings: int(1)
      PostgreSQL:
        SELECT "parent"."id", "parent"."title", "parent"."isCompleted", "parent"."priority", "parent"."remindersListID" FROM "reminders" AS "parent" WHERE ("parent"."id" > $1)
        bindings: int(1)
      """
    }
  }

  /// StructuredQueries' alias type starting queries and writes: each is the base table's query
  /// under the alias.
  @Test func tableAliasQueryMethods() {
    assertSQL(TableAlias<Reminder, Parent>.find(2).select(\.title)) {
      """
      SQLite:
        SELECT "parent"."title" FROM "reminders" AS "parent" WHERE ("parent"."id" = ?1)
        bindings: int(2)
      PostgreSQL:
        SELECT "parent"."title" FROM "reminders" AS "parent" WHERE ("parent"."id" = $1)
        bindings: int(2)
      """
    }
    assertSQL(TableAlias<Reminder, Parent>.where { $0.isCompleted }.update { $0.priority += 1 }) {
      """
      SQLite:
        UPDATE "reminders" AS "parent" SET "priority" = ("parent"."priority" + ?1) WHERE "parent"."isCompleted"
        bindings: int(1)
      PostgreSQL:
        UPDATE "reminders" AS "parent" SET "priority" = ("parent"."priority" + $1) WHERE "parent"."isCompleted"
        bindings: int(1)
      """
    }
  }

  /// A joined query renamed as a whole: its first table, wherever the query reads it.
  @Test func joinedQueryUnderAnotherName() {
    let renamed = Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
      .where { reminder, _ in reminder.isCompleted }
      .select { ($0.title, $1.title) }
      .as(Other.self)
    assertSQL(renamed) {
      """
      SQLite:
        SELECT "others"."title", "remindersLists"."title" FROM "reminders" AS "others" JOIN "remindersLists" ON ("others"."remindersListID" = "remindersLists"."id") WHERE "others"."isCompleted"
      PostgreSQL:
        SELECT "others"."title", "remindersLists"."title" FROM "reminders" AS "others" JOIN "remindersLists" ON ("others"."remindersListID" = "remindersLists"."id") WHERE "others"."isCompleted"
      """
    }
    let unrenamable = Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
      .select { reminder, _ in Reminder.where { $0.id == reminder.id }.count() }
      .as(Other.self)
    #expect(throws: QueryBindingError.self) { try unrenamable.render(in: .sqlite) }
  }

  @Test func subqueryOverTheOuterQuerysTable() {
    assertSQL(
      Reminder.where { reminder in
        Reminder.as(Other.self).where { $0.remindersListID == reminder.remindersListID && $0.priority > reminder.priority }.notExists()
      }.select { $0.id }) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" WHERE (NOT EXISTS (SELECT "others"."id", "others"."title", "others"."isCompleted", "others"."priority", "others"."remindersListID" FROM "reminders" AS "others" WHERE (("others"."remindersListID" = "reminders"."remindersListID") AND ("others"."priority" > "reminders"."priority"))))
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" WHERE (NOT EXISTS (SELECT "others"."id", "others"."title", "others"."isCompleted", "others"."priority", "others"."remindersListID" FROM "reminders" AS "others" WHERE (("others"."remindersListID" = "reminders"."remindersListID") AND ("others"."priority" > "reminders"."priority"))))
      """
    }
  }

  @Test func aliasedQueriesCountJoinUpdateAndDelete() {
    assertSQL(Reminder.as(Other.self).where { $0.isCompleted }.count()) {
      """
      SQLite:
        SELECT count(*) FROM "reminders" AS "others" WHERE "others"."isCompleted"
      PostgreSQL:
        SELECT count(*) FROM "reminders" AS "others" WHERE "others"."isCompleted"
      """
    }
    assertSQL(RemindersList.join(Reminder.as(Other.self).order { $0.id }.limit(2)) { $0.id == $1.remindersListID }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "others"."id", "others"."title", "others"."isCompleted", "others"."priority", "others"."remindersListID" FROM "remindersLists" JOIN (SELECT "others"."id", "others"."title", "others"."isCompleted", "others"."priority", "others"."remindersListID" FROM "reminders" AS "others" ORDER BY "others"."id" LIMIT ?1) AS "others" ON ("remindersLists"."id" = "others"."remindersListID")
        bindings: int(2)
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "others"."id", "others"."title", "others"."isCompleted", "others"."priority", "others"."remindersListID" FROM "remindersLists" JOIN (SELECT "others"."id", "others"."title", "others"."isCompleted", "others"."priority", "others"."remindersListID" FROM "reminders" AS "others" ORDER BY "others"."id" LIMIT 2) AS "others" ON ("remindersLists"."id" = "others"."remindersListID")
      """
    }
    assertSQL(Reminder.as(Other.self).where { $0.isCompleted }.delete()) {
      """
      SQLite:
        DELETE FROM "reminders" AS "others" WHERE "others"."isCompleted"
      PostgreSQL:
        DELETE FROM "reminders" AS "others" WHERE "others"."isCompleted"
      """
    }
    assertSQL(Reminder.as(Other.self).where { $0.isCompleted }.update { $0.priority = 1 }) {
      """
      SQLite:
        UPDATE "reminders" AS "others" SET "priority" = ?1 WHERE "others"."isCompleted"
        bindings: int(1)
      PostgreSQL:
        UPDATE "reminders" AS "others" SET "priority" = $1 WHERE "others"."isCompleted"
        bindings: int(1)
      """
    }
  }

  /// An alias sees the rows of its table's default scope, the scope's columns read under the
  /// alias; `unscoped` on it is every row; `all` on a query adds the default scope once.
  @Test func aliasesKeepTheDefaultScope() {
    assertSQL(Note.as(Other.self).select(\.id)) {
      """
      SQLite:
        SELECT "others"."id" FROM "notes" AS "others" WHERE (NOT "others"."isDeleted")
      PostgreSQL:
        SELECT "others"."id" FROM "notes" AS "others" WHERE (NOT "others"."isDeleted")
      """
    }
    assertSQL(Note.as(Other.self).unscoped.select(\.id)) {
      """
      SQLite:
        SELECT "others"."id" FROM "notes" AS "others"
      PostgreSQL:
        SELECT "others"."id" FROM "notes" AS "others"
      """
    }
    assertSQL(Note.unscoped.all.select(\.id)) {
      """
      SQLite:
        SELECT "notes"."id" FROM "notes" WHERE (NOT "notes"."isDeleted")
      PostgreSQL:
        SELECT "notes"."id" FROM "notes" WHERE (NOT "notes"."isDeleted")
      """
    }
    assertSQL(Note.all.all.select(\.id)) {
      """
      SQLite:
        SELECT "notes"."id" FROM "notes" WHERE (NOT "notes"."isDeleted")
      PostgreSQL:
        SELECT "notes"."id" FROM "notes" WHERE (NOT "notes"."isDeleted")
      """
    }
    assertSQL(Note.all.join(Note.as(Other.self)) { $0.remindersListID.eq($1.remindersListID) }.select { ($0.id, $1.id) }) {
      """
      SQLite:
        SELECT "notes"."id", "others"."id" FROM "notes" JOIN "notes" AS "others" ON (("notes"."remindersListID" = "others"."remindersListID") AND (NOT "others"."isDeleted")) WHERE (NOT "notes"."isDeleted")
      PostgreSQL:
        SELECT "notes"."id", "others"."id" FROM "notes" JOIN "notes" AS "others" ON (("notes"."remindersListID" = "others"."remindersListID") AND (NOT "others"."isDeleted")) WHERE (NOT "notes"."isDeleted")
      """
    }
  }

  /// A default scope whose columns cannot be read under another name (it holds a subquery) is
  /// read as a subquery under the alias.
  @Test func aScopeWithASubqueryIsReadAsASubqueryUnderTheAlias() {
    assertSQL(ListedNote.as(Other.self).select(\.id)) {
      """
      SQLite:
        SELECT "others"."id" FROM (SELECT "notes"."id", "notes"."remindersListID" FROM "notes" WHERE ("notes"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists"))) AS "others"
      PostgreSQL:
        SELECT "others"."id" FROM (SELECT "notes"."id", "notes"."remindersListID" FROM "notes" WHERE ("notes"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists"))) AS "others"
      """
    }
  }

  @Test func sqliteReturnsAnAliasedTablesColumnsByItsName() {
    assertSQL(Reminder.as(Other.self).where { $0.isCompleted }.update { $0.title = $0.title + "!" }.returning { ($0.id, $0.title) }) {
      """
      SQLite:
        UPDATE "reminders" AS "others" SET "title" = ("others"."title" || ?1) WHERE "others"."isCompleted" RETURNING "reminders"."id", "reminders"."title"
        bindings: text("!")
      PostgreSQL:
        UPDATE "reminders" AS "others" SET "title" = ("others"."title" || $1) WHERE "others"."isCompleted" RETURNING "others"."id", "others"."title"
        bindings: text("!")
      """
    }
  }
}

/// A default scope holding a subquery: the notes of lists that exist.
@Table("notes") private struct ListedNote {
  let id: Int
  var remindersListID: Int
  static let all = unscoped.where { $0.remindersListID.in(RemindersList.select(\.id)) }
}
