import SwiftDiagnostics
import SwiftParser
import SwiftSyntax

/// The name argument of `@Table("…")` or `@Column("…")`.
enum NameArgument {
  /// The name `expression` spells: the value of a non-empty string literal, or `nil` for the `nil`
  /// literal. Anything else is reported in `diagnostics` and read as `nil`.
  static func value(
    of expression: ExprSyntax, macro: String, diagnostics: inout [Diagnostic]
  ) -> String? {
    if expression.is(NilLiteralExprSyntax.self) {
      return nil
    }
    guard let name = expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else {
      diagnostics.append(
        MacroDiagnostic.nameNotStringLiteral(macro: macro).diagnose(at: expression))
      return nil
    }
    guard !name.isEmpty else {
      diagnostics.append(MacroDiagnostic.emptyName(macro: macro).diagnose(at: expression))
      return nil
    }
    return name
  }
}
