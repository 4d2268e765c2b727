import Foundation
import Testing
import TypedSQL

enum Referrer: AliasName {}

extension Reminder {
  /// The reminders whose title starts with `prefix`.
  static func titled(startingWith prefix: String) -> Where<Reminder> {
    Self.where { $0.title.like(prefix + "%") }
  }
}

/// Default scopes written from the table's own entry points, `Case` as an expression, aliases
/// with `all`, `Where<T>` and conditions declared as `some QueryExpression<Bool>`.
@Suite struct ScopeCaseAndAliasSpellingTests {
  /// `static let all = Self.where { !$0.isDeleted }`: every entry point sees only the rows the
  /// scope keeps, `unscoped` every row, and writes from the table touch only scoped rows.
  @Test(arguments: LiveDatabase.allCases)
  func defaultScope(database: LiveDatabase) throws {
    try database.run { db in
      try Memo.insert {
        Memo(id: 1, body: "kept")
        Memo(id: 2, body: "deleted", isDeleted: true)
        Memo(id: 3, body: "also kept")
      }.execute(db)
      #expect(try Memo.all.fetchAll(db).map(\.id) == [1, 3])
      #expect(try Memo.order(by: \.id).select(\.id).fetchAll(db) == [1, 3])
      #expect(try Memo.where { $0.body.like("%kept") }.count().fetchOne(db) == 2)
      #expect(try Memo.count().fetchOne(db) == 2)
      #expect(try Memo.find(2).fetchOne(db) == nil)
      #expect(try Memo.unscoped.count().fetchOne(db) == 3)
      try Memo.update { $0.body += "!" }.execute(db)
      try Memo.delete().execute(db)
      #expect(try Memo.unscoped.fetchAll(db) == [Memo(id: 2, body: "deleted", isDeleted: true)])
      // The scope's condition is written once.
      let sql = try Memo.all.render(in: db.dialect).sql
      #expect(sql.components(separatedBy: "isDeleted").count == 3, "\(sql)")
    }
  }

  /// A `Case` with no `else` is `CASE … END`, `NULL` when no branch matches; a Swift value can be
  /// its base.
  @Test(arguments: LiveDatabase.allCases)
  func caseExpressions(database: LiveDatabase) throws {
    try database.run { db in
      let lists = try RemindersList.order(by: \.id).select { Case($0.id).when(1, then: "first").when(2, then: "second") }.fetchAll(db)
      #expect(lists == ["first", "second", nil])
      let searched = try Reminder.order(by: \.id).limit(3).select {
        Case().when($0.isFlagged, then: "flagged").when($0.priority.eq(Priority.high), then: "urgent")
      }.fetchAll(db)
      #expect(searched == [nil, "flagged", "urgent"])
      let constant = try RemindersList.limit(1).select { _ in Case(5).when(5, then: "five").else("other") }.fetchOne(db)
      #expect(constant == "five")
    }
  }

  /// A table under another name: every row with `all`, and queries from there.
  @Test(arguments: LiveDatabase.allCases)
  func aliases(database: LiveDatabase) throws {
    try database.run { db in
      #expect(try User.as(Referrer.self).all.fetchAll(db).count == 3)
      let names = try User.as(Referrer.self).where { $0.id.gt(1) }.select(\.name).fetchAll(db)
      #expect(names.sorted() == ["Blob Jr", "Blob Sr"])
      let pairs = try User.join(User.as(Referrer.self).all) { $0.id.eq($1.id + 1) }.select { ($0.name, $1.name) }.fetchAll(db)
      #expect(pairs.map { "\($0.0) < \($0.1)" }.sorted() == ["Blob Jr < Blob", "Blob Sr < Blob Jr"])
    }
  }

  /// The alias type as a table, as StructuredQueries spells it: `TableAlias<User, Referrer>`
  /// starts queries and writes under the alias.
  @Test(arguments: LiveDatabase.allCases)
  func aliasTypeAsATable(database: LiveDatabase) throws {
    typealias Referrers = TableAlias<User, Referrer>
    try database.run { db in
      #expect(try Referrers.where { $0.id.gt(1) }.order { $0.id }.select(\.name).fetchAll(db) == ["Blob Jr", "Blob Sr"])
      #expect(try Referrers.find(2).fetchOne(db)?.name == "Blob Jr")
      #expect(try Referrers.count().fetchOne(db) == 3)
      #expect(try Referrers.select { ($0.id, $0.name) }.order { $0.id }.limit(1).fetchOne(db)?.1 == "Blob")
      let pairs = try Referrers.join(User.all) { $0.id.eq($1.id - 1) }.select { ($0.name, $1.name) }.fetchAll(db)
      #expect(pairs.map { "\($0.0) < \($0.1)" }.sorted() == ["Blob < Blob Jr", "Blob Jr < Blob Sr"])
      try db.execute(Referrers.insert { User.Draft(name: "Blob III") })
      try db.execute(Referrers.update { $0.name += "!" })
      #expect(try User.order { $0.id }.select(\.name).fetchAll(db) == ["Blob!", "Blob Jr!", "Blob Sr!", "Blob III!"])
      try db.execute(Referrers.delete().where { $0.id.gt(3) })
      #expect(try User.count().fetchOne(db) == 3)
    }
  }

