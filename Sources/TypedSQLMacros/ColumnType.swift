import SwiftSyntax
import SwiftSyntaxBuilder

extension TypeSyntax {
  /// The type a literal default value implies: `""` → `String`, `true` → `Bool`, `1` → `Int`,
  /// `1.5` → `Double`, and the same for negative numbers. `nil` for any other expression.
  static func inferred(fromLiteral expression: ExprSyntax) -> TypeSyntax? {
    if let negated = expression.as(PrefixOperatorExprSyntax.self),
      negated.operator.text == "-"
    {
      let operand = negated.expression
      guard operand.is(IntegerLiteralExprSyntax.self) || operand.is(FloatLiteralExprSyntax.self)
      else { return nil }
      return inferred(fromLiteral: operand)
    }
    switch expression.kind {
    case .stringLiteralExpr: return "String"
    case .booleanLiteralExpr: return "Bool"
    case .integerLiteralExpr: return "Int"
    case .floatLiteralExpr: return "Double"
    default: return nil
    }
  }

  /// Whether this type is optional: `T?`, `T!` or `Optional<T>`.
  var isOptional: Bool {
    if self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return true
    }
    if let identifier = self.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
    }
    if let member = self.as(MemberTypeSyntax.self) {
      return member.baseType.trimmedDescription == "Swift" && member.name.text == "Optional"
        && member.genericArgumentClause != nil
    }
    return false
  }

  /// The wrapped type of an optional (`T?`, `T!`, `Optional<T>`), or this type.
  var nonOptional: TypeSyntax {
    if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType }
    if let optional = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optional.wrappedType }
    if isOptional, let identifier = self.as(IdentifierTypeSyntax.self),
      let argument = identifier.genericArgumentClause?.arguments.first?.argument.as(TypeSyntax.self)
    {
      return argument
    }
    return self
  }

  /// This type with an implicitly unwrapped `T!` spelled `T?`, so that it can be a generic
  /// argument.
  var withoutImplicitUnwrapping: TypeSyntax {
    guard let implicitlyUnwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) else {
      return self
    }
    return TypeSyntax(OptionalTypeSyntax(wrappedType: implicitlyUnwrapped.wrappedType))
  }

  /// This type if it is optional, otherwise `Self?`.
  var optional: TypeSyntax {
    isOptional
      ? withoutImplicitUnwrapping
      : TypeSyntax(OptionalTypeSyntax(wrappedType: parenthesizedIfCompound))
  }

  /// The expression `Self.self`, e.g. `Int.self` or `(any Error).self`.
  var metatypeExpression: ExprSyntax {
    "\(parenthesizedIfCompound).self"
  }

  /// This type, in parentheses when a postfix (`?`, `.self`) would otherwise bind to only part of
  /// it, as in `any P` or `(Int) -> Void`.
  private var parenthesizedIfCompound: TypeSyntax {
    switch kind {
    case .someOrAnyType, .functionType, .compositionType, .attributedType:
      TypeSyntax(
        TupleTypeSyntax(elements: TupleTypeElementListSyntax([TupleTypeElementSyntax(type: self)])))
    default:
      self
    }
  }
}

extension TypeSyntax {
  /// This type with every `Self` replaced by `tableType`: the generated `TableColumns` and
  /// `Draft` are types of their own, where `Self` would name them instead of the table.
  func replacingSelf(with tableType: TypeSyntax) -> TypeSyntax {
    SelfTypeRewriter(replacement: tableType).rewrite(self).cast(TypeSyntax.self)
  }
}

/// Rewrites `Self` in a type to a named type.
private final class SelfTypeRewriter: SyntaxRewriter {
  let replacement: TypeSyntax

  init(replacement: TypeSyntax) {
    self.replacement = replacement
    super.init()
  }

  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    guard node.name.tokenKind == .keyword(.Self) || node.name.text == "Self" else {
      return super.visit(node)
    }
    return replacement.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
  }
}
