import SwiftSyntax
import SwiftSyntaxMacros

/// `@Table` with the `TypedSQLLazyInitializableByDefault` trait, as StructuredQueries'
/// `LazyInitializableByDefault` trait makes it: a table's `Draft` leaves to the database every
/// column it would otherwise have to be given (stored, not optional, with no default value), as it
/// does the primary key. `@Column(lazyInitializable: false)` keeps a column required. Everything
/// else is ``TableMacro``'s.
public enum LazyInitializableByDefaultTableMacro: ExtensionMacro, MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    try TableMacro.tableExtensions(
      of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols,
      lazyInitializableByDefault: true, in: context)
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try TableMacro.expansion(of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
  }
}
