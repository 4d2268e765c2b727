import Foundation
import Testing
import TypedSQL

/// SQLite's planner hints, blob makers and `unicode` (StructuredQueries' ScalarFunctionsTests),
/// and whole `where` clauses combined with `&&`, `||`, `!`, `+` and `.and(.where(…))` (its
/// WhereTests and SelectTests), each with the same rows on both databases.
@Suite struct ScalarFunctionAndWhereSpellingTests {
  /// A hint changes nothing but SQLite's plan: the rows are the condition's.
  @Test(arguments: LiveDatabase.allCases)
  func plannerHintsKeepTheirConditionsRows(database: LiveDatabase) throws {
    try database.run { db in
      let flagged = try Reminder.where { $0.isFlagged }.order(by: \.id).select(\.id).fetchAll(db)
      #expect(flagged == [2, 6])
      let likely = try Reminder.where { $0.isFlagged.likely() }.order(by: \.id).select(\.id).fetchAll(db)
      let unlikely = try Reminder.where { $0.isFlagged.unlikely() }.order(by: \.id).select(\.id).fetchAll(db)
      let quarter = try Reminder.where { $0.isFlagged.likelihood(0.25) }.order(by: \.id).select(\.id).fetchAll(db)
      #expect(likely == flagged)
      #expect(unlikely == flagged)
      #expect(quarter == flagged)
      #expect(throws: QueryBindingError.self) {
        try Reminder.where { $0.isFlagged.likelihood(1.5) }.fetchAll(db)
      }
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func blobs(database: LiveDatabase) throws {
    try database.run { db in
      let random = try Values(10.randomblob(), 10.randomblob(), 0.randomblob(), (-3).randomblob()).fetchOne(db)
      #expect(random.map { [$0.0.count, $0.1.count, $0.2.count, $0.3.count] } == [10, 10, 1, 1])
      // Two draws of ten random bytes are equal with a probability of 2^-80.
      #expect(random.map { $0.0 != $0.1 } == true)
      let zeros = try Reminder.where { $0.id.eq(3) }.select { ($0.id.zeroblob(), 0.zeroblob(), (-1).zeroblob()) }.fetchOne(db)
      #expect(zeros.map { [$0.0, $0.1, $0.2] } == [[0, 0, 0], [], []])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func unicodeOfTheFirstCharacter(database: LiveDatabase) throws {
    try database.run { db in
      let codePoints = try Values("Groceries".unicode(), "".unicode(), "é".unicode(), "😀x".unicode(), String?.none.unicode())
        .fetchOne(db)
      #expect(codePoints.map { [$0.0, $0.1, $0.2, $0.3, $0.4] } == [71, nil, 233, 128_512, nil])
      let titles = try Reminder.where { $0.title.unicode().eq(84) }.order(by: \.id).select(\.title).fetchAll(db)
      #expect(titles == ["Take a walk", "Take out trash"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func whereClausesCombined(database: LiveDatabase) throws {
    try database.run { db in
      let both = try (Reminder.where(\.isCompleted) && Reminder.where(\.isFlagged)).count().fetchOne(db)
      let either = try (Reminder.where(\.isCompleted) || Reminder.where(\.isFlagged)).count().fetchOne(db)
      let notCompleted = try (!Reminder.where(\.isCompleted)).count().fetchOne(db)
      let added = try (Reminder.where(\.isCompleted) + Reminder.where { $0.priority.eq(Priority.low) }).count().fetchOne(db)
      let andWhere = try Reminder.where(\.isCompleted).and(.where(\.isFlagged)).count().fetchOne(db)
      let orWhere = try Reminder.where(\.isCompleted).or(.where { $0.title.eq("Haircut") }).count().fetchOne(db)
      #expect([both, either, notCompleted, added, andWhere, orWhere] == [0, 5, 7, 1, 0, 4])
    }
  }
}
