import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Selection`: makes a struct or an enum a group of columns, read and written as one value: a
/// field of a `@Table`, or the shape of a query's rows.
///
/// The macro adds one extension conforming the type to `Selection`. A struct's columns are its
/// stored instance properties (see ``SelectionSchema``), and a struct also gets the members
/// typed JSON paths name, as with `@JSONPaths`; an enum's are those of its cases, each
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
    let commonTableName = commonTableName(of: node, diagnostics: &diagnostics)
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      let schema = SelectionSchema(
        of: structDecl, type: type, lexicalContext: context.lexicalContext, diagnostics: &diagnostics)
      guard let schema else { return [] }
      let selection = try schema.extensionDecl(conformingTo: protocols)
        .naming(commonTable: commonTableName, accessPrefix: schema.accessPrefix)
      return [selection]
        + JSONPathsMacro.unmarkedMembersExtension(of: structDecl, type: type, conformingTo: protocols, in: context)
    }
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let schema = EnumSelectionSchema(
        of: enumDecl, type: type, macro: "Selection", lexicalContext: context.lexicalContext,
        diagnostics: &diagnostics)
      guard let schema else { return [] }
      let selection = try schema.extensionDecl(conformingTo: protocols)
        .naming(commonTable: commonTableName, accessPrefix: schema.accessPrefix)
      let casePaths = try EnumCasePaths.extensions(
        for: node, of: enumDecl, type: type, conformingTo: protocols, in: context)
      let coding = EnumCaseCoding(of: enumDecl, type: type, macro: "Selection", lexicalContext: context.lexicalContext)
      let jsonMembers = try coding.map { [try $0.jsonMembersExtension(of: type, conformingTo: protocols)] } ?? []
      return [selection] + casePaths + jsonMembers
    }
    diagnostics.append(MacroDiagnostic.notOnStructOrEnum(macro: "Selection").diagnose(at: node))
    return []
  }
}

extension SelectionMacro {
  /// The common table name `@Selection("name")` gives, if any.
  private static func commonTableName(of attribute: AttributeSyntax, diagnostics: inout [Diagnostic]) -> String? {
    guard case .argumentList(let arguments) = attribute.arguments,
      let argument = arguments.first(where: { $0.label == nil })
    else { return nil }
    return NameArgument.value(of: argument.expression, macro: "Selection", diagnostics: &diagnostics)
  }
}

extension ExtensionDeclSyntax {
  /// The extension with `static let commonTableName = "name"` added when a name is given.
  fileprivate func naming(commonTable name: String?, accessPrefix: String) -> ExtensionDeclSyntax {
    guard let name else { return self }
    var copy = self
    let member = MemberBlockItemSyntax(
      decl: DeclSyntax("\(raw: accessPrefix)static let commonTableName = \(literal: name)"))
    copy.memberBlock.members.append(member)
    return copy
  }
}

extension SelectionMacro: MemberMacro {
  /// The case paths of an enum (see `EnumCasePaths`; the compiler asks for these only with the
  /// `TypedSQLCasePaths` trait) and a `Codable` enum's coding (see ``EnumCaseCoding``), or the
  /// `CodingKeys` of a `Codable` struct that renames a column (see ``ColumnCodingKeys``).
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      return ColumnCodingKeys.decl(for: structDecl).map { [$0] } ?? []
    }
    let coding = declaration.as(EnumDeclSyntax.self).flatMap {
      EnumCaseCoding(of: $0, type: IdentifierTypeSyntax(name: $0.name.trimmed), macro: "Selection", lexicalContext: context.lexicalContext)
    }
    return try EnumCasePaths.members(for: node, of: declaration, in: context) + (try coding?.memberDecls() ?? [])
  }
}
