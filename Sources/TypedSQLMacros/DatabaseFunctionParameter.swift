import SwiftDiagnostics
import SwiftSyntax

/// An argument SQL passes to a function marked `@DatabaseFunction`: a parameter of a scalar
/// function, or one component of an aggregate's row (`some Sequence<(String, separator: String)>`
/// has two). The generated definition repeats it in the closure SQLite calls, which receives the
/// decoded value, and in `callAsFunction`, which takes a query projection of it under the same
/// argument label.
struct DatabaseFunctionParameter {
  /// The argument label, `_` when there is none.
  let label: TokenSyntax
  /// The name the generated closure and `callAsFunction` bind the argument to: the parameter's
  /// own name, or `argumentN` (N its position) when it has none (`_`).
  let name: TokenSyntax
  /// The type the Swift function takes, without surrounding trivia.
  let type: TypeSyntax
  /// The type SQL passes and queries call with: the representation `@DatabaseFunction(as:)`
  /// gives for it, the table of a draft (`Tag.Draft.Into`), or `type`.
  let sqlType: TypeSyntax
  /// Whether the Swift function takes a table's draft (`Tag.Draft`), which SQL passes as the
  /// table's row (its columns, `$isValid($0)` in `Tag.Draft.select`), and the closure SQLite
  /// calls turns into the draft.
  let isDraft: Bool
  /// The default value of the argument in `callAsFunction`, with a `nil` literal spelled
  /// `SQLType.none`, so that the opaque parameter has a type to infer.
  let defaultValue: ExprSyntax?

  /// Reads a component of a parameter: `label` and `ownName` as written (either may be `_`, when
  /// `unnamed` names it), `type`, stored as `sqlType` (a representation) when given, and the
  /// parameter's default value.
  init(
    label: TokenSyntax, ownName: TokenSyntax, unnamed: String, type: TypeSyntax, sqlType: TypeSyntax?,
    defaultValue: ExprSyntax?
  ) {
    let isDraft = sqlType == nil && type.isTableDraft
    let sqlType = isDraft ? "\(type.trimmed).Into" : (sqlType ?? type).trimmed
    self.label = label.trimmed
    self.name = ownName.tokenKind == .wildcard ? .identifier(unnamed) : ownName.trimmed
    self.type = type.trimmed
    self.sqlType = sqlType
    self.isDraft = isDraft
    self.defaultValue = defaultValue.map { value in
      value.is(NilLiteralExprSyntax.self) ? "\(sqlType).none" : value.trimmed
    }
  }

  /// Whether SQL passes the argument in a representation that the Swift function receives as
  /// its `queryOutput`.
  var isRepresented: Bool { !isDraft && sqlType.trimmedDescription != type.trimmedDescription }

  /// Whether the closure SQLite calls converts the argument before the Swift function takes it:
  /// a represented argument or a draft.
  var isConverted: Bool { isRepresented || isDraft }

  /// `name`: the parameter's value, in the closure or in `callAsFunction`.
  var reference: ExprSyntax { ExprSyntax(DeclReferenceExprSyntax(baseName: name)) }

  /// `callAsFunction`'s argument as a query projection: `name`, or a represented argument's
  /// `name.handles`.
  var projectedReference: ExprSyntax { isRepresented ? "\(reference).handles" : reference }

  /// The Swift function's value of `value`, an argument as SQL passes it: `value.queryOutput`
  /// for a represented argument, `Tag.Draft(value)` for a draft, `value` otherwise.
  func swiftValue(of value: ExprSyntax) -> ExprSyntax {
    if isDraft { return "\(type)(\(value))" }
    return isRepresented ? "\(value).queryOutput" : value
  }

  /// `name: SQLType`: the parameter of the closure SQLite calls with the decoded value.
  var closureParameter: FunctionParameterSyntax {
    FunctionParameterSyntax(firstName: name, type: sqlType)
  }

  /// `label name: some TypedSQLCore.QueryProjection<SQLType> = default`: the parameter of
  /// `callAsFunction`, which takes any column or expression whose rows decode as the argument's
  /// SQL type. A represented argument is one SQL value, which takes any `ColumnsArgument` whose
  /// handle is an expression of the representation (`jsonGroupArray()` for a
  /// `[Tag].JSONRepresentation`).
  var projectionParameter: FunctionParameterSyntax {
    let projection: TypeSyntax =
      isRepresented
      ? "some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<\(sqlType)>>"
      : "some TypedSQLCore.QueryProjection<\(sqlType)>"
    let defaultClause = defaultValue.map {
      InitializerClauseSyntax(
        equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space), value: $0)
    }
    guard label.text != name.text else {
      return FunctionParameterSyntax(firstName: name, type: projection, defaultValue: defaultClause)
    }
    return FunctionParameterSyntax(
      firstName: label.with(\.trailingTrivia, .space), secondName: name, type: projection,
      defaultValue: defaultClause)
  }

  /// `label: value`, or `value` for a parameter without a label: the argument that passes
  /// `value` to the Swift function, or builds a tuple element of an aggregate's row.
  func forwardingArgument(_ value: ExprSyntax) -> LabeledExprSyntax {
    guard label.tokenKind != .wildcard else { return LabeledExprSyntax(expression: value) }
    return LabeledExprSyntax(label: label, colon: .colonToken(), expression: value)
  }
}

extension FunctionParameterSyntax {
  /// Reports in `diagnostics` what SQLite cannot pass for this parameter, named `displayName`:
  /// `inout`, variadic, or an opaque `some` type other than an aggregate's sequence (whose element
  /// type is `elementType`).
  func diagnoseUnsupported(elementType: TypeSyntax?, diagnostics: inout [Diagnostic]) {
    let displayName = (secondName ?? firstName).trimmedDescription
    if let inoutSpecifier = type.inoutSpecifier {
      diagnostics.append(MacroDiagnostic.inoutParameter(displayName).diagnose(at: inoutSpecifier))
    }
    if let ellipsis {
      diagnostics.append(MacroDiagnostic.variadicParameter(displayName).diagnose(at: ellipsis))
    }
    if let opaqueType = (elementType ?? type).opaqueType {
      diagnostics.append(MacroDiagnostic.genericDatabaseFunction.diagnose(at: opaqueType))
    }
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
  /// `[Element]`, and of `any Sequence<Element>` in a representation. `nil` for any other type,
  /// and for `[UInt8]`, which SQLite passes as a blob.
  var sequenceElementType: TypeSyntax? {
    if let array = self.as(ArrayTypeSyntax.self) {
      let isBlob = ["UInt8", "Swift.UInt8"].contains(array.element.trimmedDescription)
      return isBlob ? nil : array.element
    }
    guard let opaque = self.as(SomeOrAnyTypeSyntax.self) else { return nil }
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
