import SwiftSyntax
import SwiftSyntaxMacros

#if TypedSQLCasePaths
  import CasePathsMacrosSupport
#endif

/// The case paths `@Selection` gives an enum with the `TypedSQLCasePaths` trait, as
/// StructuredQueries' `@Selection enum` does: the enum becomes `CasePathable` (`\.note`,
/// `kind.note`) without writing `@CasePathable`. An enum already marked `@CasePathable` keeps
/// that attribute's expansion; without the trait there are none.
enum EnumCasePaths {
  /// The members `@CasePathable` would add to `declaration`, if it is an enum that needs them.
  static func members(
    for node: AttributeSyntax, of declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    #if TypedSQLCasePaths
      guard let enumDecl = declaration.as(EnumDeclSyntax.self), !enumDecl.isCasePathable else { return [] }
      return try CasePathableMacro.expansion(of: node, providingMembersOf: enumDecl, in: context)
    #else
      return []
    #endif
  }

  /// The `CasePathable` conformance `@CasePathable` would add to `declaration`, if it is an enum
  /// that needs it, among the conformances `protocols` the compiler asks for.
  static func extensions(
    for node: AttributeSyntax,
    of declaration: some DeclGroupSyntax,
    type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    #if TypedSQLCasePaths
      guard let enumDecl = declaration.as(EnumDeclSyntax.self), !enumDecl.isCasePathable else { return [] }
      let casePathProtocols = protocols.filter {
        ["CasePathable", "CasePathIterable"].contains($0.trimmedDescription.split(separator: ".").last)
      }
      return try CasePathableMacro.expansion(
        of: node, attachedTo: enumDecl, providingExtensionsOf: type, conformingTo: casePathProtocols, in: context)
    #else
      return []
    #endif
  }
}
