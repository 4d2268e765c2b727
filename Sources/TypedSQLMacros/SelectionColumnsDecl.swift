import SwiftSyntax
import SwiftSyntaxBuilder

extension [ColumnProperty] {
  /// The nested `Columns` type of the selection `type`, whose fields these columns are: the
  /// flattened column names and one handle per field (a `SQLQueryExpression`, or a nested group's
  /// `Columns`), built from a table's columns with `init(qualifier:)` or from any expressions
  /// with the memberwise initializer. An enum's (`isEnumCases`, one property per case) also
  /// lists each case's columns, so that assigning one case clears the others.
  func selectionColumnsDecl(of type: TypeSyntax, accessPrefix access: String, isEnumCases: Bool = false) throws
    -> StructDeclSyntax
  {
    let parameters = FunctionParameterListSyntax {
      for column in self {
        FunctionParameterSyntax("\(column.name): \(column.handleType)")
      }
    }
    let conformance = isEnumCases ? "TypedSQLCore.EnumSelectionColumns" : "TypedSQLCore.SelectionColumns"
    return try StructDeclSyntax("\(raw: access)nonisolated struct Columns: \(raw: conformance)") {
      DeclSyntax("\(raw: access)typealias QueryValue = \(type)")
      DeclSyntax("\(raw: access)static let columnNames: [String] = \(columnNamesExpression)")
      if isEnumCases {
        DeclSyntax("\(raw: access)static let caseColumnNames: [[String]] = \(caseColumnNamesExpression)")
      }
      DeclSyntax(
        """
        \(raw: access)static let jsonValueForms: [TypedSQLCore.JSONValueForm] = \
        \(jsonValueFormsExpression)
        """)
      DeclSyntax(
        """
        \(raw: access)static var storedColumns: [TypedSQLCore.StoredColumn] {
          \(storedColumnsExpression)
        }
        """)
      for column in self {
        DeclSyntax("\(raw: access)let \(column.name): \(column.handleType)")
      }
      try InitializerDeclSyntax("\(raw: access)init(\(parameters))") {
        for column in self {
          "self.\(column.name) = \(column.name)"
        }
      }
      try InitializerDeclSyntax("\(raw: access)init(qualifier: String)") {
        for column in self {
          "self.\(column.name) = \(column.handleInitializer)"
        }
      }
      try FunctionDeclSyntax(
        """
        \(raw: access)func appendSelection(to columns: inout [TypedSQLCore.SQLExpression])
        """
      ) {
        for column in self {
          "self.\(column.name).appendSelection(to: &columns)"
        }
      }
    }
  }
}
