import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres

// StructuredQueries' SelectionTests, live on SQLite and PostgreSQL: `@Selection` types filled
// from tables, joins, aggregates and aliases, checked against the rows its tests record.
//
// `optionalAlias` selects a list's columns beside `count` with no `GROUP BY`, as StructuredQueries'
// SQL does: SQLite returns its row, and PostgreSQL rejects the SQL (42803, "column "rls.id" must
// appear in the GROUP BY clause or be used in an aggregate function"), which the case checks.

@Selection
private struct ReminderDate {
  // Rewritten: the date's representation is written (`@Column(as:)`), as this target's
  // `Reminder.dueDate` declares it; a `Date?` column of ISO-8601 text does not fill a plain
  // `Date?` ("cannot convert value of type 'ColumnsOf<Date.ISO8601Representation?>' to expected
  // argument type 'ColumnsOf<Date?>'").
  @Column(as: Date.ISO8601Representation?.self)
  var date: Date?
}

@Selection
private struct ReminderTitleAndAssignedUserName {
  let reminderTitle: String
  let assignedUserName: String?
}

@Selection
private struct RemindersListAndReminderCount {
  let remindersList: RemindersList
  let remindersCount: Int
}

private enum RL: AliasName {}

@Selection
private struct RemindersListAliasAndReminderCount {
  @Column(as: TableAlias<RemindersList, RL>.self)
  let remindersList: RemindersList
  let remindersCount: Int
}

@Selection
private struct OptionalRemindersListAliasAndReminderCount {
  @Column(as: TableAlias<RemindersList, RL>?.self)
  let remindersList: RemindersList?
  let remindersCount: Int
}

@Selection
private struct Stats {
  let completedCount: Int
  let flaggedCount: Int
  let totalCount: Int
}

@Selection
private struct IDSelection {
  let id: Int
}

@Selection
private struct AnotherIDSelection {
  let id: Int
}

@Selection
private struct SelectionWithColumnGroupAndID {
  let id: Int
  let remindersList: RemindersList
}

@Selection
private struct SelectionWithColumnGroupAliasAndID {
  let id: Int
  @Column(as: TableAlias<RemindersList, RL>.self)
  let remindersList: RemindersList
}

private let personal = RemindersList(id: 1, color: 4_889_071, title: "Personal")
private let family = RemindersList(id: 2, color: 15_567_157, title: "Family")
private let business = RemindersList(id: 3, color: 11_689_427, title: "Business")

/// The date `days` days from StructuredQueries' "now", 2001-01-01.
private func day(_ days: Double) -> Date {
  Date(timeIntervalSinceReferenceDate: 60 * 60 * 24 * days)
}

