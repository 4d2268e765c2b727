import SwiftSyntax

extension DeclModifierListSyntax {
  /// The access modifier among these modifiers, followed by a space (`"public "`,
  /// `"fileprivate "`), or empty when there is none; `open` is spelled `public`, which is what a
  /// generated declaration that cannot be overridden needs. A setter-only modifier such as
  /// `private(set)` is skipped.
  var accessPrefix: String {
    for modifier in self where modifier.detail == nil {
      switch modifier.name.tokenKind {
      case .keyword(.open), .keyword(.public): return "public "
      case .keyword(.package): return "package "
      case .keyword(.internal): return "internal "
      case .keyword(.fileprivate): return "fileprivate "
      case .keyword(.private): return "private "
      default: continue
      }
    }
    return ""
  }
}

extension DeclGroupSyntax {
  /// `"public "` for a public type, `"package "` for a package one, `"fileprivate "` for a type
  /// declared without an access modifier inside a private or fileprivate type (its extension's
  /// members would otherwise be declared internal, above what they name), otherwise empty: the
  /// members a macro generates default to the type's own access level.
  ///
  /// `lexicalContext` is the declarations around this one, innermost first, as the macro's
  /// expansion context gives them.
  func generatedAccessPrefix(in lexicalContext: [Syntax]) -> String {
    let own = modifiers.accessPrefix
    if own == "public " || own == "package " { return own }
    let isInsideHiddenType = lexicalContext.contains {
      ["private ", "fileprivate "].contains($0.asProtocol(DeclGroupSyntax.self)?.modifiers.accessPrefix)
    }
    return own.isEmpty && isInsideHiddenType ? "fileprivate " : ""
  }
}
