import SwiftSyntax
import SwiftSyntaxBuilder

extension DatabaseFunctionSchema {
  /// The declarations `@DatabaseFunction` adds next to the function: the definition type and its
  /// `$` value.
  func peerDecls() throws -> [DeclSyntax] {
    [DeclSyntax(try definitionDecl()), valueDecl]
  }

  /// The name of the definition type, `__DatabaseFunction_name`.
  private var definitionTypeName: TokenSyntax { "__DatabaseFunction_\(raw: baseName)" }

  /// `let $name = __DatabaseFunction_name()`, `static` for a static function: the value users
  /// register with `SQLiteDatabase.add(_:)` and call in queries.
  private var valueDecl: DeclSyntax {
    let staticPrefix = isStatic ? "static " : ""
    return "\(raw: accessPrefix)\(raw: staticPrefix)let $\(raw: baseName) = \(definitionTypeName)()"
  }

  /// The definition type: the `SQLiteFunction` that calls the Swift function, and a
  /// `callAsFunction` that renders a call of it with the function's own argument labels. A nested
  /// type is implicitly static, so a static function's definition needs no modifier.
  private func definitionDecl() throws -> StructDeclSyntax {
    // Members of a private or fileprivate type default to its access level; an explicit
    // modifier is only needed for a type visible outside the module.
    let memberAccess = ["public ", "package "].contains(accessPrefix) ? accessPrefix : ""
    let projectionParameters = FunctionParameterListSyntax {
      for parameter in parameters { parameter.projectionParameter }
    }
    let projections = LabeledExprListSyntax {
      for parameter in parameters { LabeledExprSyntax(expression: parameter.reference) }
    }
    return try StructDeclSyntax(
      "\(raw: accessPrefix)struct \(definitionTypeName): TypedSQLSQLite.SQLiteFunctionDefinition"
    ) {
      isAggregate
        ? aggregateFunctionDecl(access: memberAccess) : scalarFunctionDecl(access: memberAccess)
      DeclSyntax(
        """
        \(raw: memberAccess)func callAsFunction(\(projectionParameters)) \
        -> TypedSQLCore.SQLQueryExpression<\(resultType)> {
          function(\(projections))
        }
        """)
    }
  }

  /// `let function = SQLiteFunction(…) { (parameters) in call }`, with the member access prefix
  /// `access`: a scalar function, whose closure SQLite calls with each row's decoded arguments.
  private func scalarFunctionDecl(access: String) -> DeclSyntax {
    let closureParameters = FunctionParameterListSyntax {
      for parameter in parameters { parameter.closureParameter }
    }
    let throwsClause = isThrowing ? " throws" : ""
    return """
      \(raw: access)let function = TypedSQLSQLite.SQLiteFunction<\(resultType)>(\
      \(literal: sqlName), isDeterministic: \(literal: isDeterministic)\
      ) { (\(closureParameters))\(raw: throwsClause) in
        \(callExpression(passing: parameters.map { $0.forwardingArgument($0.reference) }))
      }
      """
  }

  /// `let function = SQLiteFunction(…, initial:step:finish:)`, with the member access prefix
  /// `access`: an aggregate function, which collects the group's values, one per row, into an
  /// array and passes it to the Swift function when the group ends.
  private func aggregateFunctionDecl(access: String) -> DeclSyntax {
    let elementType = parameters[0].type
    let call = callExpression(passing: [parameters[0].forwardingArgument("values")])
    return """
      \(raw: access)let function = TypedSQLSQLite.SQLiteFunction<\(resultType)>(
        \(literal: sqlName), isDeterministic: \(literal: isDeterministic), initial: [\(elementType)](),
        step: { (values: inout [\(elementType)], value: \(elementType)) in values.append(value) },
        finish: { values in \(call) })
      """
  }

  /// The call of the Swift function with `arguments`: `try` for a throwing function, and
  /// qualified by its type for a static one, since `Self` in the definition type would name the
  /// definition type itself.
  private func callExpression(passing arguments: [LabeledExprSyntax]) -> ExprSyntax {
    let argumentList = LabeledExprListSyntax {
      for argument in arguments { argument }
    }
    let qualifier = enclosingType.map { "\($0.trimmedDescription)." } ?? ""
    let tryPrefix = isThrowing ? "try " : ""
    return "\(raw: tryPrefix)\(raw: qualifier)\(functionName)(\(argumentList))"
  }
}
