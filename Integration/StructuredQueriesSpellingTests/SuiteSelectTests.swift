import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres

// StructuredQueries' SelectTests, live on SQLite and PostgreSQL: each query as StructuredQueries
// writes it, checked against the rows its test records.
//
// `virtualTable` reads SQLite's `pragma_table_info` and `pragma_foreign_key_list` through
// generic tables that declare their own SQL (`tableFragment`) and alias (`tableAlias`); it checks
// the rows of this suite's schema, whose column order and declared types differ from
// StructuredQueries' (`"isCompleted" INTEGER` where it writes `BOOLEAN`). Its SQL is SQLite's own,
// which PostgreSQL rejects (42883, no function `pragma_table_info`).
//
// Left out:
// - `vec0`: StructuredQueries only renders it; its `vec0` virtual table needs the sqlite-vec
//   extension, which Debian's SQLite does not load.

extension RemindersList {
  /// StructuredQueries' schema declares this in `RemindersList`: each list with the number of its
  /// reminders, chained off other queries of the table.
  fileprivate static let withReminderCount = group(by: \.id)
    .join(Reminder.all) { $0.id.eq($1.remindersListID) }
    .select { $1.id.count() }
}

extension Reminder.TableColumns {
  /// A reminder of high priority: a helper read through a left join and from a draft.
  var isHighPriority: some QueryExpression<Bool> {
    self.priority.is(Priority.high)
  }
}

@Selection
private struct StampedTag {
  @Column(as: Date.UnixTimeRepresentation.self)
  var createdAt = Date(timeIntervalSince1970: 60 * 60 * 24)
  var name = ""
}

private let allIDs = Array(1...10)

/// The date `days` days from StructuredQueries' "now", 2001-01-01.
private func date(_ days: Double) -> Date {
  Date(timeIntervalSinceReferenceDate: 60 * 60 * 24 * days)
}

