import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The arguments of a property's `@Column` attribute.
///
/// Invalid arguments are reported in ``diagnostics`` (which `@Column` emits) and otherwise read
/// as absent, so `@Table` and `@Selection` can still describe the property.
struct ColumnAttribute {
  /// The attribute as written.
  let attribute: AttributeSyntax
  /// The column's name in the database, when given.
  private(set) var name: String?
  /// The type of `as: Representation.self`, when given.
  private(set) var representation: TypeSyntax?
  /// The value of `primaryKey:`, when given.
  private(set) var primaryKey: Bool?
  /// The `primaryKey:` argument as written, when given.
  private(set) var primaryKeyArgument: LabeledExprSyntax?
  /// Whether `generated:` is `.stored` or `.virtual`: the database computes the column.
  private(set) var isGenerated = false
  /// The `generated:` argument as written, when given.
  private(set) var generatedArgument: LabeledExprSyntax?
  /// Whether `lazyInitializable: true` leaves the column to the database when a draft has no
  /// value for it.
  private(set) var isLazyInitializable = false
  /// The `lazyInitializable:` argument as written, when given.
  private(set) var lazyInitializableArgument: LabeledExprSyntax?
  /// The problems found in the arguments.
  private(set) var diagnostics: [Diagnostic] = []

  /// Reads the `@Column` attribute among `attributes`, if there is one.
  init?(in attributes: AttributeListSyntax) {
    guard let column = attributes.attribute(named: "Column") else { return nil }
    self.init(column)
  }

  /// Reads the arguments of `attribute`, a `@Column` attribute.
  init(_ attribute: AttributeSyntax) {
    self.attribute = attribute
    guard case .argumentList(let arguments) = attribute.arguments else { return }
    for argument in arguments {
      switch argument.label?.text {
      case nil:
        name = NameArgument.value(
          of: argument.expression, macro: "Column", diagnostics: &diagnostics)
      case "as":
        representation = readRepresentation(argument.expression)
      case "primaryKey":
        primaryKey = readBoolean(argument.expression, label: "primaryKey")
        primaryKeyArgument = argument
      case "generated":
        isGenerated = readGenerated(argument.expression)
        generatedArgument = argument
      case "lazyInitializable":
        isLazyInitializable = readBoolean(argument.expression, label: "lazyInitializable") ?? false
        lazyInitializableArgument = argument
      default:
        break
      }
    }
  }

  /// The type `Representation` of `Representation.self`, or `nil` for the `nil` literal and for
  /// StructuredQueries' `TableAlias<Base, Name>.self`: a table field's columns carry the name its
  /// query gives the table, so the field is read as its base table.
  private mutating func readRepresentation(_ expression: ExprSyntax) -> TypeSyntax? {
    if expression.is(NilLiteralExprSyntax.self) {
      return nil
    }
    guard let metatype = expression.as(MemberAccessExprSyntax.self),
      metatype.declName.baseName.tokenKind == .keyword(.self),
      let base = metatype.base
    else {
      diagnostics.append(MacroDiagnostic.representationNotTypeLiteral.diagnose(at: expression))
      return nil
    }
    let representation = TypeSyntax("\(raw: base.trimmedDescription)")
    return representation.isTableAlias ? nil : representation
  }

  /// The value of the argument `label`'s `true` or `false` literal, or `nil` for the `nil`
  /// literal and anything else, which is reported.
  private mutating func readBoolean(_ expression: ExprSyntax, label: String) -> Bool? {
    if expression.is(NilLiteralExprSyntax.self) {
      return nil
    }
    guard let literal = expression.as(BooleanLiteralExprSyntax.self) else {
      diagnostics.append(MacroDiagnostic.argumentNotBooleanLiteral(argument: label).diagnose(at: expression))
      return nil
    }
    return literal.literal.tokenKind == .keyword(.true)
  }

  /// Whether `expression` is `.stored` or `.virtual` (also spelled `GeneratedColumnStorage.stored`);
  /// `false` for the `nil` literal, and for anything else, which is reported.
  private mutating func readGenerated(_ expression: ExprSyntax) -> Bool {
    if expression.is(NilLiteralExprSyntax.self) {
      return false
    }
    guard let storage = expression.as(MemberAccessExprSyntax.self),
      ["stored", "virtual"].contains(storage.declName.baseName.text),
      storage.declName.argumentNames == nil,
      [nil, "GeneratedColumnStorage"].contains(
        storage.base?.trimmedDescription.split(separator: ".").last)
    else {
      diagnostics.append(MacroDiagnostic.generatedNotStorage.diagnose(at: expression))
      return false
    }
    return true
  }

  /// A fix-it that removes `argument`, one of this attribute's arguments, leaving a bare
  /// `@Column` when nothing is left.
  func fixIt(removing argument: LabeledExprSyntax) -> FixIt {
    FixIt(
      message: MacroFixIt.removeArgument(argument.with(\.trailingComma, nil).trimmedDescription),
      changes: [
        .replace(oldNode: Syntax(attribute), newNode: Syntax(removing(argument)))
      ])
  }

  /// This attribute without `argument`; a bare `@Column` when nothing is left.
  private func removing(_ argument: LabeledExprSyntax) -> AttributeSyntax {
    guard case .argumentList(let arguments) = attribute.arguments else { return attribute }
    var remaining = Array(arguments.filter { $0.id != argument.id })
    guard let last = remaining.popLast() else {
      return attribute
        .with(\.leftParen, nil)
        .with(\.arguments, nil)
        .with(\.rightParen, nil)
        .with(\.trailingTrivia, attribute.trailingTrivia)
    }
    remaining.append(last.with(\.trailingComma, nil))
    return attribute.with(\.arguments, .argumentList(LabeledExprListSyntax(remaining)))
  }
}
