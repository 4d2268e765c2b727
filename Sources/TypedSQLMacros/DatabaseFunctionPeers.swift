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

  /// The `$name` value users register with `SQLiteDatabase.add(_:)` and call in queries: a
  /// constant for a global or static function, which it calls by name; a computed property for
  /// an instance method or property, whose closure captures the value (or, in a class, holds the
  /// object weakly).
  private var valueDecl: DeclSyntax {
    let closureParameters =
      aggregate == nil
      ? parameters.map { "\($0.closureParameter)" }.joined(separator: ", ")
      : "values: [\(sqlElementType)]"
    let body = closureBody.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n")
    let closure = "{ \(capture)(\(closureParameters)) in\n\(body)\n}"
    switch owner {
    case .none:
      return "\(raw: accessPrefix)let $\(raw: baseName) = \(definitionTypeName) \(raw: closure)"
    case .type:
      return "\(raw: accessPrefix)static let $\(raw: baseName) = \(definitionTypeName) \(raw: closure)"
    case .instance, .object:
      let indented = closure.split(separator: "\n").joined(separator: "\n  ")
      return """
        \(raw: accessPrefix)var $\(raw: baseName): \(definitionTypeName) {
          \(definitionTypeName) \(raw: indented)
        }
        """
    }
  }

  /// The capture list of the `$` value's closure, with a trailing space, or empty.
  private var capture: String {
    switch owner {
    case .none, .type: ""
    case .instance: "[self] "
    case .object: "[owner = TypedSQLSQLite.SQLiteFunctionOwner(self)] "
    }
  }

  /// The body of the `$` value's closure: the call of the Swift function with the arguments'
  /// Swift values, its result in the representation SQL receives (`SQLiteFunctionVoid()` after
  /// a function that returns nothing).
  private var closureBody: String {
    let qualifier =
      switch owner {
      case .none: ""
      case .type(let type): "\(type.trimmedDescription)."
      case .instance: "self."
      case .object: "owner.object()."
      }
    let arguments: [LabeledExprSyntax]
    if let aggregate {
      arguments = [
        aggregate.label.tokenKind == .wildcard
          ? LabeledExprSyntax(expression: aggregateValues)
          : LabeledExprSyntax(label: aggregate.label, colon: .colonToken(), expression: aggregateValues)
      ]
    } else {
      arguments = parameters.map { $0.forwardingArgument($0.swiftValue(of: $0.reference)) }
    }
    let argumentList = LabeledExprListSyntax {
      for argument in arguments { argument }
    }
    let call = isProperty ? "\(qualifier)\(functionName)" : "\(qualifier)\(functionName)(\(argumentList))"
    let tryPrefix = isThrowing || { if case .object = owner { true } else { false } }() ? "try " : ""
    guard resultType != nil else {
      return "\(tryPrefix)\(call)\nreturn TypedSQLSQLite.SQLiteFunctionVoid()"
    }
    return isResultRepresented
      ? "\(tryPrefix)\(sqlResultType)(queryOutput: \(call))" : "\(tryPrefix)\(call)"
  }

  /// The aggregate's collected rows as the Swift function takes them: `values`, or their Swift
  /// values when SQL passes a representation.
  private var aggregateValues: ExprSyntax {
    guard parameters.contains(where: \.isConverted) else { return "values" }
    guard aggregate?.isTuple == true else {
      return parameters[0].isDraft ? "values.map(\(parameters[0].type).init)" : "values.map(\\.queryOutput)"
    }
    let components = TupleExprSyntax {
      for (index, parameter) in parameters.enumerated() {
        parameter.forwardingArgument(parameter.swiftValue(of: "$0.\(raw: index)"))
      }
    }
    return "values.map { \(raw: components.description) }"
  }

  /// The type of one aggregate row as SQL passes it: the one argument's type, or a tuple of them.
  private var sqlElementType: String {
    guard aggregate?.isTuple == true else { return parameters[0].sqlType.trimmedDescription }
    let components = parameters.map { parameter in
      parameter.label.tokenKind == .wildcard
        ? parameter.sqlType.trimmedDescription : "\(parameter.label.text): \(parameter.sqlType)"
    }
    return "(\(components.joined(separator: ", ")))"
  }

  /// `Arguments`: the SQL types of one call's arguments, unlabeled.
  private var argumentsType: String {
    let types = parameters.map(\.sqlType.trimmedDescription)
    return types.count == 1 ? types[0] : "(\(types.joined(separator: ", ")))"
  }

  /// The definition type: the `SQLiteFunction`, built from the closure the `$` value passes, and
  /// a `callAsFunction` that renders a call of it with the function's own argument labels (and,
  /// for an aggregate, `distinct:`, `order:` and `filter:`). A property's is also the expression
  /// of its call. A nested type is implicitly static, so a static function's definition needs no
  /// modifier.
  private func definitionDecl() throws -> StructDeclSyntax {
    // Members of a private or fileprivate type default to its access level; an explicit
    // modifier is only needed for a type visible outside the module.
    let access = ["public ", "package "].contains(accessPrefix) ? accessPrefix : ""
    let kind = aggregate == nil ? "SQLiteScalarFunctionDefinition" : "SQLiteAggregateFunctionDefinition"
    let expressionConformances = isProperty ? ", TypedSQLCore.QueryExpression, TypedSQLCore.QueryProjection" : ""
    return try StructDeclSyntax(
      "\(raw: accessPrefix)struct \(definitionTypeName): TypedSQLSQLite.\(raw: kind)\(raw: expressionConformances)"
    ) {
      DeclSyntax("\(raw: access)typealias Arguments = \(raw: argumentsType)")
      DeclSyntax("\(raw: access)let function: TypedSQLSQLite.SQLiteFunction<\(sqlResultType)>")
      aggregate == nil ? scalarInitializer(access: access) : aggregateInitializer(access: access)
      if isProperty {
        DeclSyntax("\(raw: access)typealias QueryValue = \(sqlResultType)")
        DeclSyntax("\(raw: access)typealias Row = \(sqlResultType)")
        DeclSyntax(
          "\(raw: access)var queryNode: TypedSQLCore.SQLExpression { function().queryNode }")
        DeclSyntax(
          """
          \(raw: access)func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
            function().appendSelection(to: &columns)
          }
          """)
      } else {
        callDecl(access: access)
      }
    }
  }

  /// `init(_ body:)` of a scalar function: the `SQLiteFunction` that calls `body` with each row's
  /// decoded arguments.
  private func scalarInitializer(access: String) -> DeclSyntax {
    """
    \(raw: access)init(_ body: @escaping @Sendable (\(raw: parameters.map(\.sqlType.trimmedDescription).joined(separator: ", "))) throws -> \(sqlResultType)) {
      function = TypedSQLSQLite.SQLiteFunction<\(sqlResultType)>(\(literal: sqlName), isDeterministic: \(literal: isDeterministic), body)
    }
    """
  }

  /// `init(_ body:)` of an aggregate: the `SQLiteFunction` that collects the group's rows, one
  /// per step, and passes them to `body` when the group ends.
  private func aggregateInitializer(access: String) -> DeclSyntax {
    // The state's name, unlike any argument's.
    var rows = "rows"
    while parameters.contains(where: { $0.name.text == rows }) { rows += "_" }
    let stepParameters = parameters.map { ", \($0.closureParameter)" }.joined()
    let row =
      aggregate?.isTuple == true
      ? "(\(parameters.map { "\($0.forwardingArgument($0.reference))" }.joined(separator: ", ")))"
      : parameters[0].reference.description
    return """
      \(raw: access)init(_ body: @escaping @Sendable ([\(raw: sqlElementType)]) throws -> \(sqlResultType)) {
        function = TypedSQLSQLite.SQLiteFunction<\(sqlResultType)>(
          \(literal: sqlName), isDeterministic: \(literal: isDeterministic), initial: [\(raw: sqlElementType)](),
          step: { (\(raw: rows): inout [\(raw: sqlElementType)]\(raw: stepParameters)) in \(raw: rows).append(\(raw: row)) },
          finish: body)
      }
      """
  }

  /// `callAsFunction` with the function's argument labels: a scalar function's call, or an
  /// aggregate's with its `distinct:`, `order:` and `filter:` clauses.
  private func callDecl(access: String) -> DeclSyntax {
    let projectionParameters = FunctionParameterListSyntax {
      for parameter in parameters { parameter.projectionParameter }
    }
    let references = parameters.map(\.projectedReference.description)
    guard aggregate != nil else {
      return """
        \(raw: access)func callAsFunction(\(projectionParameters)) -> TypedSQLCore.SQLQueryExpression<\(sqlResultType)> {
          function(\(raw: references.joined(separator: ", ")))
        }
        """
    }
    let clauses =
      "distinct: Swift.Bool = false, order: any TypedSQLCore.QueryOrdering..., "
      + "filter: (some TypedSQLCore.QueryExpression<Swift.Bool>)? = Swift.Bool?.none"
    return """
      \(raw: access)func callAsFunction(\(projectionParameters), \(raw: clauses)) -> TypedSQLCore.SQLQueryExpression<\(sqlResultType)> {
        function.aggregateCall(\(raw: references.joined(separator: ", ")), distinct: distinct, order: order, filter: filter?.queryNode)
      }
      """
  }
}
