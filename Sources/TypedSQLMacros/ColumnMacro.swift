import SwiftSyntax
import SwiftSyntaxMacros

/// `@Column`: a marker that `@Table` and `@Selection` read to name a column, store it through a
/// representation, choose the primary key, or leave a generated column to the database.
///
/// It adds nothing itself; it only checks that it is attached to a single stored instance
/// property or an enum's case, and that its arguments are literals the macros can read.
public enum ColumnMacro: PeerMacro {
  /// Reports misuses of the attribute `node` on `declaration`; adds no declarations.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    PropertyMarker.diagnosePlacement(of: node, on: declaration, macro: "Column", allowsEnumCase: true, in: context)
    ColumnAttribute(node).diagnostics.forEach(context.diagnose)
    return []
  }
}
