import Testing
import TypedSQL

/// Placeholders are shared only by values with the same bytes.
@Suite struct BindingIdentityRenderingTests {
  @Test func canonicallyEquivalentTextAndSignedZerosGetTheirOwnPlaceholders() {
    assertSQL(selectValues("caf\u{E9}", "cafe\u{301}", "caf\u{E9}", 0.0, -0.0, 0.0)) {
      """
      SQLite:
        SELECT ?1, ?2, ?1, ?3, ?4, ?3
        bindings: text("café"), text("café"), double(0.0), double(-0.0)
      PostgreSQL:
        SELECT $1, $2, $1, $3, $4, $3
        bindings: text("café"), text("café"), double(0.0), double(-0.0)
      """
    }
  }
}
