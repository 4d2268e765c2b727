import SwiftSyntax

extension VariableDeclSyntax {
  /// Whether this declares type properties (`static` or `class`) rather than instance properties.
  var isTypeProperty: Bool {
    modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
  }
}

extension PatternBindingSyntax {
  /// Whether this binding stores its value: it has no accessors, or only `willSet`/`didSet`
  /// observers.
  var isStored: Bool {
    switch accessorBlock?.accessors {
    case nil:
      true
    case .getter:
      false
    case .accessors(let accessors):
      accessors.allSatisfy {
        [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
      }
    }
  }
}
