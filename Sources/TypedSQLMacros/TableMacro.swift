import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Table`: makes a struct a table whose columns are its stored instance properties, or an enum
/// a table whose cases share it, each in columns of its own.
///
/// For a struct, the macro adds one extension conforming it to `Table`, or to
/// `PrimaryKeyedTable` when it has a primary key (see ``TableSchema`` for how the struct is
/// read), and one naming its members for typed JSON paths, as `@JSONPaths` does, unless the
/// struct is marked so itself. For an enum it adds the `Table` extension (see
/// ``EnumTableSchema``) and, with the `TypedSQLCasePaths` trait, its case paths. When the type
/// cannot be a table, the macro reports why and adds nothing.
public enum TableMacro: ExtensionMacro {
  /// The table extension of the struct or enum `declaration`, whose type the compiler names
  /// `type`; none, with the problems reported, when it cannot be a table.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    try tableExtensions(
      of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols,
      lazyInitializableByDefault: false, in: context)
  }

  /// The extensions of a table (see `expansion`), whose drafts leave to the database every column
  /// they would otherwise have to be given when `lazyInitializableByDefault`.
  static func tableExtensions(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    lazyInitializableByDefault: Bool,
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return try enumTableExtensions(of: node, attachedTo: enumDecl, providingExtensionsOf: type, conformingTo: protocols, in: context)
    }
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(MacroDiagnostic.notOnStructOrEnum(macro: "Table").diagnose(at: node))
      return []
    }
    var diagnostics: [Diagnostic] = []
    let schema = TableSchema(
      of: structDecl, type: type, attribute: node, lexicalContext: context.lexicalContext,
      lazyInitializableByDefault: lazyInitializableByDefault, diagnostics: &diagnostics)
    let typeName = structDecl.name.identifier?.name ?? structDecl.name.text
    diagnostics.forEach(context.diagnose)
    guard let schema else { return [] }
    let table = try schema.extensionDecl(
      conformingTo: protocols, scopeStart: DefaultScopeStart.expression(in: structDecl, typeName: typeName))
    return [table] + JSONPathsMacro.unmarkedMembersExtension(of: structDecl, type: type, conformingTo: protocols, in: context)
  }

  /// The table extension of an enum whose cases share the table (see ``EnumTableSchema``), and
  /// its case paths with the `TypedSQLCasePaths` trait.
  private static func enumTableExtensions(
    of node: AttributeSyntax,
    attachedTo enumDecl: EnumDeclSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    var diagnostics: [Diagnostic] = []
    let schema = EnumTableSchema(
      of: enumDecl, type: type, attribute: node, lexicalContext: context.lexicalContext, diagnostics: &diagnostics)
    diagnostics.forEach(context.diagnose)
    guard let schema else { return [] }
    let casePaths = try EnumCasePaths.extensions(
      for: node, of: enumDecl, type: type, conformingTo: protocols, in: context)
    let coding = EnumCaseCoding(of: enumDecl, type: type, macro: "Table", lexicalContext: context.lexicalContext)
    let jsonMembers = try coding.map { [try $0.jsonMembersExtension(of: type, conformingTo: protocols)] } ?? []
    return [try schema.extensionDecl(conformingTo: protocols)] + casePaths + jsonMembers
  }
}

extension TableMacro: MemberMacro {
  /// The `CodingKeys` of a `Codable` table that renames a column (see ``ColumnCodingKeys``), or
  /// an enum table's case paths (see `EnumCasePaths`; only with the `TypedSQLCasePaths` trait)
  /// and, for a `Codable` one, its coding (see ``EnumCaseCoding``).
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      let coding = declaration.as(EnumDeclSyntax.self).flatMap {
        EnumCaseCoding(of: $0, type: IdentifierTypeSyntax(name: $0.name.trimmed), macro: "Table", lexicalContext: context.lexicalContext)
      }
      return try EnumCasePaths.members(for: node, of: declaration, in: context) + (try coding?.memberDecls() ?? [])
    }
    return ColumnCodingKeys.decl(for: structDecl).map { [$0] } ?? []
  }
}
