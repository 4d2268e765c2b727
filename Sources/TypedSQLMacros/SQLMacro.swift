import SwiftSyntax
import SwiftSyntaxMacros

/// `#sql("…")` and `#sql("…", as: Row.self)`: SQL written by hand, as a `SQLQueryExpression` or,
/// with a row type, an `SQLQuery`.
///
/// Both declarations expand to `.init(sql: fragment)`: the `as:` argument only drives type
/// inference, and both result types have `init(sql:)`. The literal's text is checked first; see
/// ``SQLTextLint``.
public enum SQLMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> ExprSyntax {
    guard let fragment = node.arguments.first?.expression else {
      return ".init(sql: \"\")"
    }
    if let literal = fragment.as(StringLiteralExprSyntax.self) {
      SQLTextLint.diagnostics(of: literal).forEach(context.diagnose)
    } else {
      context.diagnose(MacroDiagnostic.sqlNotStringLiteral.diagnose(at: fragment))
    }
    return ".init(sql: \(fragment.trimmed))"
  }
}
