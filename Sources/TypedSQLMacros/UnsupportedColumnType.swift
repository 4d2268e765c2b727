import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// A property type that can never be a column on its own, recognized by its spelling: a
/// collection (stored as JSON through `@Column(as:)`), or a tuple or function (kept out of the
/// database with `@Ephemeral`). Reporting it in the macro, with fix-its, spares the user a
/// conformance error inside the expansion.
enum UnsupportedColumnType {
  /// A collection: an array (other than `[UInt8]`, a blob), a dictionary or a set.
  case collection
  /// A tuple or a function.
  case notStorable

  /// The kind of `type` (optional or not) when it is one no column can hold by itself.
  init?(_ type: TypeSyntax) {
    let wrapped = type.nonOptional
    if let array = wrapped.as(ArrayTypeSyntax.self) {
      guard array.element.trimmedDescription != "UInt8" else { return nil }
      self = .collection
    } else if wrapped.is(DictionaryTypeSyntax.self) {
      self = .collection
    } else if let identifier = wrapped.as(IdentifierTypeSyntax.self),
      let arguments = identifier.genericArgumentClause?.arguments
    {
      switch identifier.name.text {
      case "Array" where arguments.first?.argument.trimmedDescription != "UInt8", "Dictionary", "Set":
        self = .collection
      default:
        return nil
      }
    } else if let tuple = wrapped.as(TupleTypeSyntax.self), tuple.elements.count != 1 {
      self = .notStorable
    } else if wrapped.is(FunctionTypeSyntax.self) || wrapped.is(AttributedTypeSyntax.self) {
      self = .notStorable
    } else {
      return nil
    }
  }

  /// The error for `variable`'s property `name` of type `type`, with a fix-it storing it as
  /// JSON (for a collection) and one marking it `@Ephemeral`.
  func diagnostic(
    property name: String, type: TypeSyntax, variable: VariableDeclSyntax, columnAttribute: ColumnAttribute?
  ) -> Diagnostic {
    var fixIts: [FixIt] = []
    if self == .collection {
      let representation = Self.jsonRepresentation(of: type)
      let attribute: AttributeSyntax
      if let columnAttribute, case .argumentList(let arguments) = columnAttribute.attribute.arguments, !arguments.isEmpty {
        attribute = "@Column(\(arguments.trimmed), as: \(raw: representation).self)"
      } else {
        attribute = "@Column(as: \(raw: representation).self)"
      }
      fixIts.append(
        FixIt(
          message: MacroFixIt.storeAsJSON(representation),
          changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(variable.replacingColumnAttribute(with: attribute)))]))
    }
    fixIts.append(
      FixIt(
        message: MacroFixIt.insertEphemeral,
        changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(variable.replacingColumnAttribute(with: "@Ephemeral")))]))
    return MacroDiagnostic.unsupportedColumnType(property: name, type: type.trimmedDescription)
      .diagnose(at: type, fixIts: fixIts)
  }

  /// `[String].JSONRepresentation`, or `[String].JSONRepresentation?` for an optional.
  private static func jsonRepresentation(of type: TypeSyntax) -> String {
    let wrapped = type.nonOptional.trimmedDescription
    return type.isOptional ? "\(wrapped).JSONRepresentation?" : "\(wrapped).JSONRepresentation"
  }
}

extension VariableDeclSyntax {
  /// This declaration with `attribute` in place of its `@Column` attribute, or before it when it
  /// has none.
  fileprivate func replacingColumnAttribute(with attribute: AttributeSyntax) -> VariableDeclSyntax {
    let bare = with(\.leadingTrivia, [])
    var attributes = Array(bare.attributes.filter { element in
      guard case .attribute(let existing) = element else { return true }
      return existing.attributeName.trimmedDescription != "Column"
    })
    attributes.insert(.attribute(attribute.with(\.trailingTrivia, .space)), at: 0)
    return bare.with(\.attributes, AttributeListSyntax(attributes)).with(\.leadingTrivia, leadingTrivia)
  }
}
