import SwiftSyntax
import SwiftSyntaxMacros

/// What the marker attributes `@Column` and `@Ephemeral` share: they annotate one stored
/// instance property for `@Table` and `@Selection` to read, and add nothing themselves.
enum PropertyMarker {
  /// Reports the marker `attribute`, the macro `macro`, unless it is attached to a single stored
  /// instance property, or to an enum's case when `allowsEnumCase`.
  static func diagnosePlacement(
    of attribute: AttributeSyntax,
    on declaration: some DeclSyntaxProtocol,
    macro: String,
    allowsEnumCase: Bool = false,
    in context: some MacroExpansionContext
  ) {
    if allowsEnumCase, declaration.is(EnumCaseDeclSyntax.self) { return }
    guard let variable = declaration.as(VariableDeclSyntax.self),
      !variable.isTypeProperty, variable.bindings.allSatisfy(\.isStored)
    else {
      context.diagnose(MacroDiagnostic.notOnStoredProperty(macro: macro).diagnose(at: attribute))
      return
    }
    if variable.bindings.count > 1 {
      context.diagnose(MacroDiagnostic.onMultipleBindings(macro: macro).diagnose(at: attribute))
    }
  }
}

extension AttributeListSyntax {
  /// The attribute `@name` (or `@TypedSQL.name`) in this list, if any.
  func attribute(named name: String) -> AttributeSyntax? {
    lazy.compactMap { $0.as(AttributeSyntax.self) }
      .first { [name, "TypedSQL.\(name)"].contains($0.attributeName.trimmedDescription) }
  }
}
