import Testing
import TypedSQL
import TypedSQLSQLite

/// A table's default scope in every query that starts from it, and `unscoped` without it.
@Suite struct DefaultScopeRenderingTests {
  @Test func readsStartFromTheScope() {
    assertSQL(Note.where { $0.remindersListID == 1 }.order { $0.id }) {
      """
      SQLite:
        SELECT "notes"."id", "notes"."body", "notes"."remindersListID", "notes"."isDeleted" FROM "notes" WHERE ((NOT "notes"."isDeleted") AND ("notes"."remindersListID" = ?1)) ORDER BY "notes"."id"
        bindings: int(1)
      PostgreSQL:
        SELECT "notes"."id", "notes"."body", "notes"."remindersListID", "notes"."isDeleted" FROM "notes" WHERE ((NOT "notes"."isDeleted") AND ("notes"."remindersListID" = $1)) ORDER BY "notes"."id"
        bindings: int(1)
      """
    }
    assertSQL(Note.count()) {
      """
      SQLite:
        SELECT count(*) FROM "notes" WHERE (NOT "notes"."isDeleted")
      PostgreSQL:
        SELECT count(*) FROM "notes" WHERE (NOT "notes"."isDeleted")
      """
    }
    assertSQL(Note.find(3)) {
      """
      SQLite:
        SELECT "notes"."id", "notes"."body", "notes"."remindersListID", "notes"."isDeleted" FROM "notes" WHERE ((NOT "notes"."isDeleted") AND ("notes"."id" = ?1))
        bindings: int(3)
      PostgreSQL:
        SELECT "notes"."id", "notes"."body", "notes"."remindersListID", "notes"."isDeleted" FROM "notes" WHERE ((NOT "notes"."isDeleted") AND ("notes"."id" = $1))
        bindings: int(3)
      """
    }
    assertSQL(Note.unscoped.where { $0.isDeleted }) {
      """
      SQLite:
        SELECT "notes"."id", "notes"."body", "notes"."remindersListID", "notes"."isDeleted" FROM "notes" WHERE "notes"."isDeleted"
      PostgreSQL:
        SELECT "notes"."id", "notes"."body", "notes"."remindersListID", "notes"."isDeleted" FROM "notes" WHERE "notes"."isDeleted"
      """
    }
  }

  @Test func joinsKeepTheJoinedScopeInTheirCondition() {
    assertSQL(RemindersList.leftJoin(Note.all) { $0.id == $1.remindersListID }.select { ($0.title, $1.id.count()) }.group { l, _ in l.id }) {
      """
      SQLite:
        SELECT "remindersLists"."title", count("notes"."id") FROM "remindersLists" LEFT JOIN "notes" ON (("remindersLists"."id" = "notes"."remindersListID") AND (NOT "notes"."isDeleted")) GROUP BY "remindersLists"."id"
      PostgreSQL:
        SELECT "remindersLists"."title", count("notes"."id") FROM "remindersLists" LEFT JOIN "notes" ON (("remindersLists"."id" = "notes"."remindersListID") AND (NOT "notes"."isDeleted")) GROUP BY "remindersLists"."id"
      """
    }
  }

  @Test func writesStartFromTheScope() {
    assertSQL(Note.update { $0.body = "" }) {
      """
      SQLite:
        UPDATE "notes" SET "body" = ?1 WHERE (NOT "notes"."isDeleted")
        bindings: text("")
      PostgreSQL:
        UPDATE "notes" SET "body" = $1 WHERE (NOT "notes"."isDeleted")
        bindings: text("")
      """
    }
    assertSQL(Note.delete()) {
      """
      SQLite:
        DELETE FROM "notes" WHERE (NOT "notes"."isDeleted")
      PostgreSQL:
        DELETE FROM "notes" WHERE (NOT "notes"."isDeleted")
      """
    }
    assertSQL(Note.update(Note(id: 2, body: "b", remindersListID: 1))) {
      """
      SQLite:
        UPDATE "notes" SET "body" = ?1, "remindersListID" = ?2, "isDeleted" = ?3 WHERE ((NOT "notes"."isDeleted") AND ("notes"."id" = ?4))
        bindings: text("b"), int(1), bool(false), int(2)
      PostgreSQL:
        UPDATE "notes" SET "body" = $1, "remindersListID" = $2, "isDeleted" = $3 WHERE ((NOT "notes"."isDeleted") AND ("notes"."id" = $4))
        bindings: text("b"), int(1), bool(false), int(2)
      """
    }
    assertSQL(Note.delete(Note(id: 2, body: "b", remindersListID: 1))) {
      """
      SQLite:
        DELETE FROM "notes" WHERE ((NOT "notes"."isDeleted") AND ("notes"."id" = ?1))
        bindings: int(2)
      PostgreSQL:
        DELETE FROM "notes" WHERE ((NOT "notes"."isDeleted") AND ("notes"."id" = $1))
        bindings: int(2)
      """
    }
    assertSQL(Note.unscoped.delete()) {
      """
      SQLite:
        DELETE FROM "notes"
      PostgreSQL:
        DELETE FROM "notes"
      """
    }
  }
}
