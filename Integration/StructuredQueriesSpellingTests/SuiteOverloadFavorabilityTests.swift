import Foundation
import Testing
import TypedSQL

// StructuredQueries' OverloadFavorabilityTests: with the library imported, Swift's own
// `hasPrefix`, `hasSuffix`, `contains` and `count` on Swift values still win over the library's
// spellings of the same names for query expressions, and give Swift values. Nothing left out.
//
// The case builds no query, so there is nothing to run on a database: it is one test without
// `LiveDatabase` arguments. Each result is compared with a Swift value, which compiles only if
// Swift's overload was chosen (a query expression's `==` gives an expression, not a `Bool`).

@Suite struct SuiteOverloadFavorabilityTests {
  @Test func basics() {
    do {
      let result = "a".hasPrefix("a")
      #expect(result == true)
    }
    do {
      let result = "a".hasSuffix("a")
      #expect(result == true)
    }
    do {
      let result = "a".contains("a")
      #expect(result == true)
    }
    do {
      let result = [1, 2, 3].count
      #expect(result == 3)
    }
    do {
      let result = [1, 2, 3].contains(1)
      #expect(result == true)
    }
    do {
      let result = (1...3).contains(1)
      #expect(result == true)
    }
  }
}
