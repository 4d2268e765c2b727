import Foundation
import Testing
import TypedSQL

// StructuredQueries' DeleteTests, live on SQLite and PostgreSQL.

@Table private struct Item {
  var title = ""
  var quantity = 0
}

@Suite struct SuiteDeleteTests {
  @Test(arguments: LiveDatabase.allCases)
  func deleteAll(database: LiveDatabase) throws {
    try database.run { db in
      let ids = try Reminder.delete().returning(\.id).fetchAll(db)
      #expect(ids == Array(1...10))
      let count = try Reminder.count().fetchOne(db)
      #expect(count == 0)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func deleteID1(database: LiveDatabase) throws {
    try database.run { db in
      let deleted = try Reminder.delete().where { $0.id.eq(1) }.returning(\.self).fetchAll(db)
      #expect(
        deleted == [
          Reminder(
            id: 1, assignedUserID: 1, dueDate: Date(timeIntervalSinceReferenceDate: 0),
            notes: "Milk, Eggs, Apples", remindersListID: 1, title: "Groceries")
        ])
      let count = try Reminder.count().fetchOne(db)
      #expect(count == 9)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func primaryKey(database: LiveDatabase) throws {
    try database.run { db in
      try Reminder.delete(Reminder(id: 1, remindersListID: 1)).execute(db)
      let count = try Reminder.count().fetchOne(db)
      #expect(count == 9)
      let first = try Reminder.find(1).fetchOne(db)
      #expect(first == nil)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func deleteWhereKeyPath(database: LiveDatabase) throws {
    try database.run { db in
      let titles = try Reminder
        .delete()
        .where(\.isCompleted)
        .returning(\.title)
        .fetchAll(db)
      #expect(titles == ["Take a walk", "Get laundry", "Send weekly emails"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aliasName(database: LiveDatabase) throws {
    enum R: AliasName {}
    try database.run { db in
      let deleted = try RemindersList.as(R.self)
        .where { $0.id.eq(1) }
        .delete()
        .returning(\.self)
        .fetchAll(db)
      #expect(deleted == [RemindersList(id: 1, color: 4_889_071, title: "Personal")])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func noPrimaryKey(database: LiveDatabase) throws {
    try database.run { db in
      // StructuredQueries only renders this delete; a row to delete is inserted first.
      try Item.insert { Item(title: "Cat", quantity: 1) }.execute(db)
      try Item.delete().execute(db)
      let count = try Item.count().fetchOne(db)
      #expect(count == 0)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func empty(database: LiveDatabase) throws {
    try database.run { db in
      try Reminder.none.delete().execute(db)
      let count = try Reminder.count().fetchOne(db)
      #expect(count == 10)
    }
  }
}
