import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// A table's shared select list renders once per dialect type and is reused; these tests show the
/// reused text is always the text the columns would render, and is never used where it would not
/// be.
@Suite struct SharedSelectListTests {
  static let columnsSQL =
    #""reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID""#

  /// The same select with the list unshared: what the kept text must match.
  static func unshared(_ select: SelectStatement) -> SelectStatement {
    var plain = SelectStatement(columns: select.columns, from: select.from)
    plain.filter = select.filter
    return plain
  }

  @Test func keptTextIsWhatTheColumnsRender() throws {
    let select = Reminder.where { $0.priority == 2 }.select
    #expect(select.sharedColumns.value != nil)
    for _ in 1...3 {
      #expect(
        try SQLiteDialect.sqlite.render(select).sql
          == "SELECT \(Self.columnsSQL) FROM \"reminders\" WHERE (\"reminders\".\"priority\" = ?1)")
      #expect(
        try PostgresDialect.postgres.render(select).sql
          == "SELECT \(Self.columnsSQL) FROM \"reminders\" WHERE (\"reminders\".\"priority\" = $1)")
      #expect(try SQLiteDialect.sqlite.render(select) == SQLiteDialect.sqlite.render(Self.unshared(select)))
    }
  }

  /// A dialect that does not allow keeping the text spells the columns itself every time, even
  /// after other dialects kept theirs.
  @Test func aDialectThatDoesNotCacheSpellsItsOwnColumns() throws {
    let select = Reminder.all.select
    _ = try SQLiteDialect.sqlite.render(select)
    let odd = try OddDialect().render(select).sql
    #expect(odd.hasPrefix("SELECT ⟦reminders⟧.⟦id⟧, ⟦reminders⟧.⟦title⟧"))
    #expect(!odd.contains("\""))
  }

  @Test func changingTheColumnsDropsTheSharedList() throws {
    var select = Reminder.all.select
    select.columns.append(.countAll)
    #expect(select.sharedColumns.value == nil)
    #expect(
      try SQLiteDialect.sqlite.render(select).sql
        == "SELECT \(Self.columnsSQL), count(*) FROM \"reminders\"")

    let titles = Reminder.select { $0.title }.select
    #expect(titles.sharedColumns.value == nil)
    #expect(try SQLiteDialect.sqlite.render(titles).sql == #"SELECT "reminders"."title" FROM "reminders""#)
  }

  @Test func statementsCompareByTheirColumnsNotByTheSharedList() {
    let shared = Reminder.all.select
    let plain = Self.unshared(shared)
    #expect(shared == plain)
    #expect(shared.hashValue == plain.hashValue)
  }

  /// A list with a bound value is never kept: the value is numbered in each statement it is
  /// rendered in.
  @Test func aListThatBindsValuesRendersInPlaceEachTime() throws {
    let list = SharedSelectList([.binding(.int(7)), .column(ColumnReference(qualifier: nil, name: "id"))])
    var select = SelectStatement(columns: list, from: TableReference(name: "reminders"))
    select.filter = .binary(.column(ColumnReference(qualifier: nil, name: "id")), .equal, .binding(.int(1)))
    for _ in 1...2 {
      let rendered = try SQLiteDialect.sqlite.render(select)
      #expect(rendered.sql == #"SELECT ?1, "id" FROM "reminders" WHERE ("id" = ?2)"#)
      #expect(rendered.bindings == [.int(7), .int(1)])
    }
  }

  /// Many tasks rendering through one new list, in two dialects at once, all get the right text
  /// while it is first rendered and kept.
  @Test func concurrentRendersAgree() async throws {
    let list = SharedSelectList(Reminder.all.select.columns)
    let select = SelectStatement(columns: list, from: TableReference(name: "reminders"))
    let expected = "SELECT \(Self.columnsSQL) FROM \"reminders\""
    let results = try await withThrowingTaskGroup(of: [String].self) { group in
      for task in 0..<8 {
        group.addTask {
          try (0..<200).map { _ in
            task % 2 == 0
              ? try SQLiteDialect.sqlite.render(select).sql : try PostgresDialect.postgres.render(select).sql
          }
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(results.count == 1_600)
    #expect(results.allSatisfy { $0 == expected })
  }
}
