import TypedSQLCore

/// A test-only dialect with deliberately odd spellings: `⟦identifiers⟧` and `&N` placeholders.
///
/// Every rendering test also renders through it; a `"` or `?` in its output means some code
/// wrote SQL syntax itself instead of asking the dialect.
struct OddDialect: Dialect {
  var name: String { "Odd" }
  var maximumBindingCount: Int { 1_000_000 }

  func appendIdentifier(_ name: String, into context: inout RenderContext) {
    context.append("⟦")
    context.appendText(name.replacing("⟧", with: "⟧⟧"))
    context.append("⟧")
  }

  func appendPlaceholder(_ number: Int, into context: inout RenderContext) {
    context.append("&")
    context.appendText(String(number))
  }
}
