import Foundation
import Testing
import TypedSQL

@Table("incompleteReminders")
struct IncompleteReminder {
  var isFlagged = false
  var title = ""
}

@Table("touchedLists")
struct TouchedList: Equatable {
  let id: Int
  var title = ""
  var position = 0
  var note = ""
  var updatedAt: Date?
}

extension LiveDatabase {
  /// Creates the table `TouchedList` names, with three rows.
  func createTouchedLists(_ db: any Database) throws {
    try db.execute(
      self == .sqlite
        ? #"CREATE TABLE "touchedLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "position" INTEGER NOT NULL, "note" TEXT NOT NULL, "updatedAt" TEXT)"#
        : #"CREATE TABLE "touchedLists" ("id" bigserial PRIMARY KEY, "title" text NOT NULL, "position" bigint NOT NULL, "note" text NOT NULL, "updatedAt" timestamptz)"#)
    try TouchedList.insert {
      TouchedList(id: 1, title: "a", position: 1)
      TouchedList(id: 2, title: "b", position: 2)
      TouchedList(id: 3, title: "c", position: 3)
    }.execute(db)
  }
}

/// What StructuredQueries' own test suite found wrong: each case once gave a wrong answer, an
/// error, or lost data, on one database or both.
@Suite struct SuiteFindingTests {
  /// An upsert from a compound select: SQLite would read `ON CONFLICT` after the last select's
  /// `FROM` as a join's `ON`, so that select gets the `WHERE`. Every other source shape too.
  @Test(arguments: LiveDatabase.allCases)
  func upsertFromACompoundSelect(database: LiveDatabase) throws {
    try database.run { db in
      let titles = try Tag.insert { $0.title } select: {
        RemindersList.select { $0.title.lower() }.union(Tag.select { $0.title })
      }
      .onConflict { $0.title } doUpdate: { tag, _ in tag.title += "?" }
      .returning(\.title).fetchAll(db)
      #expect(titles.sorted() == ["business", "car?", "family", "kids?", "optional?", "personal", "someday?"])

      let ordered = try Tag.insert { $0.title } select: {
        Reminder.where { $0.id < 3 }.select { $0.title }.union(RemindersList.find(1).select { $0.title }).limit(5)
      }
      .onConflict { $0.title } doUpdate: { tag, _ in tag.title += "!" }.returning(\.title).fetchAll(db)
      #expect(ordered.sorted() == ["Groceries", "Haircut", "Personal"])
      let grouped = try Tag.insert { $0.title } select: {
        Reminder.group(by: \.remindersListID).select { $0.remindersListID.cast(as: String.self) }
      }
      .onConflict { $0.title } doUpdate: { tag, _ in tag.title += "!" }.returning(\.title).fetchAll(db)
      #expect(grouped.sorted() == ["1", "2", "3"])
      let joined = try Tag.insert { $0.title } select: {
        Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }.select { $1.title + ": " + $0.title }
          .limit(1)
      }
      .onConflict { $0.title } doUpdate: { tag, _ in tag.title += "!" }.returning(\.title).fetchAll(db)
      #expect(joined.count == 1)
      let again = try Tag.insert { $0.title } select: {
        Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }.select { $1.title + ": " + $0.title }
      }
      .onConflict { $0.title } doUpdate: { tag, _ in tag.title += "!" }.returning(\.title).fetchAll(db)
      #expect(again.count == 10 && again.filter { $0.hasSuffix("!") }.count == 1)
    }
  }

  /// Integer `/` by an expression, and `%`, are `NULL` for a zero divisor, so they decode as
  /// optionals; `/` by a Swift number keeps its type, and a zero there is refused before anything
  /// runs, instead of failing at decoding.
  @Test(arguments: LiveDatabase.allCases)
  func divisionAndRemainderByZero(database: LiveDatabase) throws {
    try database.run { db in
      let remainders: [Int?] = try Reminder.order(by: \.id).select { $0.id % 0 }.fetchAll(db)
      #expect(remainders == Array(repeating: nil, count: 10))
      let byColumn: [Int?] = try Reminder.order(by: \.id).limit(3).select { $0.id / ($0.remindersListID - 1) }.fetchAll(db)
      #expect(byColumn == [nil, nil, nil])
      let halves: [Int] = try Reminder.order(by: \.id).limit(3).select { $0.id / 2 }.fetchAll(db)
      #expect(halves == [0, 1, 1])
      let remainderOfThree: [Int?] = try Reminder.order(by: \.id).limit(4).select { $0.id % 3 }.fetchAll(db)
      #expect(remainderOfThree == [1, 2, 0, 1])
      #expect(throws: QueryBindingError.self) { try Reminder.select { $0.id / 0 }.fetchAll(db) }
      #expect(throws: QueryBindingError.self) { try RemindersList.update { $0.color /= 0 }.execute(db) }
      #expect(try RemindersList.order(by: \.id).select(\.color).fetchAll(db) == [0x4a99ef, 0xed8935, 0xb25dd3])
      // Divided by an expression that is zero, a non-optional column is refused by the database.
      #expect(throws: (any Error).self) { try RemindersList.update { $0.color /= $0.id - $0.id }.execute(db) }
      #expect(try RemindersList.order(by: \.id).select(\.color).fetchAll(db) == [0x4a99ef, 0xed8935, 0xb25dd3])
    }
  }

  /// `none` means nothing: a statement that reads it, as its rows, a join, an insert's source or
  /// a common table, runs nothing and returns no row; as a subquery it is the empty set.
  @Test(arguments: LiveDatabase.allCases)
  func noneRunsNothing(database: LiveDatabase) throws {
    try database.run { db in
      let incomplete = Reminder.none.where { !$0.isCompleted }.select { ($0.isFlagged, $0.title) }
      let deleted = try Reminder.delete().returning(\.title).with(IncompleteReminder.self, as: incomplete).fetchAll(db)
      #expect(deleted.isEmpty)
      try Reminder.update { $0.title += "!" }.with(IncompleteReminder.self, as: incomplete).execute(db)
      #expect(try Reminder.count().fetchOne(db) == 10)
      #expect(try Reminder.where { $0.title.like("%!") }.count().fetchOne(db) == 0)
      // A `none` table that another of the same name stands in for is left out.
      let open = Reminder.where { !$0.isCompleted }.select { ($0.isFlagged, $0.title) }
      let openTitles = try IncompleteReminder.select(\.title)
        .with(IncompleteReminder.self, as: incomplete).with(IncompleteReminder.self, as: open).fetchAll(db)
      #expect(openTitles.count == 7)

      #expect(try Reminder.none.count().fetchOne(db) == nil)
      #expect(try Reminder.none.fetchAll(db).isEmpty)
      #expect(try RemindersList.leftJoin(Reminder.none) { $0.id.eq($1.remindersListID) }.fetchAll(db).isEmpty)
      #expect(try RemindersList.join(Reminder.none) { $0.id.eq($1.remindersListID) }.fetchAll(db).isEmpty)
      try Tag.insert { $0.title } select: { Reminder.none.select(\.title) }.execute(db)
      #expect(try Tag.count().fetchOne(db) == 4)
      try Reminder.none.delete().execute(db)
      try Reminder.none.update { $0.title = "" }.execute(db)
      #expect(try Reminder.where { $0.title == "" }.count().fetchOne(db) == 0)
      #expect(try Reminder.count().fetchOne(db) == 10)
      #expect(throws: DialectError.self) { try Reminder.none.render(in: db.dialect) }

      // Combined: the empty set it is, unless the whole returns no row.
      let lists = try RemindersList.select(\.title).union(Reminder.none.select(\.title)).fetchAll(db)
      #expect(lists.sorted() == ["Business", "Family", "Personal"])
      #expect(try RemindersList.select(\.title).intersect(Reminder.none.select(\.title)).fetchAll(db).isEmpty)
      #expect(try Reminder.none.select(\.title).except(RemindersList.select(\.title)).fetchAll(db).isEmpty)
      // In an expression: the empty set.
      #expect(try Reminder.where { $0.id.in(Reminder.none.select(\.id)) }.count().fetchOne(db) == 0)
      #expect(try Reminder.where { !$0.id.in(Reminder.none.select(\.id)) }.count().fetchOne(db) == 10)
    }
  }

  /// A touch written `after:`, as StructuredQueries writes it, sets the row's columns on both
  /// databases (PostgreSQL runs it before the write, where an assignment to the row counts), with
  /// the row's own columns, a subquery of its table, and its old and new values in the value.
  @Test(arguments: LiveDatabase.allCases)
  func touchAfterAWrite(database: LiveDatabase) throws {
    try database.run { db in
      try database.createTouchedLists(db)
      let row = { (id: Int) in try #require(try TouchedList.find(id).fetchOne(db)) }

      let stamp = TouchedList.createTrigger("stamp", after: .update(touch: \.updatedAt))
      try stamp.execute(db)
      try TouchedList.find(1).update { $0.title = "A" }.execute(db)
      #expect(try row(1).updatedAt != nil)
      #expect(try row(2).updatedAt == nil)
      try stamp.drop().execute(db)

      let bump = TouchedList.createTrigger("bump", after: .update { $0.position += 1 })
      try bump.execute(db)
      try TouchedList.find(2).update { $0.title = "B" }.execute(db)
      #expect(try row(2).position == 3)
      try bump.drop().execute(db)

      // Every value is computed from the row as written, together, as an UPDATE computes them.
      let renumber = TouchedList.createTrigger(
        "renumber",
        after: .update {
          $0.position = $0.id * 10 + (SQLQueryExpression(TouchedList.count()) ?? 0)
          $0.note = $0.title + "@" + $0.position.cast(as: String.self)
        })
      try renumber.execute(db)
      try TouchedList.find(3).update { $0.position = 7 }.execute(db)
      #expect(try row(3).position == 33)
      #expect(try row(3).note == "c@33")
      try renumber.drop().execute(db)

      let history = TouchedList.createTrigger(
        "history", after: .update { row, old, new in row.note = old.title + " → " + new.title })
      try history.execute(db)
      try TouchedList.find(1).update { $0.title = "Ant" }.execute(db)
      #expect(try row(1).note == "A → Ant")
      try history.drop().execute(db)

      try TouchedList.createTrigger("placed", after: .insert(touch: { $0.position = $0.id * 100 })).execute(db)
      try TouchedList.insert { TouchedList(id: 4, title: "d") }.execute(db)
      #expect(try row(4).position == 400)
    }
  }

  /// A value the SQL is documented to give as `NULL` is typed optional: `first_value` and
  /// `last_value` over a frame that can be empty, aggregates of no rows, `lag` past the first
  /// row. (FTS5's `rank` without `MATCH`, SQLite only, is in the integration tests.)
  @Test(arguments: LiveDatabase.allCases)
  func documentedNulls(database: LiveDatabase) throws {
    try database.run { db in
      let next = try RemindersList.order(by: \.id).select {
        ($0.id.firstValue().over(orderBy: $0.id, frame: .rows(.following(1), .following(1))),
         $0.id.lastValue().over(orderBy: $0.id, frame: .rows(.preceding(2), .preceding(1))),
         $0.id.lag().over(orderBy: $0.id))
      }.fetchAll(db)
      #expect(next.map(\.0) == [2, 3, nil])
      #expect(next.map(\.1) == [nil, 1, 2])
      #expect(next.map(\.2) == [nil, 1, 2])
      let empty = try Reminder.where { $0.id > 100 }.select { ($0.id.max(), $0.id.sum(), $0.id.avg(), $0.title.groupConcat()) }
        .fetchOne(db)
      #expect(empty.map { [$0.0, $0.1] } == [nil, nil])
      #expect(empty.map { $0.2 == nil && $0.3 == nil } == true)
    }
  }
}
