import Foundation
import Testing
import TypedSQL

// StructuredQueries' PrimaryKeyedTableTests, live on SQLite and PostgreSQL. Left out: `joinWith`,
// whose body is two commented-out queries (a `join(_:with:)` StructuredQueries does not have):
// nothing to run.

// Renamed from `Row`: a table type named `Row` clashes with the `Row` type alias `@Table` declares
// ("type alias 'Row' references itself").
@Table("rows")
private struct UUIDRow: Equatable {
  let id: UUID
  var isDeleted = false
  @Column(generated: .virtual)
  let isNotDeleted: Bool
}

extension UUID {
  /// The UUID whose last digits are `value`, as StructuredQueries' tests spell `UUID(1)`.
  fileprivate init(_ value: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012x", value))!
  }
}

@Suite struct SuitePrimaryKeyedTableTests {
  @Test(arguments: LiveDatabase.allCases)
  func count(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { $0.count() }.fetchAll(db)
      #expect(rows == [10])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func updateByID(database: LiveDatabase) throws {
    try database.run { db in
      let first = try Reminder.find(1).update { $0.title += "!!!" }
        .returning(\.title)
        .fetchAll(db)
      #expect(first == ["Groceries!!!"])
      let second = try Reminder.update { $0.title += "???" }.find(1)
        .returning(\.title)
        .fetchAll(db)
      #expect(second == ["Groceries!!!???"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func deleteByID(database: LiveDatabase) throws {
    try database.run { db in
      let first = try Reminder.find(1).delete()
        .returning(\.id)
        .fetchAll(db)
      #expect(first == [1])
      let second = try Reminder.delete().find(2)
        .returning(\.id)
        .fetchAll(db)
      #expect(second == [2])
      let left = try Reminder.count().fetchOne(db)
      #expect(left == 8)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func findByID(database: LiveDatabase) throws {
    try database.run { db in
      let first = try Reminder.find(1).select { ($0.id, $0.title) }.fetchAll(db)
      #expect(first.map { "\($0.0) \($0.1)" } == ["1 Groceries"])
      let draft = try Reminder.Draft.find(1).select { ($0.id, $0.title) }.fetchAll(db)
      #expect(draft.map { "\($0.0) \($0.1)" } == ["1 Groceries"])
      let second = try Reminder.select { ($0.id, $0.title) }.find(2).fetchAll(db)
      #expect(second.map { "\($0.0) \($0.1)" } == ["2 Haircut"])
      let several = try Reminder.select { ($0.id, $0.title) }.find([2, 4, 6]).fetchAll(db)
      #expect(
        several.map { "\($0.0) \($0.1)" }.sorted() == [
          "2 Haircut", "4 Take a walk", "6 Pick up kids from school",
        ])
      let found = try Reminder.select { ($0.id, $0.title) }.find(Reminder.select(\.id)).fetchAll(db)
      #expect(found.map(\.0) == Array(1...10))
      let draftSelect = try Reminder.Draft.select { ($0.id, $0.title) }.find(2).fetchAll(db)
      #expect(draftSelect.map { "\($0.0) \($0.1)" } == ["2 Haircut"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func findByIDWithJoin(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `find` is called on the reminders before the join.
      let rows = try Reminder
        .find(2)
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .select { ($0.title, $1.title) }
        .fetchAll(db)
      #expect(rows.map { "\($0.0): \($0.1)" } == ["Haircut: Personal"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func uuidAndGeneratedColumn(database: LiveDatabase) throws {
    try database.run { db in
      // The table `rows` is created with the schema (SQLite: a virtual column; PostgreSQL: a stored one).
      try UUIDRow.insert { UUIDRow.Draft(id: UUID(1)) }.execute(db)
      let found = try UUIDRow.find(UUID(1)).fetchAll(db)
      #expect(found == [UUIDRow(id: UUID(1), isDeleted: false, isNotDeleted: true)])
      let inserted = try UUIDRow.insert {
        $0.id
      } values: {
        UUID(2)
      }.returning(\.self)
      .fetchAll(db)
      #expect(inserted == [UUIDRow(id: UUID(2), isDeleted: false, isNotDeleted: true)])
      let updated = try UUIDRow
        .update(UUIDRow(id: UUID(2), isDeleted: true, isNotDeleted: false))
        .returning(\.self)
        .fetchAll(db)
      #expect(updated == [UUIDRow(id: UUID(2), isDeleted: true, isNotDeleted: false)])
      let upserted = try UUIDRow
        .upsert { UUIDRow.Draft(id: UUID(2), isDeleted: false) }
        .returning(\.self)
        .fetchAll(db)
      #expect(upserted == [UUIDRow(id: UUID(2), isDeleted: false, isNotDeleted: true)])
      enum R: AliasName {}
      let notDeleted = try UUIDRow.as(R.self).select(\.isNotDeleted).fetchAll(db)
      #expect(notDeleted == [true, true])
    }
  }
}
