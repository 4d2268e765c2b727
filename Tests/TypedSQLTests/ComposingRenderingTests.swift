import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

/// Composing queries and writes: the empty query, finding by keys anywhere in a chain, deleting
/// a row, compound selects, `toggle` and `append` in updates, and right and full joins.
@Suite struct ComposingRenderingTests {
  @Test func staticColumnHandles() {
    #expect(Reminder.title.node == Reminder.columns.title.node)
    assertSQL(RemindersList.where { $0.id.in(Reminder.where { $0.isCompleted }.select { _ in Reminder.remindersListID }) }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE ("remindersLists"."id" IN (SELECT "reminders"."remindersListID" FROM "reminders" WHERE "reminders"."isCompleted"))
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE ("remindersLists"."id" IN (SELECT "reminders"."remindersListID" FROM "reminders" WHERE "reminders"."isCompleted"))
      """
    }
  }

  @Test func noneAndFind() {
    // `none` runs nothing, so it has no SQL of its own; in an expression it is the empty set.
    assertSQL(Reminder.none.count()) {
      """
      SQLite:
        error: invalid statement: it reads `none`, so it runs nothing and has no SQL (running it returns no row)
      PostgreSQL:
        error: invalid statement: it reads `none`, so it runs nothing and has no SQL (running it returns no row)
      """
    }
    assertSQL(Reminder.where { $0.id.in(Reminder.none.select(\.id)) }.count()) {
      """
      SQLite:
        SELECT count(*) FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE ?1))
        bindings: bool(false)
      PostgreSQL:
        SELECT count(*) FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE $1))
        bindings: bool(false)
      """
    }
    assertSQL(Reminder.where { $0.isCompleted }.find([1, 2, 3])) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."isCompleted" AND ("reminders"."id" IN (?1, ?2, ?3)))
        bindings: int(1), int(2), int(3)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."isCompleted" AND ("reminders"."id" = ANY($1)))
        bindings: array(int(1), int(2), int(3))
      """
    }
    assertSQL(Reminder.update { $0.isCompleted = true }.find(4)) {
      """
      SQLite:
        UPDATE "reminders" SET "isCompleted" = ?1 WHERE ("reminders"."id" = ?2)
        bindings: bool(true), int(4)
      PostgreSQL:
        UPDATE "reminders" SET "isCompleted" = $1 WHERE ("reminders"."id" = $2)
        bindings: bool(true), int(4)
      """
    }
    assertSQL(Reminder.delete().find([4, 5])) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" IN (?1, ?2))
        bindings: int(4), int(5)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" = ANY($1))
        bindings: array(int(4), int(5))
      """
    }
    assertSQL(Reminder.delete(Reminder(id: 7, title: "Milk", remindersListID: 1))) {
      """
      SQLite:
        DELETE FROM "reminders" WHERE ("reminders"."id" = ?1)
        bindings: int(7)
      PostgreSQL:
        DELETE FROM "reminders" WHERE ("reminders"."id" = $1)
        bindings: int(7)
      """
    }
  }

  @Test func scopesByKeyPath() {
    assertSQL(Reminder.where(\.isCompleted).order { $0.title }.where(\.isUrgent)) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."isCompleted" AND (("reminders"."priority" = ?1) AND (NOT "reminders"."isCompleted"))) ORDER BY "reminders"."title"
        bindings: int(3)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."isCompleted" AND (("reminders"."priority" = $1) AND (NOT "reminders"."isCompleted"))) ORDER BY "reminders"."title"
        bindings: int(3)
      """
    }
  }

  @Test func combinedConditions() {
    let open = Reminder.where { !$0.isCompleted }
    let urgent = Reminder.where { $0.priority == 3 }
    assertSQL(open.or(urgent).and(Reminder.where { $0.remindersListID == 1 })) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (((NOT "reminders"."isCompleted") OR ("reminders"."priority" = ?1)) AND ("reminders"."remindersListID" = ?2))
        bindings: int(3), int(1)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (((NOT "reminders"."isCompleted") OR ("reminders"."priority" = $1)) AND ("reminders"."remindersListID" = $2))
        bindings: int(3), int(1)
      """
    }
    assertSQL(open.not()) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (NOT (NOT "reminders"."isCompleted"))
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (NOT (NOT "reminders"."isCompleted"))
      """
    }
    assertSQL(open.or(Reminder.limit(1))) {
      """
      SQLite:
        error: and/or combine the conditions of queries narrowed only by where; this one is narrowed by more
      PostgreSQL:
        error: and/or combine the conditions of queries narrowed only by where; this one is narrowed by more
      """
    }
  }

  @Test func intersectAndExcept() {
    assertSQL(Reminder.select { $0.remindersListID }.intersect(RemindersList.select { $0.id }).except(Reminder.where { $0.isCompleted }.select { $0.remindersListID })) {
      """
      SQLite:
        SELECT "reminders"."remindersListID" FROM "reminders" INTERSECT SELECT "remindersLists"."id" FROM "remindersLists" EXCEPT SELECT "reminders"."remindersListID" FROM "reminders" WHERE "reminders"."isCompleted"
      PostgreSQL:
        SELECT "reminders"."remindersListID" FROM "reminders" INTERSECT SELECT "remindersLists"."id" FROM "remindersLists" EXCEPT SELECT "reminders"."remindersListID" FROM "reminders" WHERE "reminders"."isCompleted"
      """
    }
  }

  @Test func assignmentsThatReadTheirColumn() {
    assertSQL(Reminder.update {
      $0.isCompleted.toggle()
      $0.title.append("?")
    }) {
      """
      SQLite:
        UPDATE "reminders" SET "isCompleted" = (NOT "reminders"."isCompleted"), "title" = ("reminders"."title" || ?1)
        bindings: text("?")
      PostgreSQL:
        UPDATE "reminders" SET "isCompleted" = (NOT "reminders"."isCompleted"), "title" = ("reminders"."title" || $1)
        bindings: text("?")
      """
    }
  }

  @Test func rightAndFullJoins() {
    assertSQL(
      Reminder.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) },
      sqlite: SQLiteDialect(version: SQLiteVersion(3, 39))) {
      """
      SQLite:
        SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" RIGHT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      PostgreSQL:
        SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" RIGHT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """
    }
    assertSQL(Reminder.where { $0.isCompleted }.fullJoin(RemindersList.where { $0.id > 1 }) { $0.remindersListID == $1.id }.select { ($0.id, $1.id) }) {
      """
      SQLite:
        SELECT "reminders"."id", "remindersLists"."id" FROM (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE "reminders"."isCompleted") AS "reminders" FULL JOIN (SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE ("remindersLists"."id" > ?1)) AS "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
        bindings: int(1)
      PostgreSQL:
        SELECT "reminders"."id", "remindersLists"."id" FROM (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE "reminders"."isCompleted") AS "reminders" FULL JOIN (SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE ("remindersLists"."id" > $1)) AS "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
        bindings: int(1)
      """
    }
  }
}

