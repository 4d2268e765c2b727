import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// A statement's clauses are shared by its copies until one changes (copy on write), and a
/// table's whole-table select is built once and shared by every query that starts from it. These
/// tests show that sharing never lets one query's change reach another: each statement is a value.
@Suite struct SharedTreeTests {
  static let columnsSQL =
    #""reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID""#

  /// Every query started from the table, changed in each of its clauses, leaves the shared
  /// whole-table select, and the queries started after it, as they were.
  @Test func queriesStartedFromATableNeverChangeItsSharedSelect() throws {
    let whole = "SELECT \(Self.columnsSQL) FROM \"reminders\""
    let before = Reminder.TableColumns.wholeTableSelect
    let changed: [any Statement] = [
      Reminder.where { $0.priority == 2 },
      Reminder.order { $0.title },
      Reminder.limit(3, offset: 1),
      Reminder.select { $0.title },
      Reminder.distinct(),
      Reminder.group { $0.priority }.having { $0.id.count() > 1 },
      Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) },
      Reminder.find(4).where { $0.isCompleted },
      Reminder.all.union(Reminder.where { $0.isCompleted }),
    ]
    for query in changed {
      #expect(try SQLiteDialect.sqlite.render(query.statementNode).sql != whole)
    }
    #expect(Reminder.TableColumns.wholeTableSelect == before)
    #expect(try SQLiteDialect.sqlite.render(Reminder.TableColumns.wholeTableSelect).sql == whole)
    #expect(try Reminder.all.render(in: SQLiteDialect.sqlite).sql == whole)
    #expect(try Reminder.unscoped.render(in: PostgresDialect.postgres).sql == whole)
  }

  /// A copy of a select changed in every clause leaves the original unchanged, and the other
  /// way round.
  @Test func aChangedCopyOfASelectLeavesTheOriginal() throws {
    let original = Reminder.where { $0.priority == 2 }.order { $0.title }.select
    let originalSQL = try SQLiteDialect.sqlite.render(original).sql
    var copy = original
    copy.filter = .binary(copy.filter!, .and, .binding(.bool(true)))
    copy.orderBy.removeAll()
    copy.columns = [.countAll]
    copy.isDistinct = true
    copy.limit = LimitClause(count: .binding(.int(5)), offset: nil)
    copy.groupBy = [.binding(.int(1))]
    #expect(try SQLiteDialect.sqlite.render(original).sql == originalSQL)
    #expect(original.sharedColumns.value != nil)
    #expect(copy.sharedColumns.value == nil)
    #expect(
      try SQLiteDialect.sqlite.render(copy).sql
        == #"SELECT DISTINCT count(*) FROM "reminders" WHERE (("reminders"."priority" = ?1) AND ?2) GROUP BY ?3 LIMIT ?4"#)
    #expect(copy != original)

    var changedOriginal = original
    let untouched = changedOriginal
    changedOriginal.from = TableReference(name: "archive")
    #expect(try SQLiteDialect.sqlite.render(untouched).sql == originalSQL)
  }

  /// A copy of an insert changed in its rows and clauses leaves the original unchanged.
  @Test func aChangedCopyOfAnInsertLeavesTheOriginal() throws {
    let original = RemindersList.insert { RemindersList(id: 1, title: "Home") }.insert
    let originalSQL = try SQLiteDialect.sqlite.render(.insert(original)).sql
    var copy = original
    copy.rows.append([.expression(.binding(.int(2))), .expression(.binding(.text("Work")))])
    copy.returning = [.column(ColumnReference(qualifier: "remindersLists", name: "id"))]
    #expect(try SQLiteDialect.sqlite.render(.insert(original)).sql == originalSQL)
    #expect(original.rows.count == 1)
    #expect(copy.rows.count == 2)
    #expect(copy != original)
    #expect(
      try SQLiteDialect.sqlite.render(.insert(copy)).sql
        == #"INSERT INTO "remindersLists" ("id", "title") VALUES (?1, ?2), (?3, ?4) RETURNING "remindersLists"."id""#)
  }

  /// Statements built apart with the same clauses are equal and hash alike; sharing is not part
  /// of their meaning.
  @Test func statementsCompareByTheirClausesNotByTheirBuffers() {
    let shared = Reminder.all.select
    let builtApart = SelectStatement(columns: Reminder.TableColumns.allColumnsSelection, from: Reminder.tableReference)
    #expect(shared == builtApart)
    #expect(shared.hashValue == builtApart.hashValue)
    var filtered = builtApart
    filtered.filter = .binding(.bool(true))
    #expect(filtered != shared)
    #expect(Set([shared, builtApart, filtered]).count == 2)

    let insert = RemindersList.insert { RemindersList(id: 1, title: "Home") }.insert
    let insertAgain = RemindersList.insert { RemindersList(id: 1, title: "Home") }.insert
    #expect(insert == insertAgain)
    #expect(insert.hashValue == insertAgain.hashValue)
  }

  /// A dialect's extension compares by its value, whichever box holds it.
  @Test func dialectExtensionsCompareByTheirValue() {
    let sqlite = Reminder.where { $0.title.glob("a*") }.select
    let again = Reminder.where { $0.title.glob("a*") }.select
    let other = Reminder.where { $0.title.glob("b*") }.select
    #expect(sqlite == again)
    #expect(sqlite.hashValue == again.hashValue)
    #expect(sqlite != other)
  }
}
