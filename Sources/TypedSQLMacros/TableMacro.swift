import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Table`: makes a struct a table whose columns are its stored instance properties.
///
/// The macro adds one extension conforming the struct to `Table`, or to `PrimaryKeyedTable` when
/// it has a primary key (see ``TableSchema`` for how the struct is read), and one naming its
/// members for typed JSON paths, as `@JSONPaths` does, unless the struct is marked so itself. When the struct cannot
/// be a table, the macro reports why and adds nothing.
public enum TableMacro: ExtensionMacro {
  /// The table extension of the struct `declaration`, whose type the compiler names `type`; none,
  /// with the problems reported, when the struct cannot be a table.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(MacroDiagnostic.notOnStruct(macro: "Table").diagnose(at: node))
      return []
    }
    var diagnostics: [Diagnostic] = []
    let schema = TableSchema(
      of: structDecl, type: type, attribute: node, lexicalContext: context.lexicalContext,
      diagnostics: &diagnostics)
    let typeName = structDecl.name.identifier?.name ?? structDecl.name.text
    diagnostics.forEach(context.diagnose)
    guard let schema else { return [] }
    let table = try schema.extensionDecl(
      conformingTo: protocols, scopeStart: DefaultScopeStart.expression(in: structDecl, typeName: typeName))
    return [table] + JSONPathsMacro.unmarkedMembersExtension(of: structDecl, type: type, conformingTo: protocols, in: context)
  }
}

extension TableMacro: MemberMacro {
  /// The `CodingKeys` of a `Codable` table that renames a column (see ``ColumnCodingKeys``).
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else { return [] }
    return ColumnCodingKeys.decl(for: structDecl).map { [$0] } ?? []
  }
}