@Suite struct SuiteSelectionTests {
  @Test(arguments: LiveDatabase.allCases)
  func remindersListAndReminderCount(database: LiveDatabase) throws {
    try database.run { db in
      let baseQuery =
        RemindersList
        .group(by: \.id)
        .limit(2)
        .join(Reminder.all) { $0.id.eq($1.remindersListID) }

      let selected = try baseQuery
        .select {
          RemindersListAndReminderCount.Columns(remindersList: $0, remindersCount: $1.id.count())
        }
        .fetchAll(db)
      #expect(selected.map(\.remindersList) == [personal, family])
      #expect(selected.map(\.remindersCount) == [5, 3])

      // Rewritten: a select's `map` reshapes bindable values only, not a table's columns
      // ("instance method 'map' requires that 'RemindersList.TableColumns.QueryValue' (aka
      // 'RemindersList') conform to 'QueryBindable'"), so the pair is reshaped after fetching.
      let mapped = try baseQuery
        .select { ($1.id.count(), $0) }
        .fetchAll(db)
        .map { RemindersListAndReminderCount(remindersList: $1, remindersCount: $0) }
      #expect(mapped.map(\.remindersList) == [personal, family])
      #expect(mapped.map(\.remindersCount) == [5, 3])

      let remindersListAndRemindersCount = RemindersListAndReminderCount.Columns(
        remindersList: RemindersList.columns,
        remindersCount: Reminder.columns.count()
      )
      let handWritten = try #sql(
        """
        SELECT \(remindersListAndRemindersCount)
        FROM \(RemindersList.self)
        JOIN \(Reminder.self) ON \(RemindersList.id) = \(Reminder.remindersListID)
        GROUP BY \(RemindersList.id)
        """,
        as: RemindersListAndReminderCount.self
      )
      .fetchAll(db)
      // No ORDER BY: PostgreSQL returns the groups in another order, so they are sorted by id.
      let byID = handWritten.sorted { $0.remindersList.id < $1.remindersList.id }
      #expect(byID.map(\.remindersList) == [personal, family, business])
      #expect(byID.map(\.remindersCount) == [5, 3, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func outerJoin(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder
        .limit(2)
        .leftJoin(User.all) { $0.assignedUserID.is($1.id) }
        .select {
          ReminderTitleAndAssignedUserName.Columns(
            reminderTitle: $0.title,
            assignedUserName: $1.name
          )
        }
        .fetchAll(db)
      #expect(rows.map(\.reminderTitle) == ["Groceries", "Haircut"])
      #expect(rows.map(\.assignedUserName) == ["Blob", nil])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func date(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select {
        ReminderDate.Columns(date: $0.dueDate)
      }
      .fetchAll(db)
      let expected: [Date?] = [day(0), day(-2), day(0), day(-190), nil, day(2), day(-2), day(4), day(2), day(-2)]
      #expect(rows.map(\.date) == expected)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func multiAggregate(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select {
        Stats.Columns(
          completedCount: $0.count(filter: $0.isCompleted),
          flaggedCount: $0.count(filter: $0.isFlagged),
          totalCount: $0.count()
        )
      }
      .fetchAll(db)
      #expect(rows.map(\.completedCount) == [3])
      #expect(rows.map(\.flaggedCount) == [2])
      #expect(rows.map(\.totalCount) == [10])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func alias(database: LiveDatabase) throws {
    try database.run { db in
      let baseQuery =
        RemindersList.as(RL.self).all
        .group(by: \.id)
        .limit(2)
        .join(Reminder.all) { $0.id.eq($1.remindersListID) }

      let rows = try baseQuery
        .select {
          RemindersListAliasAndReminderCount.Columns(
            remindersList: $0,
            remindersCount: $1.id.count()
          )
        }
        .fetchAll(db)
      #expect(rows.map(\.remindersList) == [personal, family])
      #expect(rows.map(\.remindersCount) == [5, 3])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func duplicateSelectionColumnNames(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select {
        (IDSelection.Columns(id: $0.id), AnotherIDSelection.Columns(id: $0.id))
      }
      .fetchAll(db)
      #expect(rows.map(\.0.id) == Array(1...10))
      #expect(rows.map(\.1.id) == Array(1...10))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func duplicateColumnNamesWithinSelectionWithColumnGroup(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try RemindersList.select {
        SelectionWithColumnGroupAndID.Columns(id: $0.id, remindersList: $0)
      }
      .fetchAll(db)
      #expect(rows.map(\.id) == [1, 2, 3])
      #expect(rows.map(\.remindersList) == [personal, family, business])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func duplicateColumnNamesWithinSelectionWithColumnGroupAlias(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try RemindersList.as(RL.self).select {
        SelectionWithColumnGroupAliasAndID.Columns(id: $0.id, remindersList: $0)
      }
      .fetchAll(db)
      #expect(rows.map(\.id) == [1, 2, 3])
      #expect(rows.map(\.remindersList) == [personal, family, business])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func optionalAlias(database: LiveDatabase) throws {
    try database.run { db in
      let baseQuery =
        Reminder
        .leftJoin(RemindersList.as(RL.self).all) { $0.remindersListID.eq($1.id) }
      let query = baseQuery.select {
        OptionalRemindersListAliasAndReminderCount.Columns(
          remindersList: $1,
          remindersCount: $0.id.count()
        )
      }
      guard database == .sqlite else {
        // PostgreSQL rejects StructuredQueries' SQL: the list's columns beside `count`, ungrouped.
        let error = #expect(throws: PostgresError.self) { try query.fetchAll(db) }
        #expect(error?.sqlState == "42803")
        return
      }
      let rows = try query.fetchAll(db)
      #expect(rows.map(\.remindersList) == [personal])
      #expect(rows.map(\.remindersCount) == [10])
    }
  }
}
