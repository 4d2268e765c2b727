import SwiftSyntax
import SwiftSyntaxBuilder

extension [SelectionCase] {
  /// One row of the enum `type`, whose cases these are, per case, as StructuredQueries spells it
  /// (`Kind.Selection.note("Hi")`): two static functions named after the case, one taking the
  /// case's value, the other any expression (or group's columns) of its column type. Each
  /// returns `resultType`, made by `result` from the `EnumCaseColumns` expression it builds;
  /// `caseColumnNames` names the static list of each case's columns.
  func caseConstructorDecls(
    of type: TypeSyntax, accessPrefix access: String, caseColumnNames: ExprSyntax, resultType: TypeSyntax,
    result: (ExprSyntax) -> ExprSyntax
  ) -> [DeclSyntax] {
    enumerated().flatMap { index, enumCase -> [DeclSyntax] in
      let name = enumCase.name
      let label = enumCase.label ?? .wildcardToken()
      let handles = enumCase.representation ?? enumCase.valueType
      let value: ExprSyntax = "TypedSQLCore.EnumCaseColumns(\(type)\(enumCase.decodedValue))"
      let expression: ExprSyntax = "TypedSQLCore.EnumCaseColumns(caseAt: \(literal: index), of: \(caseColumnNames), holding: \(name))"
      return [
        """
        \(raw: access)static func \(name)(\(label) \(name): \(enumCase.valueType)) -> \(resultType) {
          \(result(value))
        }
        """,
        """
        \(raw: access)static func \(name)(\
        \(label) \(name): some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<\(handles)>>\
        ) -> \(resultType) {
          \(result(expression))
        }
        """,
      ]
    }
  }
}
