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

  /// Past 16 values a statement's values are found by hash rather than by a scan: a value met
  /// again there, whether it was registered before or after the switch, keeps its number.
  @Test func valuesPastTheSixteenthKeepTheirPlaceholders() {
    assertSQL(selectValues(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 17, 18, 1, 18, 16)) {
      """
      SQLite:
        SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?17, ?18, ?1, ?18, ?16
        bindings: int(1), int(2), int(3), int(4), int(5), int(6), int(7), int(8), int(9), int(10), int(11), int(12), int(13), int(14), int(15), int(16), int(17), int(18)
      PostgreSQL:
        SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18, $1, $18, $16
        bindings: int(1), int(2), int(3), int(4), int(5), int(6), int(7), int(8), int(9), int(10), int(11), int(12), int(13), int(14), int(15), int(16), int(17), int(18)
      """
    }
  }
}
