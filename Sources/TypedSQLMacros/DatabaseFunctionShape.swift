import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The arguments and result of a function marked `@DatabaseFunction`, with the representations
/// of `@DatabaseFunction(as: ((A, B) -> R).self)` applied: a scalar function's parameters, or an
/// aggregate's row (`some Sequence<Element>`, `[Element]`, or a tuple `Element` of several).
struct FunctionShape {
  let parameters: [DatabaseFunctionParameter]
  let aggregate: DatabaseFunctionSchema.Aggregate?
  let resultType: TypeSyntax?
  let sqlResultType: TypeSyntax
  let isThrowing: Bool

  /// Reads `function`, with `Self` spelled `selfType` when given and `representation` the
  /// `as:` argument, if any. Returns `nil` after appending to `diagnostics` when SQLite cannot
  /// call it: `async`, generic, a parameter SQLite cannot pass, or a representation whose shape
  /// is not the function's.
  init?(
    _ function: FunctionDeclSyntax, representation: ExprSyntax?, selfType: TypeSyntax?,
    diagnostics: inout [Diagnostic]
  ) {
    let diagnosticCount = diagnostics.count
    func resolved(_ type: TypeSyntax) -> TypeSyntax {
      (selfType.map(type.replacingSelf(with:)) ?? type).trimmed
    }
    if let genericParameters = function.genericParameterClause {
      diagnostics.append(MacroDiagnostic.genericDatabaseFunction.diagnose(at: genericParameters))
    }
    let effects = function.signature.effectSpecifiers
    if let effects, let asyncSpecifier = effects.asyncSpecifier {
      diagnostics.append(
        MacroDiagnostic.asyncDatabaseFunction.diagnose(
          at: asyncSpecifier,
          fixIts: [
            FixIt(
              message: MacroFixIt.removeAsync,
              changes: [
                .replace(
                  oldNode: Syntax(effects), newNode: Syntax(effects.with(\.asyncSpecifier, nil)))
              ])
          ]))
    }
    let declared = Array(function.signature.parameterClause.parameters)
    var functionType: FunctionTypeSyntax?
    if let representation {
      functionType = representation.typeLiteral?.as(FunctionTypeSyntax.self)
      if functionType?.parameters.count != declared.count {
        diagnostics.append(
          MacroDiagnostic.functionRepresentationMismatch(
            expected: "a function type literal of the function's \(declared.count) parameters, such as '((A, B) -> R).self'"
          ).diagnose(at: representation))
      }
    }
    let representations = functionType.map { $0.parameters.map(\.type) }
    // With `as:`, the representation says whether the function is an aggregate: a `[String]`
    // passed as `[String].JSONRepresentation` is one argument, not a group's values.
    let isAggregate = representations.map { $0.first?.sequenceElementType != nil } ?? true
    let elementTypes = declared.map { isAggregate ? $0.type.sequenceElementType : nil }
    for (index, parameter) in declared.enumerated() {
      parameter.diagnoseUnsupported(elementType: elementTypes[index], diagnostics: &diagnostics)
      if elementTypes[index] != nil, declared.count != 1 {
        diagnostics.append(MacroDiagnostic.aggregateWithOtherParameters.diagnose(at: parameter.type))
      }
    }
    let returnType = function.signature.returnClause?.type
    if let opaqueType = returnType?.opaqueType {
      diagnostics.append(MacroDiagnostic.genericDatabaseFunction.diagnose(at: opaqueType))
    }
    guard diagnostics.count == diagnosticCount else { return nil }

    if declared.count == 1, let parameter = declared.first, let element = elementTypes[0] {
      let sqlElement = representations?.first?.sequenceElementType ?? element
      let components = element.as(TupleTypeSyntax.self).map { Array($0.elements) }
      let sqlComponents = sqlElement.as(TupleTypeSyntax.self).map { $0.elements.map(\.type) }
      if let components {
        parameters = components.enumerated().map { index, component in
          let label = component.firstName ?? .wildcardToken()
          return DatabaseFunctionParameter(
            label: label, ownName: component.secondName ?? label, unnamed: "argument\(index)",
            type: resolved(component.type),
            sqlType: sqlComponents.flatMap { index < $0.count ? resolved($0[index]) : nil }, defaultValue: nil)
        }
      } else {
        parameters = [
          DatabaseFunctionParameter(
            label: parameter.firstName, ownName: parameter.secondName ?? parameter.firstName,
            unnamed: "argument0", type: resolved(element),
            sqlType: representations?.first?.sequenceElementType.map(resolved), defaultValue: nil)
        ]
      }
      aggregate = DatabaseFunctionSchema.Aggregate(label: parameter.firstName.trimmed, isTuple: components != nil)
    } else {
      parameters = declared.enumerated().map { index, parameter in
        DatabaseFunctionParameter(
          label: parameter.firstName, ownName: parameter.secondName ?? parameter.firstName,
          unnamed: "argument\(index)", type: resolved(parameter.type),
          sqlType: representations.flatMap { $0[index].isTableAlias ? nil : resolved($0[index]) },
          defaultValue: parameter.defaultValue?.value)
      }
      aggregate = nil
    }
    if let returnType, !Self.isVoid(returnType) {
      resultType = resolved(returnType)
      sqlResultType = resolved(functionType?.returnClause.type ?? returnType)
    } else {
      resultType = nil
      sqlResultType = "TypedSQLSQLite.SQLiteFunctionVoid"
    }
    isThrowing = effects?.throwsClause != nil
  }

  /// Whether `type` is `Void` or `()`: the function returns nothing.
  private static func isVoid(_ type: TypeSyntax) -> Bool {
    ["Void", "Swift.Void"].contains(type.trimmedDescription)
      || type.as(TupleTypeSyntax.self)?.elements.isEmpty == true
  }
}
