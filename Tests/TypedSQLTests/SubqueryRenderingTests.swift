import Testing
import TypedSQL

@Suite struct SubqueryRenderingTests {
  /// A select interpolated in `#sql` is its SQL as is, its values bound in order with the
  /// fragment's own: the text around it parenthesizes it.
  @Test func selectInterpolatedInHandWrittenSQL() {
    let busyLists = Reminder.where { !$0.isCompleted }.group(by: \.remindersListID).having { $0.id.count() > 2 }.select(\.remindersListID)
    assertSQL(Reminder.where { #sql("\($0.remindersListID) IN (\(busyLists)) AND \($0.title) <> \("x")") }.select(\.id)) {
      """
      SQLite:
        SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."remindersListID" IN (SELECT "reminders"."remindersListID" FROM "reminders" WHERE (NOT "reminders"."isCompleted") GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > ?1)) AND "reminders"."title" <> ?2
        bindings: int(2), text("x")
      PostgreSQL:
        SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."remindersListID" IN (SELECT "reminders"."remindersListID" FROM "reminders" WHERE (NOT "reminders"."isCompleted") GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > $1)) AND "reminders"."title" <> $2
        bindings: int(2), text("x")
      """
    }
  }

  /// A selection interpolated in `#sql` is its expressions, as `SELECT` lists them.
  @Test func selectionInterpolatedInHandWrittenSQL() {
    let titles = #sql("SELECT \(RemindersList.columns), \(Reminder.columns.id.count()) FROM \(RemindersList.self)", as: NoRow.self)
    let row = ListWithReminder.Columns(
      list: RemindersList.columns, reminder: NullableColumns(Reminder.columns), isFirst: Reminder.columns.id.eq(1))
    let pair = #sql("SELECT \(row) FROM \(RemindersList.self) LEFT JOIN \(Reminder.self) ON 1 = 1", as: NoRow.self)
    assertSQL(titles) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", count("reminders"."id") FROM "remindersLists"
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", count("reminders"."id") FROM "remindersLists"
      """
    }
    assertSQL(pair) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID", ("reminders"."id" = ?1) FROM "remindersLists" LEFT JOIN "reminders" ON 1 = 1
        bindings: int(1)
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID", ("reminders"."id" = $1) FROM "remindersLists" LEFT JOIN "reminders" ON 1 = 1
        bindings: int(1)
      """
    }
  }

