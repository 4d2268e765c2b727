import SwiftSyntax

/// A static property `@Table` generates: stored once (`static let`), or, in a generic type, which
/// cannot store static properties, computed on each use (`static var … { … }`).
struct StaticValueDecl {
  /// The access modifier followed by a space, or empty.
  let access: String
  /// The property's name.
  let name: String
  /// The property's type; `nil` lets a stored property infer it (a computed one needs it).
  let type: TypeSyntax?
  /// The property's value.
  let value: ExprSyntax
  /// Whether the value is stored once rather than computed on each use.
  let isStored: Bool

  /// The declaration.
  var decl: DeclSyntax {
    let annotation = type.map { ": \($0)" } ?? ""
    guard isStored else {
      return "\(raw: access)static var \(raw: name)\(raw: annotation) {\n  \(value)\n}"
    }
    return "\(raw: access)static let \(raw: name)\(raw: annotation) = \(value)"
  }
}
