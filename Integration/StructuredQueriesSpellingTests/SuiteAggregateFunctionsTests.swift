import Foundation
import Testing
import TypedSQL

// StructuredQueries' AggregateFunctionsTests, live on SQLite and PostgreSQL. The cases that only
// render an aggregate of `User`'s columns run it in a select of the schema's users (Blob, Blob Jr,
// Blob Sr).

@Suite struct SuiteAggregateFunctionsTests {
  @Test(arguments: LiveDatabase.allCases)
  func average(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: StructuredQueries renders `User.columns.id.avg()`; here it is selected.
      let users = try User.select { $0.id.avg() }.fetchOne(db)
      #expect(users == 2.0)
      let rows = try Reminder.select { $0.id.avg() }.fetchAll(db)
      #expect(rows == [5.5])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func count(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: StructuredQueries renders these `User.columns` aggregates; here they are selected.
      let users = try User.select { $0.id.count() }.fetchAll(db)
      #expect(users == [3])
      let distinctUsers = try User.select { $0.id.count(distinct: true) }.fetchAll(db)
      #expect(distinctUsers == [3])
      let rows = try Reminder.select { $0.id.count() }.fetchAll(db)
      #expect(rows == [10])
      let priorities = try Reminder.select { $0.priority.count(distinct: true) }.fetchAll(db)
      #expect(priorities == [3])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func unqualifiedCount(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `User.all.select { _ in .count() }` is `User.all.count()`.
      let rows = try User.all.count().fetchAll(db)
      #expect(rows == [3])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func max(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { $0.dueDate.max() }.fetchAll(db)
      #expect(rows.map { $0?.queryOutput } == [Date(timeIntervalSinceReferenceDate: 60 * 60 * 24 * 4)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func min(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { $0.dueDate.min() }.fetchAll(db)
      #expect(rows.map { $0?.queryOutput } == [Date(timeIntervalSinceReferenceDate: 60 * 60 * 24 * -190)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func sum(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: StructuredQueries renders these `User.columns` aggregates; here they are selected.
      let users = try User.select { $0.id.sum() }.fetchAll(db)
      #expect(users == [6])
      let distinctUsers = try User.select { $0.id.sum(distinct: true) }.fetchAll(db)
      #expect(distinctUsers == [6])
      let rows = try Reminder.select { #sql("sum(\($0.id))", as: Int?.self) }.fetchAll(db)
      #expect(rows == [55])
      let none = try Reminder.select { $0.id.sum() }.where { _ in false }.fetchAll(db)
      #expect(none == [nil])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func total(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: StructuredQueries renders these `User.columns` aggregates; here they are selected.
      let users = try User.select { $0.id.total() }.fetchAll(db)
      #expect(users == [6.0])
      let distinctUsers = try User.select { $0.id.total(distinct: true) }.fetchAll(db)
      #expect(distinctUsers == [6.0])
      let rows = try Reminder.select { $0.id.total() }.fetchAll(db)
      #expect(rows == [55.0])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func groupConcat(database: LiveDatabase) throws {
    try database.run { db in
      // No ORDER BY in these: the names are compared as a set.
      let names = try User.select { $0.name.groupConcat() }.fetchOne(db)
      #expect(Set((names ?? nil)?.split(separator: ",") ?? []) == ["Blob", "Blob Jr", "Blob Sr"])
      let dashed = try User.select { $0.name.groupConcat("-") }.fetchOne(db)
      #expect(Set((dashed ?? nil)?.split(separator: "-") ?? []) == ["Blob", "Blob Jr", "Blob Sr"])
      let filtered = try User.select { $0.name.groupConcat(filter: $0.name.eq("Blob")) }.fetchOne(db)
      #expect(filtered == "Blob")

      // One row: the ORDER BY orders nothing (PostgreSQL, which refuses its column outside an
      // aggregate, renders the select without it).
      let titles = try Tag.select { $0.title.groupConcat() }.order(by: \.title).fetchAll(db)
      #expect(titles == ["car,kids,someday,optional"])
      // The CASE's values joined; rows no branch matches are `NULL`, which it skips.
      let long = try Tag
        .select {
          Case()
            .when($0.title.length() > 5, then: $0.title)
            .groupConcat()
        }
        .order(by: \.title)
        .fetchAll(db)
      #expect(long == ["someday,optional"])
      let sevens = try Tag
        .select {
          Case($0.title.length())
            .when(7, then: $0.title)
            .groupConcat()
        }
        .order(by: \.title)
        .fetchAll(db)
      #expect(sevens == ["someday"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aggregateOfExpression(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: StructuredQueries renders these `User.columns` aggregates; here they are selected.
      let lengths = try User.select { $0.name.length().count(distinct: true) }.fetchAll(db)
      #expect(lengths == [2])
      let rows = try Reminder.select { $0.title.length().count(distinct: true) }.fetchAll(db)
      #expect(rows == [8])
      let titles = try Tag.select { ($0.title + "!").groupConcat(", ") }.fetchOne(db)
      #expect(
        Set((titles ?? nil)?.components(separatedBy: ", ") ?? []) == ["car!", "kids!", "someday!", "optional!"])
    }
  }
}
