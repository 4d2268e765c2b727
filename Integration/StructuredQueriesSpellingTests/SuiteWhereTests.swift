import Foundation
import Testing
import TypedSQL

// StructuredQueries' WhereTests, live on SQLite and PostgreSQL.

@Suite struct SuiteWhereTests {
  @Test(arguments: LiveDatabase.allCases)
  func and(database: LiveDatabase) throws {
    try database.run { db in
      let method = try Reminder.where(\.isCompleted).and(Reminder.where(\.isFlagged))
        .count()
        .fetchOne(db)
      #expect(method == 0)
      let `operator` = try (Reminder.where(\.isCompleted) && Reminder.where(\.isFlagged))
        .count()
        .fetchOne(db)
      #expect(`operator` == 0)
      let allFirst = try Reminder.all.and(Reminder.where(\.isFlagged)).count().fetchOne(db)
      #expect(allFirst == 2)
      let allLast = try Reminder.where(\.isFlagged).and(Reminder.all).count().fetchOne(db)
      #expect(allLast == 2)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func emptyResults(database: LiveDatabase) throws {
    try database.run { db in
      // StructuredQueries checks that a wrong snapshot of this query fails; its rows are none.
      let rows = try Reminder.where { $0.isCompleted && !$0.isCompleted }.fetchAll(db)
      #expect(rows.isEmpty)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func or(database: LiveDatabase) throws {
    try database.run { db in
      let method = try Reminder.where(\.isCompleted).or(Reminder.where(\.isFlagged))
        .count()
        .fetchOne(db)
      #expect(method == 5)
      let `operator` = try (Reminder.where(\.isCompleted) || Reminder.where(\.isFlagged))
        .count()
        .fetchOne(db)
      #expect(`operator` == 5)
      // A query without a condition adds none: `Reminder.all.or(flagged)` is `flagged`, so a
      // delete built this way removes only the flagged rows.
      let allFirst = try Reminder.all.or(Reminder.where(\.isFlagged)).count().fetchOne(db)
      #expect(allFirst == 2)
      let allLast = try Reminder.where(\.isFlagged).or(Reminder.all).count().fetchOne(db)
      #expect(allLast == 2)
      try Reminder.all.or(Reminder.where(\.isFlagged)).delete().execute(db)
      let left = try Reminder.count().fetchOne(db)
      #expect(left == 8)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func not(database: LiveDatabase) throws {
    try database.run { db in
      let method = try Reminder.where(\.isCompleted).not()
        .count()
        .fetchOne(db)
      #expect(method == 7)
      let `operator` = try (!Reminder.where(\.isCompleted))
        .count()
        .fetchOne(db)
      #expect(`operator` == 7)
      let all = try Reminder.all.not().count().fetchOne(db)
      #expect(all == 0)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func optionalBoolean(database: LiveDatabase) throws {
    try database.run { db in
      let remindersListIDs = try db.execute(
        RemindersList.insert {
          RemindersList.Draft(title: "New list")
        }
        .returning(\.id)
      )
      let remindersListID = try #require(remindersListIDs.first)
      #expect(remindersListID == 4)
      let rows = try RemindersList
        .find(remindersListID)
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .where { $1.isCompleted }
        .fetchAll(db)
      #expect(rows.isEmpty)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func buildArray(database: LiveDatabase) throws {
    try database.run { db in
      let terms = ["daily", "monthly"]
      let lists = try RemindersList.where {
        for term in terms {
          $0.title.like("%\(term)%")
        }
      }
      .fetchAll(db)
      #expect(lists.isEmpty)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func nilBuilder(database: LiveDatabase) throws {
    try database.run { db in
      let lists = try RemindersList.where { _ in
        nil
      }
      .fetchAll(db)
      #expect(
        lists == [
          RemindersList(id: 1, color: 4_889_071, title: "Personal"),
          RemindersList(id: 2, color: 15_567_157, title: "Family"),
          RemindersList(id: 3, color: 11_689_427, title: "Business"),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func multipleWheres(database: LiveDatabase) throws {
    try database.run { db in
      let groceries = [
        Reminder(
          id: 1, assignedUserID: 1, dueDate: Date(timeIntervalSinceReferenceDate: 0),
          notes: "Milk, Eggs, Apples", remindersListID: 1, title: "Groceries")
      ]
      // The hand-written `dueDate <= date('now')` compares text with a date, which PostgreSQL
      // refuses: as written it runs on SQLite only, and in TypedSQL's spelling on both.
      if database == .sqlite {
        let reminders = try Reminder
          .where { $0.assignedUserID.eq(1) }
          .where { !$0.isCompleted }
          .where {
            ($0.isFlagged && $0.priority.ifnull(Priority.low).gte(Priority.medium))
              || (#sql("\($0.dueDate) <= date('now')") && $0.priority.is(nil))
          }
          .fetchAll(db)
        #expect(reminders == groceries)
      }
      let reminders = try Reminder
        .where { $0.assignedUserID.eq(1) }
        .where { !$0.isCompleted }
        .where {
          ($0.isFlagged && $0.priority.ifnull(Priority.low).gte(Priority.medium))
            || ($0.dueDate.lte(#bind(Date())) && $0.priority.is(nil))
        }
        .fetchAll(db)
      #expect(reminders == groceries)
    }
  }
}