extension Reminder.TableColumns {
  /// A scope declared once on the table's columns.
  var isUrgent: SQLQueryExpression<Bool> { priority == 3 && !isCompleted }
}

@Suite struct InsertIntoColumnsRenderingTests {
  @Test func valuesForSomeColumns() {
    assertSQL(Reminder.insert { ($0.title, $0.remindersListID) } values: {
      ("Milk", 1)
      ("Eggs", 1)
    }) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "remindersListID") VALUES (?1, ?2), (?3, ?2)
        bindings: text("Milk"), int(1), text("Eggs")
      PostgreSQL:
        INSERT INTO "reminders" ("title", "remindersListID") VALUES ($1, $2), ($3, $2)
        bindings: text("Milk"), int(1), text("Eggs")
      """
    }
    assertSQL(Tag.insert { $0.name } values: { "urgent" }) {
      """
      SQLite:
        INSERT INTO "tags" ("name") VALUES (?1)
        bindings: text("urgent")
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1)
        bindings: text("urgent")
      """
    }
  }

  /// A row of expressions: a subquery, a column expression and `#sql`, beside a row of values.
  @Test func valuesThatAreExpressions() {
    assertSQL(Reminder.insert { ($0.title, $0.remindersListID, $0.priority) } values: {
      ("Milk", 1, nil)
      (RemindersList.find(2).select { $0.title.upper() }, #sql("1 + 1"), #sql("NULL"))
    }) {
      """
      SQLite:
        INSERT INTO "reminders" ("title", "remindersListID", "priority") VALUES (?1, ?2, ?3), ((SELECT upper("remindersLists"."title") FROM "remindersLists" WHERE ("remindersLists"."id" = ?4)), 1 + 1, NULL)
        bindings: text("Milk"), int(1), NULL, int(2)
      PostgreSQL:
        INSERT INTO "reminders" ("title", "remindersListID", "priority") VALUES ($1, $2, NULL), ((SELECT upper("remindersLists"."title" COLLATE "C") FROM "remindersLists" WHERE ("remindersLists"."id" = $3) LIMIT 1), 1 + 1, NULL)
        bindings: text("Milk"), int(1), int(2)
      """
    }
  }

  @Test func upsertsWithConditions() {
    assertSQL(
      Tag.insert { Tag.Draft(name: "urgent") }
        .onConflict { $0.name } where: { $0.name != "" } doUpdate: { tag, excluded in tag.name = excluded.name + "!" } where: { tag, _ in
          tag.id > 1
        }) {
      """
      SQLite:
        INSERT INTO "tags" ("name") VALUES (?1) ON CONFLICT ("name") WHERE ("tags"."name" <> ?2) DO UPDATE SET "name" = ("excluded"."name" || ?3) WHERE ("tags"."id" > ?4)
        bindings: text("urgent"), text(""), text("!"), int(1)
      PostgreSQL:
        INSERT INTO "tags" ("name") VALUES ($1) ON CONFLICT ("name") WHERE ("tags"."name" <> $2) DO UPDATE SET "name" = ("excluded"."name" || $3) WHERE ("tags"."id" > $4)
        bindings: text("urgent"), text(""), text("!"), int(1)
      """
    }
  }

  @Test func defaultValues() {
    assertSQL(Reminder.insert().returning { $0.id }) {
      """
      SQLite:
        INSERT INTO "reminders" DEFAULT VALUES RETURNING "reminders"."id"
      PostgreSQL:
        INSERT INTO "reminders" DEFAULT VALUES RETURNING "reminders"."id"
      """
    }
  }

  @Test func rowsOfASelect() {
    assertSQL(Tag.insert { $0.name } select: { Reminder.where { $0.isCompleted }.select { $0.title } }) {
      """
      SQLite:
        INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE "reminders"."isCompleted"
      PostgreSQL:
        INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE "reminders"."isCompleted"
      """
    }
    assertSQL(Tag.insert { $0.name } select: { Reminder.select { $0.title } }.onConflictDoNothing { $0.name }.returning { $0.id }) {
      """
      SQLite:
        INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE ?1 ON CONFLICT ("name") DO NOTHING RETURNING "tags"."id"
        bindings: bool(true)
      PostgreSQL:
        INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders" WHERE $1 ON CONFLICT ("name") DO NOTHING RETURNING "tags"."id"
        bindings: bool(true)
      """
    }
    // The `WHERE` goes on the last select of a compound: SQLite reads `ON CONFLICT` right after a
    // `FROM` as a join's `ON`.
    let compound = Tag.insert { $0.name } select: {
      Reminder.select { $0.title.lower() }.union(Reminder.where { $0.isCompleted }.select { $0.title.upper() })
        .union(Reminder.select { $0.title })
    }
    assertSQL(compound.onConflict { $0.name } doUpdate: { tag, _ in tag.name += "?" }) {
      """
      SQLite:
        INSERT INTO "tags" ("name") SELECT lower("reminders"."title") FROM "reminders" UNION SELECT upper("reminders"."title") FROM "reminders" WHERE "reminders"."isCompleted" UNION SELECT "reminders"."title" FROM "reminders" WHERE ?1 ON CONFLICT ("name") DO UPDATE SET "name" = ("tags"."name" || ?2)
        bindings: bool(true), text("?")
      PostgreSQL:
        INSERT INTO "tags" ("name") SELECT lower("reminders"."title" COLLATE "C") FROM "reminders" UNION SELECT upper("reminders"."title" COLLATE "C") FROM "reminders" WHERE "reminders"."isCompleted" UNION SELECT "reminders"."title" FROM "reminders" WHERE $1 ON CONFLICT ("name") DO UPDATE SET "name" = ("tags"."name" || $2)
        bindings: bool(true), text("?")
      """
    }
  }
}

/// A second `select` adds columns; a `select` after a join replaces the joined tables' columns;
/// `map` reshapes what is selected.
@Suite struct IncrementalSelectionRenderingTests {
  @Test func secondSelectAddsColumns() {
    let query = Reminder.select { $0.id }.where { $0.isCompleted }.select { ($0.title, $0.priority) }
    let _: Select<Reminder.TableColumns, TupleRow<Int, String, Int?>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."priority" FROM "reminders" WHERE "reminders"."isCompleted"
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."priority" FROM "reminders" WHERE "reminders"."isCompleted"
      """
    }
  }

  /// A second select adds its columns in every shape, one or several after one or several,
  /// also in one chain with the first: a select that replaced them would type-check as a row
  /// of fewer values.
  @Test func everyShapeOfASecondSelectAddsColumns() {
    let _: Select<Reminder.TableColumns, TupleRow<Int, String>> = Reminder.select { $0.id }.select { $0.title }
    let _: Select<Reminder.TableColumns, TupleRow<Int, String, Int?>> =
      Reminder.select { $0.id }.select { ($0.title, $0.priority) }
    let _: Select<Reminder.TableColumns, TupleRow<Int, String, Int?>> =
      Reminder.select { ($0.id, $0.title) }.select { $0.priority }
    let query = Reminder.select { ($0.id, $0.title) }.select { ($0.priority, $0.isCompleted) }
    let _: Select<Reminder.TableColumns, TupleRow<Int, String, Int?, Bool>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."priority", "reminders"."isCompleted" FROM "reminders"
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."priority", "reminders"."isCompleted" FROM "reminders"
      """
    }
  }

  /// `map` reshapes one value or several into one value or several.
  @Test func everyShapeOfMap() {
    let oneIntoOne = Reminder.select { $0.title }.map { $0.upper() }
    let _: Select<Reminder.TableColumns, PackRow<String>> = oneIntoOne
    let oneIntoTwo = Reminder.select { $0.title }.map { ($0.upper(), $0.length()) }
    let _: Select<Reminder.TableColumns, TupleRow<String, Int>> = oneIntoTwo
    let twoIntoOne = Reminder.select { ($0.title, $0.priority) }.map { title, priority in title.length() + (priority ?? 0) }
    let _: Select<Reminder.TableColumns, PackRow<Int>> = twoIntoOne
    assertSQL(oneIntoTwo) {
      """
      SQLite:
        SELECT upper("reminders"."title"), length("reminders"."title") FROM "reminders"
      PostgreSQL:
        SELECT upper("reminders"."title" COLLATE "C"), length("reminders"."title") FROM "reminders"
      """
    }
    assertSQL(twoIntoOne) {
      """
      SQLite:
        SELECT (length("reminders"."title") + coalesce("reminders"."priority", ?1)) FROM "reminders"
        bindings: int(0)
      PostgreSQL:
        SELECT (length("reminders"."title") + coalesce("reminders"."priority", $1)) FROM "reminders"
        bindings: int(0)
      """
    }
  }

  @Test func selectAfterJoinReplacesTheTables() {
    let query = Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { $1.title }.select { reminder, _ in reminder.title.count() }
      .group { _, list in list.id }
    let _: Select<(Reminder.TableColumns, RemindersList.TableColumns), TupleRow<String, Int>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT "remindersLists"."title", count("reminders"."title") FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") GROUP BY "remindersLists"."id"
      PostgreSQL:
        SELECT "remindersLists"."title", count("reminders"."title") FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id") GROUP BY "remindersLists"."id"
      """
    }
  }

  @Test func mapReshapesTheSelection() {
    let query = Reminder.select { ($0.title, $0.priority) }.map { title, priority in (title.upper(), priority ?? 0, title.length()) }
    let _: Select<Reminder.TableColumns, TupleRow<String, Int, Int>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT upper("reminders"."title"), coalesce("reminders"."priority", ?1), length("reminders"."title") FROM "reminders"
        bindings: int(0)
      PostgreSQL:
        SELECT upper("reminders"."title" COLLATE "C"), coalesce("reminders"."priority", $1), length("reminders"."title") FROM "reminders"
        bindings: int(0)
      """
    }
  }
}

extension RemindersList {
  /// A static query that joins, groups and selects, to chain off other queries of the table.
  fileprivate static let withReminderCount = group(by: \.id)
    .join(Reminder.all) { $0.id == $1.remindersListID }
    .select { $1.id.count() }

  /// A static query that a chained query cannot merge.
  fileprivate static let distinctReminderTitles = distinct()
    .join(Reminder.all) { $0.id == $1.remindersListID }
    .select { $1.title }
}

/// A table's static query that joins, groups and selects, chained off another query of the table
/// by its name: its join, columns and groups merge into that query.
@Suite struct ChainedJoinedScopeRenderingTests {
  @Test func mergesJoinColumnsAndGroups() {
    let query = RemindersList.where { $0.title != "" }.limit(1).select(\.title).withReminderCount
    let _: Select<(RemindersList.TableColumns, Reminder.TableColumns), TupleRow<String, Int>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT "remindersLists"."title", count("reminders"."id") FROM "remindersLists" JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") WHERE ("remindersLists"."title" <> ?1) GROUP BY "remindersLists"."id" LIMIT ?2
        bindings: text(""), int(1)
      PostgreSQL:
        SELECT "remindersLists"."title", count("reminders"."id") FROM "remindersLists" JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") WHERE ("remindersLists"."title" <> $1) GROUP BY "remindersLists"."id" LIMIT 1
        bindings: text("")
      """
    }
  }

  @Test func refusesWhatItCannotMerge() {
    let query = RemindersList.select(\.title).distinctReminderTitles
    assertSQL(query) {
      """
      SQLite:
        error: a static query chained off a query lends its joins, columns, conditions, groups and order; this one also reads common tables, combines selects or is DISTINCT
      PostgreSQL:
        error: a static query chained off a query lends its joins, columns, conditions, groups and order; this one also reads common tables, combines selects or is DISTINCT
      """
    }
  }
}

