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
  /// `"public "` for a public type, `"package "` for a package one, otherwise empty: the members
  /// a macro generates default to the type's own access level.
  var generatedAccessPrefix: String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}
