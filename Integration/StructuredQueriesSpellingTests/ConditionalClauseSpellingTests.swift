import Testing
import TypedSQL

/// `where`, `having` and `order` closures that choose their clause with `if`, `switch` and `for`,
/// or give none, as StructuredQueries' result builders take them, each with the same rows on both
/// databases.
@Suite struct ConditionalClauseSpellingTests {
  enum Filter { case all, completed, flagged }

  @Test(arguments: LiveDatabase.allCases)
  func whereChoosesItsCondition(database: LiveDatabase) throws {
    try database.run { db in
      func ids(_ filter: Filter, listID: Int?) throws -> [Int] {
        try Reminder.where {
          switch filter {
          case .all: nil
          case .completed: $0.isCompleted
          case .flagged: $0.isFlagged
          }
        }
        .where {
          if let listID { $0.remindersListID.eq(listID) }
        }
        .order(by: \.id)
        .select(\.id)
        .fetchAll(db)
      }
      let rows1 = try ids(.all, listID: nil)
      #expect(rows1 == Array(1...10))
      let rows2 = try ids(.completed, listID: nil)
      #expect(rows2 == [4, 7, 10])
      let rows3 = try ids(.flagged, listID: 2)
      #expect(rows3 == [6])
      let rows4 = try ids(.completed, listID: 1)
      #expect(rows4 == [4])

      let includesLater = false
      let early = try Reminder.where {
        if includesLater { $0.id > 0 } else { $0.id < 3 }
      }
      .order(by: \.id).select(\.id).fetchAll(db)
      #expect(early == [1, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func whereLoopsJoinTheirConditionsWithAnd(database: LiveDatabase) throws {
    try database.run { db in
      func ids(containing words: [String]) throws -> [Int] {
        try Reminder.where {
          for word in words { $0.title.like("%\(word)%") }
        }
        .order(by: \.id).select(\.id).fetchAll(db)
      }
      let rows5 = try ids(containing: ["a", "e"])
      #expect(rows5 == [3, 4, 7, 8, 10])
      let rows6 = try ids(containing: ["walk"])
      #expect(rows6 == [4])
      let rows7 = try ids(containing: [])
      #expect(rows7 == Array(1...10))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func havingChoosesItsCondition(database: LiveDatabase) throws {
    try database.run { db in
      func counts(onlyBusyLists: Bool) throws -> [Int] {
        try Reminder
          .group(by: \.remindersListID)
          .having {
            if onlyBusyLists { $0.id.count() > 2 }
          }
          .order(by: \.remindersListID)
          .select { $0.id.count() }
          .fetchAll(db)
      }
      let rows8 = try counts(onlyBusyLists: true)
      #expect(rows8 == [5, 3])
      let rows9 = try counts(onlyBusyLists: false)
      #expect(rows9 == [5, 3, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func orderChoosesItsTerms(database: LiveDatabase) throws {
    enum Sort { case title, priorityThenID, none }
    try database.run { db in
      func ids(_ sort: Sort) throws -> [Int] {
        try Reminder.where { $0.remindersListID.eq(2) }
          .order {
            switch sort {
            case .title: $0.title
            case .priorityThenID: ($0.priority.desc(nulls: NullOrdering.last), $0.id.desc())
            case .none: ()
            }
          }
          .select(\.id)
          .fetchAll(db)
      }
      // "Get laundry", "Pick up kids from school", "Take out trash".
      let rows10 = try ids(.title)
      #expect(rows10 == [7, 6, 8])
      let rows11 = try ids(.priorityThenID)
      #expect(rows11 == [8, 6, 7])
      let rows12 = try ids(.none).sorted()
      #expect(rows12 == [6, 7, 8])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func writesChooseTheirCondition(database: LiveDatabase) throws {
    try database.run { db in
      let onlyCompleted = true
      let flagged = try Reminder.update { $0.isFlagged = true }
        .where { if onlyCompleted { $0.isCompleted } }
        .returning(\.id)
        .fetchAll(db)
      #expect(flagged.sorted() == [4, 7, 10])

      let listID: Int? = 3
      let deleted = try Reminder.delete()
        .where { if let listID { $0.remindersListID.eq(listID) } }
        .returning(\.id)
        .fetchAll(db)
      #expect(deleted.sorted() == [9, 10])
      let fromDraft = try Reminder.Draft.where { if onlyCompleted { $0.isCompleted } }.select(\.id).fetchAll(db)
      #expect(fromDraft.sorted() == [4, 7])
    }
  }
}
