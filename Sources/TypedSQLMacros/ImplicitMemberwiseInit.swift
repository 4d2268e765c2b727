import SwiftSyntax

extension StructDeclSyntax {
  /// Whether the struct surely has Swift's implicit memberwise initializer, and `columns` (its
  /// column properties, in declaration order) are the arguments it needs: every other stored
  /// property has a default value.
  ///
  /// Read from the declaration alone, so anything that could take the initializer away or change
  /// its parameters answers no: an initializer in the struct's body, a `#if` block or a
  /// freestanding macro among its members, an attribute of the struct that could be a macro
  /// adding members, a stored property with an attribute other than `@Column` or `@Ephemeral`
  /// (a property wrapper changes its parameter), a `lazy` one (no parameter), a `private` or
  /// `fileprivate` one (a narrower initializer), or a stored property without a default that is
  /// not a column. Then `init(decoder:)` assigns its properties one by one, as before.
  func hasImplicitMemberwiseInit(takingColumns columns: [ColumnProperty]) -> Bool {
    guard !columns.isEmpty, attributes.allSatisfy(Self.leavesInitializersAlone) else { return false }
    var columnNames: [String] = []
    for member in memberBlock.members {
      if member.decl.is(InitializerDeclSyntax.self) || member.decl.is(IfConfigDeclSyntax.self)
        || member.decl.is(MacroExpansionDeclSyntax.self)
      {
        return false
      }
      guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isTypeProperty,
        variable.bindings.contains(where: \.isStored)
      else { continue }
      guard variable.attributes.allSatisfy(Self.isPropertyMarker),
        !variable.modifiers.contains(where: Self.hidesOrDefersTheProperty)
      else { return false }
      for binding in variable.bindings where binding.isStored {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return false }
        if variable.isEphemeral {
          // A default value, or the `nil` Swift gives a `var` of type `T?`, makes its parameter
          // optional.
          let type = binding.typeAnnotation?.type
          let hasDefault =
            binding.initializer != nil
            || (variable.bindingSpecifier.tokenKind == .keyword(.var)
              && (type?.is(OptionalTypeSyntax.self) == true || type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true))
          guard hasDefault else { return false }
        } else {
          columnNames.append(name)
        }
      }
    }
    return columnNames == columns.map(\.name.text)
  }

  /// Whether the struct's attribute `attribute` surely adds no initializer: `@Table`,
  /// `@Selection` and a few attributes of the language; any other could be a macro that does.
  private static func leavesInitializersAlone(_ attribute: AttributeListSyntax.Element) -> Bool {
    guard let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
    return [
      "Table", "TypedSQL.Table", "Selection", "TypedSQL.Selection", "frozen", "usableFromInline",
      "dynamicMemberLookup", "available",
    ].contains(name)
  }

  /// Whether the property attribute `attribute` is `@Column` or `@Ephemeral`, which leave the
  /// property's memberwise parameter as it is.
  private static func isPropertyMarker(_ attribute: AttributeListSyntax.Element) -> Bool {
    guard let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
    return ["Column", "TypedSQL.Column", "Ephemeral", "TypedSQL.Ephemeral"].contains(name)
  }

  /// Whether `modifier` makes the property `lazy` (no memberwise parameter) or `private` or
  /// `fileprivate` (a memberwise initializer of that access); `private(set)` does neither.
  private static func hidesOrDefersTheProperty(_ modifier: DeclModifierSyntax) -> Bool {
    switch modifier.name.tokenKind {
    case .keyword(.lazy): true
    case .keyword(.private), .keyword(.fileprivate): modifier.detail == nil
    default: false
    }
  }
}
