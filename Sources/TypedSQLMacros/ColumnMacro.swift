import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Column`: a marker that `@Table` reads to name a column, store it through a representation,
/// or choose the primary key.
///
/// It adds nothing itself; it only checks that it is attached to a single stored instance
/// property and that its arguments are literals `@Table` can read.
public enum ColumnMacro: PeerMacro {
  /// Reports misuses of the attribute `node` on `declaration`; adds no declarations.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let variable = declaration.as(VariableDeclSyntax.self),
      !variable.isTypeProperty, variable.bindings.allSatisfy(\.isStored)
    {
      if variable.bindings.count > 1 {
        context.diagnose(MacroDiagnostic.columnOnMultipleBindings.diagnose(at: node))
      }
    } else {
      context.diagnose(MacroDiagnostic.columnNotOnStoredProperty.diagnose(at: node))
    }
    ColumnAttribute(node).diagnostics.forEach(context.diagnose)
    return []
  }
}
