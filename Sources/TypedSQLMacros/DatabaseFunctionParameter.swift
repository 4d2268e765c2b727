import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A parameter of a function marked `@DatabaseFunction`, as the generated definition repeats it:
/// in the closure SQLite calls, which receives the Swift value, and in `callAsFunction`, which
/// takes a query projection of it under the same argument label.
///
/// A sequence parameter (`some Sequence<Element>` or `[Element]`) makes the function an
/// aggregate: SQLite passes it one `Element` per row of a group, which the generated definition
/// collects into an array for the Swift function.
struct DatabaseFunctionParameter {
  /// The argument label, `_` when there is none.
  let label: TokenSyntax
  /// The name the generated closure and `callAsFunction` bind the argument to: the parameter's
  /// own name, or a unique one when the function leaves it unnamed (`_`).
  let name: TokenSyntax
  /// The type of the value SQLite passes, without surrounding trivia: the parameter's Swift type,
  /// or a sequence parameter's element type.
  let type: TypeSyntax
  /// Whether the parameter is a sequence of the values of a group's rows, which makes the
  /// function an aggregate.
  let isSequence: Bool

  /// Reads `parameter`, the only parameter of its function when `isOnlyParameter`, with `Self`
  /// in its type spelled `selfType` when given. Returns `nil` after appending to `diagnostics`
  /// when SQLite cannot pass the argument: an `inout` or variadic parameter, one with a default
  /// value (a SQL call passes every argument), an opaque `some` type other than an aggregate's
  /// `some Sequence<Element>`, or a sequence beside other parameters.
  init?(
    _ parameter: FunctionParameterSyntax,
    isOnlyParameter: Bool,
    selfType: TypeSyntax?,
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) {
    let diagnosticCount = diagnostics.count
    let ownName = parameter.secondName ?? parameter.firstName
    let displayName = ownName.trimmedDescription
    if let inoutSpecifier = parameter.type.inoutSpecifier {
      diagnostics.append(MacroDiagnostic.inoutParameter(displayName).diagnose(at: inoutSpecifier))
    }
    if let ellipsis = parameter.ellipsis {
      diagnostics.append(MacroDiagnostic.variadicParameter(displayName).diagnose(at: ellipsis))
    }
    if let defaultValue = parameter.defaultValue {
      diagnostics.append(
        MacroDiagnostic.parameterWithDefaultValue(displayName).diagnose(at: defaultValue))
    }
    let elementType = parameter.type.sequenceElementType
    if elementType != nil, !isOnlyParameter {
      diagnostics.append(MacroDiagnostic.aggregateWithOtherParameters.diagnose(at: parameter.type))
    }
    if let opaqueType = (elementType ?? parameter.type).opaqueType {
      diagnostics.append(MacroDiagnostic.genericDatabaseFunction.diagnose(at: opaqueType))
    }
    guard diagnostics.count == diagnosticCount else { return nil }

    let type = (elementType ?? parameter.type).trimmed
    self.label = parameter.firstName.trimmed
    self.name =
      ownName.tokenKind == .wildcard ? context.makeUniqueName("argument") : ownName.trimmed
    self.type = selfType.map(type.replacingSelf(with:)) ?? type
    self.isSequence = elementType != nil
  }

  /// `name`: the parameter's value, in the closure or in `callAsFunction`.
  var reference: ExprSyntax { ExprSyntax(DeclReferenceExprSyntax(baseName: name)) }

  /// `name: Type`: the parameter of the closure SQLite calls with the decoded Swift value.
  var closureParameter: FunctionParameterSyntax {
    FunctionParameterSyntax(firstName: name, type: type)
  }

  /// `label name: some TypedSQLCore.QueryProjection<Type>`: the parameter of `callAsFunction`,
  /// which takes any column or expression whose rows decode as the parameter's type.
  var projectionParameter: FunctionParameterSyntax {
    let projection: TypeSyntax = "some TypedSQLCore.QueryProjection<\(type)>"
    guard label.text != name.text else {
      return FunctionParameterSyntax(firstName: name, type: projection)
    }
    return FunctionParameterSyntax(
      firstName: label.with(\.trailingTrivia, .space), secondName: name, type: projection)
  }

  /// `label: value`, or `value` for a parameter without a label: the argument that passes
  /// `value` (the closure's parameter, or an aggregate's collected values) to the Swift function.
  func forwardingArgument(_ value: ExprSyntax) -> LabeledExprSyntax {
    guard label.tokenKind != .wildcard else { return LabeledExprSyntax(expression: value) }
    return LabeledExprSyntax(label: label, colon: .colonToken(), expression: value)
  }
}

extension TypeSyntax {
  /// The `inout` of a parameter type such as `inout Int`, if it has one.
  fileprivate var inoutSpecifier: TokenSyntax? {
    self.as(AttributedTypeSyntax.self)?.specifiers.lazy
      .compactMap { $0.as(SimpleTypeSpecifierSyntax.self)?.specifier }
      .first { $0.tokenKind == .keyword(.inout) }
  }

  /// The element type of a sequence parameter: `Element` of `some Sequence<Element>` or
  /// `[Element]`. `nil` for any other type, and for `[UInt8]`, which SQLite passes as a blob.
  fileprivate var sequenceElementType: TypeSyntax? {
    if let array = self.as(ArrayTypeSyntax.self) {
      let isBlob = ["UInt8", "Swift.UInt8"].contains(array.element.trimmedDescription)
      return isBlob ? nil : array.element
    }
    guard let opaque = self.as(SomeOrAnyTypeSyntax.self),
      opaque.someOrAnySpecifier.tokenKind == .keyword(.some)
    else { return nil }
    let constraint = opaque.constraint
    let genericArguments: GenericArgumentClauseSyntax?
    if let identifier = constraint.as(IdentifierTypeSyntax.self),
      identifier.name.text == "Sequence"
    {
      genericArguments = identifier.genericArgumentClause
    } else if let member = constraint.as(MemberTypeSyntax.self),
      member.baseType.trimmedDescription == "Swift", member.name.text == "Sequence"
    {
      genericArguments = member.genericArgumentClause
    } else {
      return nil
    }
    guard let arguments = genericArguments?.arguments, arguments.count == 1,
      let argument = arguments.first?.argument
    else { return nil }
    // Through `Syntax`, since swift-syntax 601 made a generic argument a type or a value.
    return Syntax(argument).as(TypeSyntax.self)
  }

  /// The first opaque `some` type within this type, if any: a function that takes or returns one
  /// is generic.
  var opaqueType: SomeOrAnyTypeSyntax? {
    tokens(viewMode: .sourceAccurate)
      .first { $0.tokenKind == .keyword(.some) }?
      .parent?.as(SomeOrAnyTypeSyntax.self)
  }
}
