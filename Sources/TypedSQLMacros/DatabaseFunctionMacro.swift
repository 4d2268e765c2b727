import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DatabaseFunction`: makes a Swift function or computed property callable from SQL on SQLite.
///
/// The macro adds two peers: a definition type, `__DatabaseFunction_name`, holding the
/// `SQLiteFunction` that calls the Swift function, and its value `$name`, which users register
/// with `SQLiteDatabase.add(_:)` and call in queries with the function's own argument labels;
/// see ``DatabaseFunctionSchema`` for how the declaration is read. A function of one sequence
/// (`some Sequence<Element>` or `[Element]`) becomes an aggregate, called once per group. When
/// SQLite cannot call the function, the macro reports why and adds nothing.
public enum DatabaseFunctionMacro: PeerMacro {
  /// The definition type and `$` value of `declaration`; none, with the problems reported, when
  /// it cannot be a database function.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    var diagnostics: [Diagnostic] = []
    let schema = DatabaseFunctionSchema(
      of: declaration, attribute: node, in: context, diagnostics: &diagnostics)
    diagnostics.forEach(context.diagnose)
    guard let schema else { return [] }
    return try schema.peerDecls()
  }
}
