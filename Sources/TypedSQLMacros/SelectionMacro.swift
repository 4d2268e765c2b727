import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Selection`: makes a struct a group of columns, read and written as one value, whose columns
/// are its stored instance properties: a field of a `@Table`, or the shape of a query's rows.
///
/// The macro adds one extension conforming the struct to `Selection`; see ``SelectionSchema``
/// for how the struct is read. When the struct cannot be a selection, the macro reports why and
/// adds nothing.
public enum SelectionMacro: ExtensionMacro {
  /// The selection extension of the struct `declaration`, whose type the compiler names `type`;
  /// none, with the problems reported, when the struct cannot be a selection.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(MacroDiagnostic.notOnStruct(macro: "Selection").diagnose(at: node))
      return []
    }
    var diagnostics: [Diagnostic] = []
    let schema = SelectionSchema(of: structDecl, type: type, diagnostics: &diagnostics)
    diagnostics.forEach(context.diagnose)
    guard let schema else { return [] }
    return [try schema.extensionDecl(conformingTo: protocols)]
  }
}
