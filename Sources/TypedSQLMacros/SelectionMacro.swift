import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Selection`: makes a struct or an enum a group of columns, read and written as one value: a
/// field of a `@Table`, or the shape of a query's rows.
///
/// The macro adds one extension conforming the type to `Selection`. A struct's columns are its
/// stored instance properties (see ``SelectionSchema``); an enum's are those of its cases, each
/// storing its associated value in nullable columns (see ``EnumSelectionSchema``). When the type
/// cannot be a selection, the macro reports why and adds nothing.
public enum SelectionMacro: ExtensionMacro {
  /// The selection extension of the struct or enum `declaration`, whose type the compiler names
  /// `type`; none, with the problems reported, when it cannot be a selection.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    var diagnostics: [Diagnostic] = []
    defer { diagnostics.forEach(context.diagnose) }
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      let schema = SelectionSchema(of: structDecl, type: type, diagnostics: &diagnostics)
      return try schema.map { [try $0.extensionDecl(conformingTo: protocols)] } ?? []
    }
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let schema = EnumSelectionSchema(
        of: enumDecl, type: type, attribute: node, diagnostics: &diagnostics)
      return try schema.map { [try $0.extensionDecl(conformingTo: protocols)] } ?? []
    }
    diagnostics.append(MacroDiagnostic.notOnStructOrEnum(macro: "Selection").diagnose(at: node))
    return []
  }
}
