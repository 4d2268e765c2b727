import Foundation
import Testing
import TypedSQL

/// Selects in StructuredQueries' spelling over its seed data, on both databases: key-path
/// forms, comparison methods, grouping, counting, joins, membership, compound selects, `Values`,
/// and table-level `distinct` and `exists`.
@Suite struct SelectSpellingTests {
  @Test(arguments: LiveDatabase.allCases)
  func filtering(database: LiveDatabase) throws {
    try database.run { db in
      #expect(try Reminder.where(\.isCompleted).order(by: \.id).select(\.id).fetchAll(db) == [4, 7, 10])
      #expect(try Reminder.where { $0.priority.eq(Priority.high) }.order(by: \.id).select(\.id).fetchAll(db) == [3, 6, 8])
      #expect(try Reminder.where { $0.priority.is(nil) }.order(by: \.id).select(\.id).fetchAll(db) == [1, 2, 4, 5, 9])
      #expect(try Reminder.where { $0.priority.isNot(nil) }.count().fetchOne(db) == 5)
      #expect(try Reminder.where { $0.id.gt(8) }.order(by: \.id).select(\.id).fetchAll(db) == [9, 10])
      #expect(try Reminder.where { $0.id.lte(2) || $0.id.gte(10) }.order(by: \.id).select(\.id).fetchAll(db) == [1, 2, 10])
      #expect(try Reminder.where { $0.id.neq(1).and($0.id.lt(3)) }.select(\.id).fetchAll(db) == [2])
      #expect(try Reminder.where { $0.id.in([1, 2, 3]) }.count().fetchOne(db) == 3)
      #expect(try Reminder.where { $0.id.notIn([1, 2, 3]) }.count().fetchOne(db) == 7)
      #expect(try Reminder.where { $0.id.between(2, and: 4) }.order(by: \.id).select(\.id).fetchAll(db) == [2, 3, 4])
      #expect(try Reminder.where { $0.title.like("Take%") }.order(by: \.id).select(\.id).fetchAll(db) == [4, 8])
      let third = try Reminder.find(3).select(\.title).fetchOne(db)
      #expect(third == "Doctor appointment")
      #expect(try Reminder.find([1, 2]).count().fetchOne(db) == 2)
      #expect(try Reminder.all.limit(nil).count().fetchOne(db) == 10)
    }
  }

  /// StructuredQueries' `having` test: grouped by completion, the groups of more than three.
  @Test(arguments: LiveDatabase.allCases)
  func groupingAndCounting(database: LiveDatabase) throws {
    try database.run { db in
      let groups = try Reminder.select { ($0.isCompleted, $0.id.count()) }.group(by: \.isCompleted)
        .having { $0.id.count() > 3 }.fetchAll(db)
      #expect(groups.map { "\($0.0) \($0.1)" } == ["false 7"])
      #expect(try Reminder.count { !$0.isCompleted }.fetchOne(db) == 7)
      #expect(try Reminder.count().fetchOne(db) == 10)
      let perList = try RemindersList.group(by: \.id).join(Reminder.all) { $0.id.eq($1.remindersListID) }
        .select { ($0.title, $1.id.count()) }.order { list, _ in list.id }.fetchAll(db)
      #expect(perList.map { "\($0.0) \($0.1)" } == ["Personal 5", "Family 3", "Business 2"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func joinsAndSubqueries(database: LiveDatabase) throws {
    try database.run { db in
      let pairs = try RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }
        .where { $1.isFlagged }.select { ($0.title, $1.title) }.fetchAll(db)
      #expect(pairs.map { "\($0.0): \($0.1)" }.sorted() == ["Family: Pick up kids from school", "Personal: Haircut"])
      let users = try User.leftJoin(Reminder.all) { $0.id.eq($1.assignedUserID) }.select { ($0.name, $1.title) }
        .order { user, _ in user.id }.fetchAll(db)
      #expect(users.map { "\($0.0): \($0.1 ?? "-")" } == ["Blob: Groceries", "Blob Jr: -", "Blob Sr: -"])
      let tagged = try Reminder.where { $0.id.in(ReminderTag.select(\.reminderID)) }.select(\.id).fetchAll(db)
      #expect(Set(tagged) == [1, 2, 4])
      let listsWithFlags = try RemindersList.where { list in
        Reminder.where { $0.remindersListID.eq(list.id) && $0.isFlagged }.exists()
      }.order(by: \.id).select(\.title).fetchAll(db)
      #expect(listsWithFlags == ["Personal", "Family"])
      let anyReminder = try Values(Reminder.exists()).fetchOne(db)
      #expect(anyReminder == true)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func compoundAndConstantSelects(database: LiveDatabase) throws {
    try database.run { db in
      let flagged = Reminder.where(\.isFlagged).select(\.title)
      let completed = Reminder.where(\.isCompleted).select(\.title)
      #expect(try flagged.union(all: true, completed).fetchAll(db).count == 5)
      #expect(try flagged.union(all: false, flagged).fetchAll(db).count == 2)
      let row = try Values(1, "Hello", true).fetchOne(db)
      #expect(row.map { "\($0.0) \($0.1) \($0.2)" } == "1 Hello true")
      #expect(try Reminder.distinct().count().fetchOne(db) == 10)
      let priorities = try Reminder.order(by: \.id).select { $0.priority.ifnull(Priority.low) }.fetchAll(db)
      #expect(priorities.prefix(3) == [.low, .low, .high])
    }
  }
}
