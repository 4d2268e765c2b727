import SwiftSyntax
import SwiftSyntaxBuilder

extension TypeSyntax {
  /// The type a default value implies: a literal's (`""` → `String`, `true` → `Bool`, `1` →
  /// `Int`, `1.5` → `Double`, negative numbers too), or the type an initializer call names
  /// (`Date()` → `Date`, `URL(string: "…")!` → `URL`, `Foundation.UUID()` → `Foundation.UUID`).
  /// `nil` for any other expression, whose type only the compiler knows.
  ///
  /// A failable initializer called without `!` (`URL(string: "…")`) gives an optional, which
  /// this cannot see: the generated code then names the wrong type, and the compiler says so.
  static func inferred(fromDefaultValue expression: ExprSyntax) -> TypeSyntax? {
    if let negated = expression.as(PrefixOperatorExprSyntax.self),
      negated.operator.text == "-"
    {
      let operand = negated.expression
      guard operand.is(IntegerLiteralExprSyntax.self) || operand.is(FloatLiteralExprSyntax.self)
      else { return nil }
      return inferred(fromDefaultValue: operand)
    }
    if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
      return initializedType(of: unwrapped.expression)
    }
    switch expression.kind {
    case .stringLiteralExpr: return "String"
    case .booleanLiteralExpr: return "Bool"
    case .integerLiteralExpr: return "Int"
    case .floatLiteralExpr: return "Double"
    default: return initializedType(of: expression)
    }
  }

  /// The type whose initializer `expression` calls, `T(…)` or `Module.T(…)`, when its name is
  /// capitalized as a type's is; `nil` for any other expression (a function call, `T.make()`).
  private static func initializedType(of expression: ExprSyntax) -> TypeSyntax? {
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
    func isTypeName(_ name: TokenSyntax) -> Bool { name.text.first?.isUppercase == true }
    let callee = call.calledExpression
    if let reference = callee.as(DeclReferenceExprSyntax.self), isTypeName(reference.baseName) {
      return TypeSyntax(IdentifierTypeSyntax(name: reference.baseName.trimmed))
    }
    if let member = callee.as(MemberAccessExprSyntax.self), isTypeName(member.declName.baseName),
      let base = member.base?.as(DeclReferenceExprSyntax.self)
    {
      return TypeSyntax(
        MemberTypeSyntax(
          baseType: IdentifierTypeSyntax(name: base.baseName.trimmed), name: member.declName.baseName.trimmed))
    }
    return nil
  }

  /// Whether this type is StructuredQueries' `TableAlias<Base, Name>`, or an optional of it.
  var isTableAlias: Bool {
    let type = nonOptional
    let name = type.as(IdentifierTypeSyntax.self)?.name ?? type.as(MemberTypeSyntax.self)?.name
    return name?.text == "TableAlias"
  }

  /// Whether this type names a table's `Draft` (`Tag.Draft`): a member type called `Draft`.
  var isTableDraft: Bool {
    self.as(MemberTypeSyntax.self)?.name.text == "Draft"
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