/// Tables as fields of a `@Selection`, selected from a join and decoded whole.
@Suite struct TablesInSelectionsRenderingTests {
  @Test func tablesSelectEveryColumn() {
    let query = RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
      .select { ListWithReminder.Columns(list: $0, reminder: $1, isFirst: $0.id == 1) }
    let _: Select<(RemindersList.TableColumns, NullableColumns<Reminder.TableColumns>), PackRow<ListWithReminder>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID", ("remindersLists"."id" = ?1) FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
        bindings: int(1)
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID", ("remindersLists"."id" = $1) FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
        bindings: int(1)
      """
    }
  }
}

@Suite struct SchemaNameRenderingTests {
  @Table("archivedNotes", schema: "main") struct ArchivedNote {
    let id: Int
    var text = ""
  }

  @Test func tablesAreNamedWithTheirSchema() {
    assertSQL(ArchivedNote.where { $0.id > 1 }.select { $0.text }) {
      """
      SQLite:
        SELECT "archivedNotes"."text" FROM "main"."archivedNotes" WHERE ("archivedNotes"."id" > ?1)
        bindings: int(1)
      PostgreSQL:
        SELECT "archivedNotes"."text" FROM "main"."archivedNotes" WHERE ("archivedNotes"."id" > $1)
        bindings: int(1)
      """
    }
    assertSQL(ArchivedNote.insert { ArchivedNote.Draft(text: "x") }.returning { $0.id }) {
      """
      SQLite:
        INSERT INTO "main"."archivedNotes" ("text") VALUES (?1) RETURNING "archivedNotes"."id"
        bindings: text("x")
      PostgreSQL:
        INSERT INTO "main"."archivedNotes" ("text") VALUES ($1) RETURNING "archivedNotes"."id"
        bindings: text("x")
      """
    }
  }
}