  @Test func existsAndNotExists() {
    assertSQL(RemindersList.where { list in Reminder.where { $0.remindersListID == list.id && $0.isCompleted }.exists() }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE (EXISTS (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."remindersListID" = "remindersLists"."id") AND "reminders"."isCompleted")))
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE (EXISTS (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."remindersListID" = "remindersLists"."id") AND "reminders"."isCompleted")))
      """
    }
    assertSQL(RemindersList.where { list in Reminder.where { $0.remindersListID == list.id }.notExists() }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE (NOT EXISTS (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id")))
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE (NOT EXISTS (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id")))
      """
    }
  }

  /// `EXISTS` over a grouped select selects `1`, without its order: its groups decide whether it
  /// returns a row, and a column neither grouped nor aggregated would fail on PostgreSQL. An
  /// ungrouped select keeps its columns: an aggregate there returns a row even from no rows.
  @Test func existsOverAGroupedSelectSelectsOne() {
    assertSQL(
      RemindersList.where { list in
        Reminder.where { $0.remindersListID == list.id }.group(by: \.priority).having { $0.id.count() > 1 }
          .order(by: \.title).limit(1).exists()
      }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE (EXISTS (SELECT 1 FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id") GROUP BY "reminders"."priority" HAVING (count("reminders"."id") > ?1) LIMIT ?1))
        bindings: int(1)
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE (EXISTS (SELECT 1 FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id") GROUP BY "reminders"."priority" HAVING (count("reminders"."id") > $1) LIMIT 1))
        bindings: int(1)
      """
    }
    assertSQL(RemindersList.where { _ in Reminder.select { $0.id.count() }.exists() }) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE (EXISTS (SELECT count("reminders"."id") FROM "reminders"))
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title" FROM "remindersLists" WHERE (EXISTS (SELECT count("reminders"."id") FROM "reminders"))
      """
    }
  }

  @Test func membershipInASubquery() {
    assertSQL(Reminder.where { $0.remindersListID.in(RemindersList.where { $0.title == "Home" }.select { $0.id }) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists" WHERE ("remindersLists"."title" = ?1)))
        bindings: text("Home")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists" WHERE ("remindersLists"."title" = $1)))
        bindings: text("Home")
      """
    }
  }

  @Test func scalarSubqueries() {
    assertSQL(
      RemindersList.select { list in
        (list.title, SQLQueryExpression(Reminder.where { $0.remindersListID == list.id }.count()))
      }
    ) {
      """
      SQLite:
        SELECT "remindersLists"."title", (SELECT count(*) FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id")) FROM "remindersLists"
      PostgreSQL:
        SELECT "remindersLists"."title", (SELECT count(*) FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id") LIMIT 1) FROM "remindersLists"
      """
    }
    // A subquery that skips rows keeps its offset and reads one row on both.
    assertSQL(Reminder.select { _ in SQLQueryExpression(RemindersList.order { $0.id }.offset(1).select { $0.title }) }) {
      """
      SQLite:
        SELECT (SELECT "remindersLists"."title" FROM "remindersLists" ORDER BY "remindersLists"."id" LIMIT -1 OFFSET ?1) FROM "reminders"
        bindings: int(1)
      PostgreSQL:
        SELECT (SELECT "remindersLists"."title" FROM "remindersLists" ORDER BY "remindersLists"."id" LIMIT 1 OFFSET $1) FROM "reminders"
        bindings: int(1)
      """
    }
    assertSQL(Reminder.select { ($0.title, SQLQueryExpression(RemindersList.order { $0.id }.select { $0.title })) }) {
      """
      SQLite:
        SELECT "reminders"."title", (SELECT "remindersLists"."title" FROM "remindersLists" ORDER BY "remindersLists"."id") FROM "reminders"
      PostgreSQL:
        SELECT "reminders"."title", (SELECT "remindersLists"."title" FROM "remindersLists" ORDER BY "remindersLists"."id" LIMIT 1) FROM "reminders"
      """
    }
  }

  /// A tree of no result columns, built by hand (every `select` closure gives at least one,
  /// and one holding a statement does not compile), renders as a refusal.
  @Test func aSelectOfNoColumnsIsRefused() {
    var nothing = RemindersList.all
    nothing.select.columns = []
    assertSQL(nothing) {
      """
      SQLite:
        error: invalid statement: a SELECT of no columns
      PostgreSQL:
        error: invalid statement: a SELECT of no columns
      """
    }
  }

  @Test func countSelectedAsAValue() {
    let query = RemindersList.select { list in (list.title, Reminder.where { $0.remindersListID == list.id }.count()) }
    let _: Select<RemindersList.TableColumns, TupleRow<String, Int>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT "remindersLists"."title", (SELECT count(*) FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id")) FROM "remindersLists"
      PostgreSQL:
        SELECT "remindersLists"."title", (SELECT count(*) FROM "reminders" WHERE ("reminders"."remindersListID" = "remindersLists"."id") LIMIT 1) FROM "remindersLists"
      """
    }
  }

  /// A select of one column, selected beside other columns, is its scalar subquery, as a count is
  /// (StructuredQueries' spelling: no `SQLQueryExpression` around it).
  @Test func oneColumnSelectSelectedAsAValue() {
    let query = Reminder.select { ($0.title, RemindersList.order { $0.id }.select { $0.title }) }
    let _: Select<Reminder.TableColumns, TupleRow<String, PackRow<String>>> = query
    assertSQL(query) {
      """
      SQLite:
        SELECT "reminders"."title", (SELECT "remindersLists"."title" FROM "remindersLists" ORDER BY "remindersLists"."id") FROM "reminders"
      PostgreSQL:
        SELECT "reminders"."title", (SELECT "remindersLists"."title" FROM "remindersLists" ORDER BY "remindersLists"."id" LIMIT 1) FROM "reminders"
      """
    }
  }
}
