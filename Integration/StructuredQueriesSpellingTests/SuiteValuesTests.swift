import Foundation
import Testing
import TypedSQL

// StructuredQueries' ValuesTests, live on SQLite and PostgreSQL.

@Suite struct SuiteValuesTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Values(1, "Hello", true).fetchAll(db)
      #expect(rows.map(\.0) == [1])
      #expect(rows.map(\.1) == ["Hello"])
      #expect(rows.map(\.2) == [true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func union(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Values(1, "Hello", true)
        .union(Values(2, "Goodbye", false))
        .fetchAll(db)
      // No ORDER BY: PostgreSQL may return the rows in another order.
      let sorted = rows.sorted { $0.0 < $1.0 }
      #expect(sorted.map(\.0) == [1, 2])
      #expect(sorted.map(\.1) == ["Hello", "Goodbye"])
      #expect(sorted.map(\.2) == [true, false])
    }
  }
}