@Suite struct SuiteSelectTests {
  @Test(arguments: LiveDatabase.allCases)
  func representationDefault(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { _ in StampedTag.Columns(name: "car") }.limit(1)
        .fetchAll(db)
      #expect(rows.map(\.createdAt) == [Date(timeIntervalSince1970: 86400)])
      #expect(rows.map(\.name) == ["car"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selectAll(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Tag.all.fetchAll(db)
      #expect(
        rows.sorted { $0.id < $1.id } == [
          Tag(id: 1, title: "car"), Tag(id: 2, title: "kids"), Tag(id: 3, title: "someday"),
          Tag(id: 4, title: "optional"),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selectDistinct(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.distinct().select(\.priority).fetchAll(db)
      #expect(rows.count == 4)
      #expect(Set(rows) == [nil, .high, .low, .medium])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func select(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { ($0.id, $0.title) }.fetchAll(db)
      #expect(
        rows.map { "\($0.0) \($0.1)" }.sorted { $0.localizedStandardCompare($1) == .orderedAscending } == [
          "1 Groceries", "2 Haircut", "3 Doctor appointment", "4 Take a walk", "5 Buy concert tickets",
          "6 Pick up kids from school", "7 Get laundry", "8 Take out trash", "9 Call accountant",
          "10 Send weekly emails",
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selectSingleColumn(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Tag.select(\.title).fetchAll(db)
      #expect(rows.sorted() == ["car", "kids", "optional", "someday"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selectChaining(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Tag.select(\.id).select(\.title).fetchAll(db)
      #expect(
        rows.map { "\($0.0) \($0.1)" }.sorted() == ["1 car", "2 kids", "3 someday", "4 optional"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selectChainingWithJoin(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: a join takes a table's query, so the ids are selected after the join.
      let rows = try Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .select { ($0.id, $1.id) }
        .fetchAll(db)
      let pairs: [[Int]] = rows.map { [$0.0, $0.1] }.sorted { $0[0] < $1[0] }
      let expected: [[Int]] = [
        [1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 2], [7, 2], [8, 2], [9, 3], [10, 3],
      ]
      #expect(pairs == expected)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func join(database: LiveDatabase) throws {
    try database.run { db in
      let joined = try Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .fetchAll(db)
      #expect(
        joined.map { "\($0.0.id) \($0.0.title): \($0.1.id) \($0.1.title) \($0.1.color)" }
          .sorted { $0.localizedStandardCompare($1) == .orderedAscending } == [
            "1 Groceries: 1 Personal 4889071", "2 Haircut: 1 Personal 4889071",
            "3 Doctor appointment: 1 Personal 4889071", "4 Take a walk: 1 Personal 4889071",
            "5 Buy concert tickets: 1 Personal 4889071", "6 Pick up kids from school: 2 Family 15567157",
            "7 Get laundry: 2 Family 15567157", "8 Take out trash: 2 Family 15567157",
            "9 Call accountant: 3 Business 11689427", "10 Send weekly emails: 3 Business 11689427",
          ])
      let reminder = try #require(joined.first { $0.0.id == 1 })
      #expect(
        reminder.0
          == Reminder(
            id: 1, assignedUserID: 1, dueDate: Date(timeIntervalSinceReferenceDate: 0),
            notes: "Milk, Eggs, Apples", remindersListID: 1, title: "Groceries"))

      let titles = try RemindersList
        .join(Reminder.all) { $0.id.eq($1.remindersListID) }
        .select { ($0.title, $1.title) }
        .fetchAll(db)
      #expect(
        titles.map { "\($0.0): \($0.1)" }.sorted() == [
          "Business: Call accountant", "Business: Send weekly emails", "Family: Get laundry",
          "Family: Pick up kids from school", "Family: Take out trash", "Personal: Buy concert tickets",
          "Personal: Doctor appointment", "Personal: Groceries", "Personal: Haircut", "Personal: Take a walk",
        ])

      let leftJoined = try Reminder.all
        .leftJoin(User.all) { $0.assignedUserID.eq($1.id) }
        .select { ($0.title, $1.name) }
        .limit(2)
        .fetchAll(db)
      #expect(leftJoined.map { "\($0.0): \($0.1 ?? "nil")" } == ["Groceries: Blob", "Haircut: nil"])

      let rightJoined = try User.all
        .rightJoin(Reminder.all) { $0.id.is($1.assignedUserID) }
        .limit(2)
        .fetchAll(db)
      #expect(rightJoined.map { "\($0.0?.name ?? "nil"): \($0.1.title)" } == ["Blob: Groceries", "nil: Haircut"])

      let rightJoinedPairs = try User.all
        .rightJoin(Reminder.all) { $0.id.is($1.assignedUserID) }
        .limit(2)
        .select { ($0, $1) }
        .fetchAll(db)
      #expect(
        rightJoinedPairs.map { "\($0.0?.name ?? "nil"): \($0.1.title)" } == ["Blob: Groceries", "nil: Haircut"])

      let rightJoinedTitles = try User.all
        .rightJoin(Reminder.all) { $0.id.is($1.assignedUserID) }
        .select { ($1.title, $0.name) }
        .limit(2)
        .fetchAll(db)
      #expect(rightJoinedTitles.map { "\($0.0): \($0.1 ?? "nil")" } == ["Groceries: Blob", "Haircut: nil"])

      // PostgreSQL runs a FULL JOIN only on a condition it can hash or merge, which
      // `IS NOT DISTINCT FROM` is not: TypedSQL spells the null-safe equality there as
      // `ARRAY[a] = ARRAY[b]`, which is both, with the same meaning.
      let fullJoined = try Reminder.all
        .fullJoin(User.all) { $0.assignedUserID.is($1.id) }
        .select { ($0.title, $1.name) }
        .order { ($0.id, $1.id) }
        .fetchAll(db)
      // The users no reminder is assigned to come first (NULLs first, as SQLite orders them).
      #expect(
        fullJoined.map { "\($0.0 ?? "nil"): \($0.1 ?? "nil")" }.prefix(4)
          == ["nil: Blob Jr", "nil: Blob Sr", "Groceries: Blob", "Haircut: nil"])
      #expect(fullJoined.count == 12)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func `where`(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.where(\.isCompleted).fetchAll(db)
      #expect(rows.map(\.id).sorted() == [4, 7, 10])
      #expect(rows.map(\.title).sorted() == ["Get laundry", "Send weekly emails", "Take a walk"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func whereConditionalTrue(database: LiveDatabase) throws {
    try database.run { db in
      let includeConditional = true
      let rows = try Reminder.all.select(\.id)
        .where {
          if includeConditional {
            $0.isCompleted
          }
        }
        .fetchAll(db)
      #expect(rows.sorted() == [4, 7, 10])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func whereConditionalFalse(database: LiveDatabase) throws {
    try database.run { db in
      let includeConditional = false
      let rows = try Reminder.all.select(\.id)
        .where {
          if includeConditional {
            $0.isCompleted
          }
        }
        .fetchAll(db)
      #expect(rows.sorted() == allIDs)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func whereAnd(database: LiveDatabase) throws {
    try database.run { db in
      let count = try Reminder.where(\.isCompleted).and(.where(\.isFlagged))
        .count()
        .fetchOne(db)
      #expect(count == 0)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func whereOr(database: LiveDatabase) throws {
    try database.run { db in
      let count = try Reminder.where(\.isCompleted).or(.where(\.isFlagged))
        .count()
        .fetchOne(db)
      #expect(count == 5)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func group(database: LiveDatabase) throws {
    try database.run { db in
      let byKeyPath = try Reminder.select { ($0.isCompleted, $0.id.count()) }.group(by: \.isCompleted)
        .fetchAll(db)
      #expect(byKeyPath.map { "\($0.0) \($0.1)" }.sorted() == ["false 7", "true 3"])
      // Rewritten: `#sql` in `group` names its type (`as: Bool.self`).
      let bySQL = try Reminder.select { ($0.isCompleted, $0.id.count()) }.group { #sql("\($0.isCompleted)", as: Bool.self) }
        .fetchAll(db)
      #expect(bySQL.map { "\($0.0) \($0.1)" }.sorted() == ["false 7", "true 3"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func having(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder
        .select { ($0.isCompleted, $0.id.count()) }
        .group(by: \.isCompleted)
        .having { $0.id.count() > 3 }
        .fetchAll(db)
      #expect(rows.map { "\($0.0) \($0.1)" } == ["false 7"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func havingConditionalTrue(database: LiveDatabase) throws {
    try database.run { db in
      let includeConditional: Bool = true
      let rows = try Reminder
        .select { ($0.isCompleted, $0.id.count()) }
        .group(by: \.isCompleted)
        .having {
          if includeConditional {
            $0.id.count() > 3
          }
        }
        .fetchAll(db)
      #expect(rows.map { "\($0.0) \($0.1)" } == ["false 7"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func havingConditionalFalse(database: LiveDatabase) throws {
    try database.run { db in
      let includeConditional: Bool = false
      let rows = try Reminder
        .select { ($0.isCompleted, $0.id.count()) }
        .group(by: \.isCompleted)
        .having {
          if includeConditional {
            $0.id.count() > 3
          }
        }
        .fetchAll(db)
      #expect(rows.map { "\($0.0) \($0.1)" }.sorted() == ["false 7", "true 3"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func order(database: LiveDatabase) throws {
    try database.run { db in
      let titles = try Reminder
        .select(\.title)
        .order(by: \.title)
        .fetchAll(db)
      #expect(
        titles == [
          "Buy concert tickets", "Call accountant", "Doctor appointment", "Get laundry", "Groceries", "Haircut",
          "Pick up kids from school", "Send weekly emails", "Take a walk", "Take out trash",
        ])

      let byCompletion = try Reminder
        .select { ($0.isCompleted, $0.dueDate) }
        .order { ($0.isCompleted.asc(), $0.dueDate.desc()) }
        .fetchAll(db)
      let completionOrder = [false, false, false, false, false, false, false, true, true, true]
      #expect(byCompletion.map(\.0) == completionOrder)
      let completionDates: [Date?] = [
        date(4), date(2), date(2), date(0), date(0), date(-2), nil, date(-2), date(-2), date(-190),
      ]
      let byCompletionDates: [Date?] = byCompletion.map { $0.1?.queryOutput }
      #expect(byCompletionDates == completionDates)

      let byPriorityQuery = Reminder
        .select { ($0.priority, $0.dueDate) }
        .order {
          if true {
            (
              $0.priority.asc(nulls: .last),
              $0.dueDate.desc(nulls: .first),
              $0.title.collate(.nocase).desc()
            )
          }
        }
      guard database == .sqlite else {
        // TypedSQL: "PostgreSQL does not support COLLATE NOCASE".
        #expect(throws: (any Error).self) { try byPriorityQuery.fetchAll(db) }
        return
      }
      let byPriority = try byPriorityQuery.fetchAll(db)
      let priorityOrder: [Priority?] = [.low, .medium, .high, .high, .high, nil, nil, nil, nil, nil]
      #expect(byPriority.map(\.0) == priorityOrder)
      let priorityDates: [Date?] = [
        date(-2), date(-2), date(4), date(2), date(0), nil, date(2), date(0), date(-2), date(-190),
      ]
      let byPriorityDates: [Date?] = byPriority.map { $0.1?.queryOutput }
      #expect(byPriorityDates == priorityDates)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func limit(database: LiveDatabase) throws {
    try database.run { db in
      let first = try Reminder.select(\.id).limit(2).fetchAll(db)
      #expect(first == [1, 2])
      let second = try Reminder.select(\.id).limit(2).offset(2).fetchAll(db)
      #expect(second == [3, 4])
      let reset = try Reminder.select(\.id).limit(2).limit(nil).offset(nil).fetchAll(db)
      #expect(reset == [1, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func offsetWithoutLimit(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select(\.id).offset(8).fetchAll(db)
      #expect(rows == [9, 10])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func count(database: LiveDatabase) throws {
    try database.run { db in
      let count = try Reminder.count().fetchOne(db)
      #expect(count == 10)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func countFilter(database: LiveDatabase) throws {
    try database.run { db in
      let count = try Reminder.count { !$0.isCompleted }.fetchOne(db)
      #expect(count == 7)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func map(database: LiveDatabase) throws {
    try database.run { db in
      let swapped = try Reminder.limit(1).select { ($0.id, $0.title) }.map { ($1, $0) }.fetchAll(db)
      #expect(swapped.map { "\($0.0) \($0.1)" } == ["Groceries 1"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func none(database: LiveDatabase) throws {
    try database.run { db in
      // StructuredQueries checks that these render no SQL; here each runs and has no rows.
      let lists = try RemindersList.none.fetchAll(db)
      #expect(lists.isEmpty)
      let ids = try RemindersList.none.select(\.id).fetchAll(db)
      #expect(ids.isEmpty)
      let joined = try RemindersList.join(Reminder.none) { _, _ in true }.fetchAll(db)
      #expect(joined.isEmpty)
      let noneJoined = try RemindersList.none.join(Reminder.all) { _, _ in true }.fetchAll(db)
      #expect(noneJoined.isEmpty)
      let leftJoined = try RemindersList.leftJoin(Reminder.none) { _, _ in true }.fetchAll(db)
      #expect(leftJoined.isEmpty)
      let noneLeftJoined = try RemindersList.none.leftJoin(Reminder.all) { _, _ in true }.fetchAll(db)
      #expect(noneLeftJoined.isEmpty)
      let rightJoined = try RemindersList.rightJoin(Reminder.none) { _, _ in true }.fetchAll(db)
      #expect(rightJoined.isEmpty)
      let having = try Reminder.none.having(\.isCompleted).fetchAll(db)
      #expect(having.isEmpty)
      let completed = try Reminder.none.where(\.isCompleted).fetchAll(db)
      #expect(completed.isEmpty)
      let grouped = try Reminder.none.group(by: \.id).fetchAll(db)
      #expect(grouped.isEmpty)
      let ordered = try Reminder.none.order(by: \.id).fetchAll(db)
      #expect(ordered.isEmpty)
      let limited = try Reminder.none.limit(1).fetchAll(db)
      #expect(limited.isEmpty)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selfJoin(database: LiveDatabase) throws {
    enum R1: AliasName {}
    enum R2: AliasName {}
    try database.run { db in
      let rows = try Reminder.as(R1.self)
        .join(Reminder.as(R2.self).all) { $0.id.eq($1.id) }
        .limit(1)
        .fetchAll(db)
      #expect(rows.count == 1)
      #expect(rows.map { $0.0.id == $0.1.id && $0.0 == $0.1 } == [true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selfLeftJoinSelect(database: LiveDatabase) throws {
    enum R1: AliasName {}
    enum R2: AliasName {}
    try database.run { db in
      let rows = try Reminder.as(R1.self)
        .leftJoin(Reminder.as(R2.self).all) { $0.id.eq($1.id) }
        .limit(1)
        .select { ($0.id, $1.id) }
        .fetchAll(db)
      #expect(rows.count == 1)
      #expect(rows.map { $0.0 == $0.1 } == [true])
      let grouped = try Reminder.as(R1.self)
        .group(by: \.id)
        .leftJoin(Reminder.as(R2.self).all) { $0.id.eq($1.id) }
        .limit(1)
        .select { ($0, $1.jsonGroupArray()) }
        .fetchAll(db)
      // No ORDER BY: the one group may be any reminder's; its array holds that reminder.
      #expect(grouped.count == 1)
      #expect(grouped.map { $0.1.map(\.id) } == grouped.map { [$0.0.id] })
      let empty = try Reminder.as(R1.self)
        .group(by: \.id)
        .leftJoin(Reminder.as(R2.self).all) { $0.id.eq($1.id) && $0.id.eq(42) }
        .limit(1)
        .select { ($0, $1.jsonGroupArray()) }
        .fetchAll(db)
      #expect(empty.count == 1)
      #expect(empty.map { $0.1.isEmpty } == [true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func `case`(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Values(
        Case()
          .when(true, then: "present")
          .else("unknown")
      )
      .fetchAll(db)
      #expect(rows == ["present"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func reusableStaticHelperOnDraft(database: LiveDatabase) throws {
    try database.run { db in
      let incomplete = [1, 2, 3, 5, 6, 8, 9]
      // Rewritten: `Reminder.Draft.…` is `Reminder.…` (a draft is only a row to insert).
      let first = try Reminder.incomplete.select(\.id).fetchAll(db)
      #expect(first.sorted() == incomplete)
      let second = try Reminder.where { _ in true }.incomplete.select(\.id).fetchAll(db)
      #expect(second.sorted() == incomplete)
      let third = try Reminder.select(\.id).incomplete.fetchAll(db)
      #expect(third.sorted() == incomplete)
      let fourth = try Reminder.all.incomplete.select(\.id).fetchAll(db)
      #expect(fourth.sorted() == incomplete)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func reusableColumnHelperOnDraft(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `Reminder.Draft.select` is `Reminder.select`.
      // Rewritten: `Reminder.Draft.select(\.isHighPriority)` is
      // `Reminder.select { SQLQueryExpression($0.isHighPriority) }`.
      let rows = try Reminder.select { SQLQueryExpression($0.isHighPriority) }.fetchAll(db)
      #expect(rows.filter { $0 }.count == 3)
      #expect(rows.count == 10)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func optionalMapAndFlatMap(database: LiveDatabase) throws {
    try database.run { db in
      let mapped = try Reminder.select {
        $0.priority.map { $0 < Priority.high }
      }
      .fetchAll(db)
      // No ORDER BY: the rows are counted by value.
      #expect(mapped.filter { $0 == nil }.count == 5)
      #expect(mapped.filter { $0 == false }.count == 3)
      #expect(mapped.filter { $0 == true }.count == 2)
      // The aggregate of the rows whose priority is not NULL: `max(…) FILTER (WHERE … IS NOT NULL)`
      // (a CASE around `max` would read the column outside the aggregate, which PostgreSQL refuses).
      let flatMapped = try Reminder.select { $0.priority.flatMap { $0.max() } }.fetchAll(db)
      #expect(flatMapped == [.high])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func limitAndOffsetBuilders(database: LiveDatabase) throws {
    enum PerPage { case none, `default` }
    let perPage = PerPage.default
    let offset: Int? = nil
    try database.run { db in
      let rows = try Reminder
        .select(\.id)
        .limit { _ in
          switch perPage {
          case .none: nil
          case .default: 2
          }
        }
        .offset { _ in
          if let offset {
            offset
          }
        }
        .fetchAll(db)
      #expect(rows == [1, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func deprecatedLimit(database: LiveDatabase) throws {
    try database.run { db in
      let first = try Reminder.select(\.id).limit(2, offset: 2).fetchAll(db)
      #expect(first == [3, 4])
      let second = try Reminder.select(\.id).limit(2, offset: 2).limit(1, offset: nil).fetchAll(db)
      #expect(second == [3])
      let closures = try Reminder.select(\.id).limit({ _ in 2 }, offset: { _ in 2 }).fetchAll(db)
      #expect(closures == [3, 4])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func singleJoinChaining(database: LiveDatabase) throws {
    try database.run { db in
      // StructuredQueries only compiles these; here some of them run. Reminders 1, 2 and 4 have
      // two tags each.
      let base = Reminder.group(by: \.id).join(ReminderTag.all) { $0.id.eq($1.reminderID) }
      let completed = try base.select { r, _ in r.isCompleted }.fetchAll(db)
      #expect(completed.sorted { !$0 && $1 } == [false, false, true])
      let filtered = try base.where { r, _ in r.isCompleted }.select { r, _ in r.id }.fetchAll(db)
      #expect(filtered == [4])
      let counts = try base.count().fetchAll(db)
      #expect(counts == [2, 2, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aliasedFind(database: LiveDatabase) throws {
    enum R1: AliasName {}
    enum R2: AliasName {}
    try database.run { db in
      let rows = try Reminder.as(R1.self).find(1).as(R2.self).fetchAll(db)
      #expect(rows.map(\.title) == ["Groceries"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func reusableHelperOnLeftJoinedTable(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try RemindersList
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .where { $1.isHighPriority.ifnull(false) }
        .fetchAll(db)
      #expect(rows.map { "\($0.0.id) \($0.1?.id ?? 0)" } == ["1 3", "2 6", "2 8"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func tuples(database: LiveDatabase) throws {
    try database.run { db in
      let car = try Tag.where {
        $0.eq(Tag(id: 1, title: "car"))
      }.fetchAll(db)
      #expect(car == [Tag(id: 1, title: "car")])
      let after = try Tag.where {
        $0 > Tag(id: 1, title: "car")
      }.fetchAll(db)
      #expect(after.map(\.id) == [2, 3, 4])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func virtualTable(database: LiveDatabase) throws {
    try database.run { db in
      // SQLite's own SQL, which PostgreSQL rejects: `pragma_table_info` is SQLite's.
      let info = PragmaTableInfo<Reminder>.all
      #expect(
        try info.render(in: .sqlite).sql == """
          SELECT "remindersTableInfo"."cid", "remindersTableInfo"."name", "remindersTableInfo"."type", \
          "remindersTableInfo"."notnull", "remindersTableInfo"."dflt_value", "remindersTableInfo"."pk" \
          FROM pragma_table_info('reminders') AS "remindersTableInfo"
          """)
      let foreignKeys = PragmaForeignKeyList<Reminder>
        .join(PragmaTableInfo<Reminder>.all) { $0.from.eq($1.name) }
      #expect(
        try foreignKeys.render(in: .sqlite).sql == """
          SELECT "remindersForeignKeys"."id", "remindersForeignKeys"."seq", "remindersForeignKeys"."table", \
          "remindersForeignKeys"."from", "remindersForeignKeys"."to", "remindersForeignKeys"."on_update", \
          "remindersForeignKeys"."on_delete", "remindersForeignKeys"."match", "remindersTableInfo"."cid", \
          "remindersTableInfo"."name", "remindersTableInfo"."type", "remindersTableInfo"."notnull", \
          "remindersTableInfo"."dflt_value", "remindersTableInfo"."pk" \
          FROM pragma_foreign_key_list('reminders') AS "remindersForeignKeys" \
          JOIN pragma_table_info('reminders') AS "remindersTableInfo" \
          ON ("remindersForeignKeys"."from" = "remindersTableInfo"."name")
          """)
      guard database == .sqlite else {
        let error = #expect(throws: PostgresError.self) { try info.fetchAll(db) }
        #expect(error?.sqlState == "42883")
        return
      }
      let columns = try info.fetchAll(db)
      #expect(columns.map(\.name) == [
        "id", "assignedUserID", "dueDate", "isCompleted", "isFlagged", "notes", "priority",
        "remindersListID", "title", "updatedAt",
      ])
      #expect(columns.map(\.columnID) == Array(0..<10))
      #expect(columns.first == PragmaTableInfo(
        columnID: 0, name: "id", type: "INTEGER", isNotNull: false, defaultValue: nil, isPrimaryKey: true))
      #expect(columns[3] == PragmaTableInfo(
        columnID: 3, name: "isCompleted", type: "INTEGER", isNotNull: true, defaultValue: "0", isPrimaryKey: false))
      #expect(columns[5].defaultValue == "''")
      #expect(columns.filter(\.isNotNull).map(\.name) == [
        "isCompleted", "isFlagged", "notes", "remindersListID", "title", "updatedAt",
      ])

      let joined = try foreignKeys.fetchAll(db)
      #expect(joined.count == 1)
      #expect(joined.first?.0 == PragmaForeignKeyList(
        id: 0, sequence: 0, table: "remindersLists", from: "remindersListID", to: "id",
        onUpdate: .noAction, onDelete: .cascade, match: "NONE"))
      #expect(joined.first?.1 == PragmaTableInfo(
        columnID: 7, name: "remindersListID", type: "INTEGER", isNotNull: true, defaultValue: nil,
        isPrimaryKey: false))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func dynamicMember(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try RemindersList
        .limit(1)
        .select(\.title)
        .withReminderCount
        .fetchAll(db)
      // StructuredQueries' row is ("Personal", 5). Its query has no ORDER BY, so which list comes
      // first is each database's choice: the row must be a list with its own count.
      let counts = Dictionary(
        uniqueKeysWithValues: try RemindersList.select(\.title).withReminderCount.fetchAll(db))
      #expect(counts["Personal"] == 5)
      #expect(rows.count == 1)
      #expect(rows.allSatisfy { counts[$0.0] == $0.1 })
    }
  }
}

/// StructuredQueries' `PragmaTableInfo`: the columns of `Base`'s table, read from SQLite's
/// `pragma_table_info`.
@Table
private struct PragmaTableInfo<Base: Table>: Equatable {
  static var tableAlias: String? { "\(Base.tableName)TableInfo" }
  static var schemaName: String? { Base.schemaName }

  static var tableFragment: QueryFragment {
    "pragma_table_info(\(quote: Base.tableName, delimiter: .text))"
  }

  @Column("cid") let columnID: Int
  let name: String
  let type: String
  @Column("notnull") let isNotNull: Bool
  @Column("dflt_value") let defaultValue: String?
  @Column("pk") let isPrimaryKey: Bool
}

/// StructuredQueries' `PragmaForeignKeyList`: the foreign keys of `Base`'s table, read from
/// SQLite's `pragma_foreign_key_list`.
@Table
private struct PragmaForeignKeyList<Base: Table>: Equatable {
  static var tableAlias: String? { "\(Base.tableName)ForeignKeys" }
  static var tableFragment: QueryFragment {
    "pragma_foreign_key_list(\(quote: Base.tableName, delimiter: .text))"
  }

  let id: Int
  @Column("seq") let sequence: Int
  let table: String
  let from: String
  let to: String
  @Column("on_update") let onUpdate: ForeignKeyAction
  @Column("on_delete") let onDelete: ForeignKeyAction
  let match: String
}

private enum ForeignKeyAction: String, QueryBindable {
  case cascade = "CASCADE"
  case restrict = "RESTRICT"
  case setDefault = "SET DEFAULT"
  case setNull = "SET NULL"
  case noAction = "NO ACTION"
}
