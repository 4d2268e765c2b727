import Testing
import TypedSQL

/// Importing TypedSQL leaves the standard library's own calls alone: its expression methods
/// (`hasPrefix`, `contains`, `count`) are found only on query expressions, never in place of the
/// standard library's on plain Swift values (StructuredQueries' OverloadFavorabilityTests).
@Suite struct StandardLibraryOverloadTests {
  @Test func plainValuesKeepTheirStandardLibraryMethods() {
    let hasPrefix = "a".hasPrefix("a")
    let hasSuffix = "a".hasSuffix("a")
    let contains = "a".contains("a")
    let count = [1, 2, 3].count
    let arrayContains = [1, 2, 3].contains(1)
    let rangeContains = (1...3).contains(1)
    #expect(hasPrefix == true)
    #expect(hasSuffix == true)
    #expect(contains == true)
    #expect(count == 3)
    #expect(arrayContains == true)
    #expect(rangeContains == true)
    // The results are Swift values, not expressions.
    let _: Bool = hasPrefix
    let _: Int = count
    let _: Bool = rangeContains
  }
}
