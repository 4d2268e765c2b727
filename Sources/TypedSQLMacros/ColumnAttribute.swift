import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The arguments of a property's `@Column` attribute.
///
/// Invalid arguments are reported in ``diagnostics`` (which `@Column` emits) and otherwise read
/// as absent, so `@Table` can still describe the property.
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
  /// The problems found in the arguments.
  private(set) var diagnostics: [Diagnostic] = []

  /// Reads the `@Column` attribute among `attributes`, if there is one.
  init?(in attributes: AttributeListSyntax) {
    let column = attributes.lazy
      .compactMap { $0.as(AttributeSyntax.self) }
      .first { ["Column", "TypedSQL.Column"].contains($0.attributeName.trimmedDescription) }
    guard let column else { return nil }
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
        primaryKey = readPrimaryKey(argument.expression)
        primaryKeyArgument = argument
      default:
        break
      }
    }
  }

  /// The type `Representation` of `Representation.self`, or `nil` for the `nil` literal.
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
    return TypeSyntax("\(raw: base.trimmedDescription)")
  }

  /// The value of a `true` or `false` literal, or `nil` for the `nil` literal.
  private mutating func readPrimaryKey(_ expression: ExprSyntax) -> Bool? {
    if expression.is(NilLiteralExprSyntax.self) {
      return nil
    }
    guard let literal = expression.as(BooleanLiteralExprSyntax.self) else {
      diagnostics.append(MacroDiagnostic.primaryKeyNotBooleanLiteral.diagnose(at: expression))
      return nil
    }
    return literal.literal.tokenKind == .keyword(.true)
  }

  /// This attribute without its `primaryKey:` argument; a bare `@Column` when nothing is left.
  func removingPrimaryKeyArgument() -> AttributeSyntax {
    guard case .argumentList(let arguments) = attribute.arguments,
      let primaryKeyArgument
    else { return attribute }
    var remaining = Array(arguments.filter { $0.id != primaryKeyArgument.id })
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