  /// `Where<Reminder>` as a helper's type, and a condition declared as an expression.
  @Test(arguments: LiveDatabase.allCases)
  func whereHelpersAndExpressionConditions(database: LiveDatabase) throws {
    try database.run { db in
      #expect(try Reminder.titled(startingWith: "Take").order(by: \.id).select(\.id).fetchAll(db) == [4, 8])
      #expect(try Reminder.incomplete.count().fetchOne(db) == 7)
      // Due before now and not completed: every dated, incomplete reminder (all are in 2001).
      let pastDue = try Reminder.where { $0.isPastDue }.fetchAll(db).map(\.id).sorted()
      #expect(pastDue == [1, 2, 3, 6, 8, 9])
      // `NOT` of a condition that is `NULL` (a reminder with no due date) is `NULL`: the three
      // completed reminders.
      let notPastDue = try Reminder.where { !$0.isPastDue }.count().fetchOne(db)
      #expect(notPastDue == 3)
      let flagged = try Reminder.where { $0.isPastDue.and($0.isFlagged) }.select(\.id).fetchAll(db)
      #expect(flagged == [2, 6])
    }
  }

  /// A condition declared as `some QueryExpression<Bool>` filters an aggregate, picks a `Case`
  /// branch and decides an `iif`, as a written-out condition does.
  @Test(arguments: LiveDatabase.allCases)
  func expressionConditionsInAggregatesAndCases(database: LiveDatabase) throws {
    try database.run { db in
      let counts = try Reminder.select { ($0.count(), $0.id.count(filter: $0.isPastDue), $0.id.max(filter: $0.isPastDue)) }
        .fetchOne(db)
      #expect(counts?.0 == 10 && counts?.1 == 6 && counts?.2 == 9)
      let labels = try Reminder.order(by: \.id).limit(4).select {
        Case().when($0.isPastDue, then: "past due").when($0.isCompleted, then: "done").else("open")
      }.fetchAll(db)
      #expect(labels == ["past due", "past due", "past due", "done"])
      let flags = try Reminder.order(by: \.id).limit(4).select { iif($0.isPastDue, then: 1, else: 0) }.fetchAll(db)
      #expect(flags == [1, 1, 1, 0])
    }
  }

  /// A static query of the table chained off another query by its name lends its condition.
  @Test(arguments: LiveDatabase.allCases)
  func staticScopeChainedOffAQuery(database: LiveDatabase) throws {
    try database.run { db in
      let flaggedIncomplete = try Reminder.where { $0.isFlagged }.incomplete.order(by: \.id).select(\.id).fetchAll(db)
      #expect(flaggedIncomplete == [2, 6])
      let incompleteIDs = try Reminder.order(by: \.id).select(\.id).incomplete.fetchAll(db)
      #expect(incompleteIDs == [1, 2, 3, 5, 6, 8, 9])
      let doubled = try Reminder.incomplete.incomplete.count().fetchOne(db)
      #expect(doubled == 7)
    }
  }

  /// A query started from a table's `Draft`, as StructuredQueries' PrimaryKeyedTableTests and
  /// SelectTests write them.
  @Test(arguments: LiveDatabase.allCases)
  func queriesFromADraft(database: LiveDatabase) throws {
    try database.run { db in
      let first = try Reminder.Draft.find(1).select { ($0.id, $0.title) }.fetchAll(db)
      #expect(first.map(\.1) == ["Groceries"])
      let second = try Reminder.Draft.select { ($0.id, $0.title) }.where { $0.id.eq(2) }.fetchAll(db)
      #expect(second.map(\.1) == ["Haircut"])
      let incomplete = try Reminder.Draft.where { _ in true }.incomplete.order(by: \.id).select(\.id).fetchAll(db)
      #expect(incomplete == [1, 2, 3, 5, 6, 8, 9])
      let count = try Reminder.Draft.all.count().fetchOne(db)
      #expect(count == 10)
    }
  }

  /// `@Selection("name")` names the common table its rows fill.
  @Test(arguments: LiveDatabase.allCases)
  func selectionNamesItsCommonTable(database: LiveDatabase) throws {
    try database.run { db in
      let query = With {
        Reminder.group { $0.remindersListID }.select { ListStat.Columns(listID: $0.remindersListID, count: $0.id.count()) }
      } query: {
        ListStat.all.where { $0.count > 3 }
      }
      let sql = try query.render(in: db.dialect).sql
      #expect(sql.hasPrefix(#"WITH "listStatistics" ("listID", "count") AS"#), "\(sql)")
      let busy = try query.fetchAll(db)
      #expect(busy.map(\.listID).sorted() == [1])
    }
  }
}

@Selection("listStatistics")
struct ListStat {
  let listID: Int
  let count: Int
}
