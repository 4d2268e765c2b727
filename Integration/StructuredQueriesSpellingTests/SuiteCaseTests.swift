import Foundation
import Testing
import TypedSQL

// StructuredQueries' CaseTests, live on SQLite and PostgreSQL: a `CASE` built one `when` at a
// time from a Swift array. Nothing left out.

@Suite struct SuiteCaseTests {
  @Test(arguments: LiveDatabase.allCases)
  func dynamicCase(database: LiveDatabase) throws {
    try database.run { db in
      let ids = Array([2, 3, 5, 1, 4].enumerated())
      let (first, rest) = (ids.first!, ids.dropFirst())
      let rows = try db.execute(
        Values(
          rest
            .reduce(Case(5).when(first.element, then: first.offset)) { cases, id in
              cases.when(id.element, then: id.offset)
            }
            .else(0)
        )
      )
      #expect(rows == [2])
    }
  }
}
