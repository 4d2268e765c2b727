import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A parameter of a function marked `@DatabaseFunction`, as the generated definition repeats it:
/// in the closure SQLite calls, which receives the Swift value, and in `callAsFunction`, which
/// takes a query projection of it under the same argument label.
struct DatabaseFunctionParameter {
  /// The argument label, `_` when there is none.
  let label: TokenSyntax
  /// The name the generated closure and `callAsFunction` bind the argument to: the parameter's
  /// own name, or a unique one when the function leaves it unnamed (`_`).
  let name: TokenSyntax
  /// The parameter's Swift type, without surrounding trivia.
  let type: TypeSyntax

  /// Reads `parameter`, with `Self` in its type spelled `selfType` when given. Returns `nil`
  /// after appending to `diagnostics` when SQLite cannot pass the argument: an `inout` or
  /// variadic parameter, one with a default value (a SQL call passes every argument), or an
  /// opaque `some` type.
  init?(
    _ parameter: FunctionParameterSyntax,
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
    if let opaqueType = parameter.type.opaqueType {
      diagnostics.append(MacroDiagnostic.genericDatabaseFunction.diagnose(at: opaqueType))
    }
    guard diagnostics.count == diagnosticCount else { return nil }

    let type = parameter.type.trimmed
    self.label = parameter.firstName.trimmed
    self.name =
      ownName.tokenKind == .wildcard ? context.makeUniqueName("argument") : ownName.trimmed
    self.type = selfType.map(type.replacingSelf(with:)) ?? type
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

  /// `label: name`, or `name` for a parameter without a label: the argument that forwards the
  /// closure's parameter to the Swift function.
  var forwardingArgument: LabeledExprSyntax {
    guard label.tokenKind != .wildcard else { return LabeledExprSyntax(expression: reference) }
    return LabeledExprSyntax(label: label, colon: .colonToken(), expression: reference)
  }
}

extension TypeSyntax {
  /// The `inout` of a parameter type such as `inout Int`, if it has one.
  fileprivate var inoutSpecifier: TokenSyntax? {
    self.as(AttributedTypeSyntax.self)?.specifiers.lazy
      .compactMap { $0.as(SimpleTypeSpecifierSyntax.self)?.specifier }
      .first { $0.tokenKind == .keyword(.inout) }
  }

  /// The first opaque `some` type within this type, if any: a function that takes or returns one
  /// is generic.
  var opaqueType: SomeOrAnyTypeSyntax? {
    tokens(viewMode: .sourceAccurate)
      .first { $0.tokenKind == .keyword(.some) }?
      .parent?.as(SomeOrAnyTypeSyntax.self)
  }
}
