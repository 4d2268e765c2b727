import Foundation
import Testing
import TypedSQL

// StructuredQueries' UpdateTests (with its SelectionUpdateTests), live on SQLite and PostgreSQL.

@Table private struct Item {
  var title = ""
  var quantity = 0
}

@Table private struct Root {
  @Column var fields: NestedFields
}

@Selection struct NestedFields {
  var honestCount = 0
  var optionalCount: Int?
  @Column(as: String.TestRepresentation?.self)
  var string: String?
}

extension String {
  struct TestRepresentation: QueryRepresentable, QueryBindable, QueryDecodable {
    var queryOutput: String
    var queryBinding: QueryBinding { .text(queryOutput) }

    init(queryOutput: String) {
      self.queryOutput = queryOutput
    }
    init(decoder: inout some QueryDecoder) throws {
      self.queryOutput = try String(decoder: &decoder)
    }
  }
}

private let day: TimeInterval = 60 * 60 * 24
private let now = Date(timeIntervalSinceReferenceDate: 0)

@Suite struct SuiteUpdateTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      let toggled = try Reminder
        .update { $0.isCompleted.toggle() }
        .returning { ($0.title, $0.priority, $0.isCompleted) }
        .fetchAll(db)
      #expect(
        toggled.map(\.0) == [
          "Groceries", "Haircut", "Doctor appointment", "Take a walk", "Buy concert tickets",
          "Pick up kids from school", "Get laundry", "Take out trash", "Call accountant", "Send weekly emails",
        ])
      #expect(toggled.map(\.1) == [nil, nil, .high, nil, nil, .high, .low, .high, nil, .medium])
      #expect(toggled.map(\.2) == [true, true, true, false, true, true, false, true, true, false])

      let completed = try Reminder
        .where { $0.priority.is(nil) }
        .update { $0.isCompleted = true }
        .returning { ($0.title, $0.priority, $0.isCompleted) }
        .fetchAll(db)
      #expect(
        completed.map(\.0) == ["Groceries", "Haircut", "Take a walk", "Buy concert tickets", "Call accountant"])
      #expect(completed.map(\.1) == [nil, nil, nil, nil, nil])
      #expect(completed.map(\.2) == [true, true, true, true, true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func returningRepresentable(database: LiveDatabase) throws {
    try database.run { db in
      let dates = try Reminder
        .update { $0.isCompleted.toggle() }
        .returning(\.dueDate)
        .fetchAll(db)
      // `dueDate` is declared `@Column(as: Date.ISO8601Representation?.self)` here, and returning
      // it decodes that representation: its dates are compared.
      #expect(
        dates.map { $0?.queryOutput } == [
          now, now.addingTimeInterval(-day * 2), now, now.addingTimeInterval(-day * 190), nil,
          now.addingTimeInterval(day * 2), now.addingTimeInterval(-day * 2), now.addingTimeInterval(day * 4),
          now.addingTimeInterval(day * 2), now.addingTimeInterval(-day * 2),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func primaryKey(database: LiveDatabase) throws {
    try database.run { db in
      var reminder = try #require(try db.execute(Reminder.all).first)
      reminder.isCompleted.toggle()
      let updated = try Reminder
        .update(reminder)
        .returning(\.self)
        .fetchAll(db)
      #expect(
        updated == [
          Reminder(
            id: 1, assignedUserID: 1, dueDate: now, isCompleted: true, notes: "Milk, Eggs, Apples",
            remindersListID: 1, title: "Groceries")
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func toggleAssignment(database: LiveDatabase) throws {
    try database.run { db in
      // StructuredQueries only renders this update and the next.
      try Reminder.update {
        $0.isCompleted = !$0.isCompleted
      }
      .execute(db)
      let completed = try Reminder.where(\.isCompleted).order(by: \.id).select(\.id).fetchAll(db)
      #expect(completed == [1, 2, 3, 5, 6, 8, 9])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func toggleBoolean(database: LiveDatabase) throws {
    try database.run { db in
      try Reminder.update { $0.isCompleted.toggle() }.execute(db)
      let completed = try Reminder.where(\.isCompleted).order(by: \.id).select(\.id).fetchAll(db)
      #expect(completed == [1, 2, 3, 5, 6, 8, 9])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func multipleMutations(database: LiveDatabase) throws {
    try database.run { db in
      try Reminder.update {
        $0.title += "!"
        $0.title += "?"
      }
      .execute(db)
      // StructuredQueries only renders this update, assigning "title" twice (SQLite keeps the
      // last, "Groceries?"; PostgreSQL refuses it). TypedSQL's assignments compose, as documented
      // on `update`: the second reads the first.
      let titles = try Reminder.order(by: \.id).limit(2).select(\.title).fetchAll(db)
      #expect(titles == ["Groceries!?", "Haircut!?"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func rawBind(database: LiveDatabase) throws {
    try database.run { db in
      let titles = try Reminder
        .update { $0.dueDate = #sql("CURRENT_TIMESTAMP") }
        .where { $0.id.eq(1) }
        .returning(\.title)
        .fetchAll(db)
      #expect(titles == ["Groceries"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func updateWhereKeyPath(database: LiveDatabase) throws {
    try database.run { db in
      let titles = try Reminder
        .update { $0.isFlagged.toggle() }
        .where(\.isFlagged)
        .returning(\.title)
        .fetchAll(db)
      #expect(titles == ["Haircut", "Pick up kids from school"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aliasName(database: LiveDatabase) throws {
    enum R: AliasName {}
    try database.run { db in
      let updated = try Reminder.as(R.self)
        .where { $0.id.eq(1) }
        .update { $0.title += " 2" }
        .returning(\.self)
        .fetchAll(db)
      #expect(
        updated == [
          Reminder(
            id: 1, assignedUserID: 1, dueDate: now, notes: "Milk, Eggs, Apples", remindersListID: 1,
            title: "Groceries 2")
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func noPrimaryKey(database: LiveDatabase) throws {
    try database.run { db in
      // StructuredQueries only renders this update; a row to update is inserted first.
      try Item.insert { Item(title: "Cat", quantity: 1) }.execute(db)
      try Item.update {
        $0.title = "Dog"
      }
      .execute(db)
      let titles = try Item.select(\.title).fetchAll(db)
      #expect(titles == ["Dog"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func emptyUpdate(database: LiveDatabase) throws {
    try database.run { db in
      // StructuredQueries renders no SQL for it; it runs nothing, and rendering it throws.
      try Item.update { _ in }.execute(db)
      #expect(throws: (any Error).self) { try Item.update { _ in }.render(in: db.dialect) }
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func overwriteRow(database: LiveDatabase) throws {
    try database.run { db in
      var reminder = Reminder(
        id: 100,
        remindersListID: 1,
        title: "Buy iPhone"
      )
      try db.execute(
        Reminder.insert { reminder }
      )
      try db.execute(
        Reminder.find(100).update { $0.title += " Pro" }
      )
      reminder.isCompleted = true
      // StructuredQueries only renders this update, which writes every column of the row back.
      try db.execute(
        Reminder.update(reminder)
      )
      let row = try Reminder.find(100).fetchOne(db)
      #expect(row == Reminder(id: 100, isCompleted: true, remindersListID: 1, title: "Buy iPhone"))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func complexMutation(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `#sql` names its type (`as:`), which Swift cannot infer as a `CASE` branch.
      let updateQuery =
        Reminder
        .find(1)
        .update {
          $0.dueDate = Case()
            .when($0.dueDate.is(nil), then: #sql("'2018-01-29 00:08:00.000'", as: Date.ISO8601Representation.self))
        }
      let first = try updateQuery
        .returning(\.dueDate)
        .fetchAll(db)
      #expect(first.map { $0?.queryOutput } == [nil])
      let second = try updateQuery
        .returning(\.dueDate)
        .fetchAll(db)
      #expect(second.map { $0?.queryOutput } == [Date(timeIntervalSince1970: 1_517_184_480)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func empty(database: LiveDatabase) throws {
    try database.run { db in
      try Reminder.none.update { $0.isCompleted.toggle() }.execute(db)
      let completed = try Reminder.where(\.isCompleted).order(by: \.id).select(\.id).fetchAll(db)
      #expect(completed == [4, 7, 10])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func emptyReturning(database: LiveDatabase) throws {
    try database.run { db in
      let ids = try Reminder.none.update { $0.isCompleted.toggle() }.returning(\.id).fetchAll(db)
      #expect(ids.isEmpty)
      let completed = try Reminder.where(\.isCompleted).order(by: \.id).select(\.id).fetchAll(db)
      #expect(completed == [4, 7, 10])
    }
  }

  // StructuredQueries' SelectionUpdateTests only render their updates: one row of `roots` is
  // inserted first so that the update has something to change.

  @Test(arguments: LiveDatabase.allCases)
  func setSelectionFields(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(#"INSERT INTO "roots" ("honestCount", "optionalCount", "string") VALUES (5, NULL, 'x')"#)
      let honestValue: Int = 1
      try Root.update {
        $0.fields.honestCount = honestValue
        $0.fields.optionalCount = #bind(honestValue)
      }
      .execute(db)
      let roots = try Root.select { ($0.fields.honestCount, $0.fields.optionalCount, $0.fields.string) }.fetchAll(db)
      #expect(roots.map(\.0) == [1])
      #expect(roots.map(\.1) == [1])
      #expect(roots.map { $0.2?.queryOutput } == ["x"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func readSelectionFields(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(#"INSERT INTO "roots" ("honestCount", "optionalCount", "string") VALUES (5, 7, 'x')"#)
      try Root.update {
        $0.fields.optionalCount = $0.fields.optionalCount
        $0.fields.honestCount = $0.fields.honestCount
      }
      .execute(db)
      let unchanged = try Root.select { ($0.fields.honestCount, $0.fields.optionalCount) }.fetchAll(db)
      #expect(unchanged.map(\.0) == [5])
      #expect(unchanged.map(\.1) == [7])
      // Beyond StructuredQueries' case: one of a group's columns set from another.
      try Root.update {
        $0.fields.optionalCount = $0.fields.honestCount
        $0.fields.honestCount = 2
      }
      .execute(db)
      let roots = try Root.select { ($0.fields.honestCount, $0.fields.optionalCount) }.fetchAll(db)
      #expect(roots.map(\.0) == [2])
      #expect(roots.map(\.1) == [5])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func setSelectionValue(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(#"INSERT INTO "roots" ("honestCount", "optionalCount", "string") VALUES (5, NULL, 'x')"#)
      try Root.update {
        $0.fields = NestedFields(honestCount: 1, optionalCount: 1)
      }
      .execute(db)
      let roots = try Root.select { ($0.fields.honestCount, $0.fields.optionalCount, $0.fields.string) }.fetchAll(db)
      #expect(roots.map(\.0) == [1])
      #expect(roots.map(\.1) == [1])
      #expect(roots.map { $0.2?.queryOutput } == [nil])
    }
  }
}
