import SwiftSyntax
import SwiftSyntaxBuilder

extension [ColumnProperty] {
  /// The nested `Columns` type of the selection `type`, whose fields these columns are: the
  /// flattened column names and one handle per field (a `SQLQueryExpression`, or a nested group's
  /// `Columns`), built from a table's columns with `init(qualifier:)` or from any expressions
  /// with the memberwise initializer.
  func selectionColumnsDecl(of type: TypeSyntax, accessPrefix access: String) throws
    -> StructDeclSyntax
  {
    let parameters = FunctionParameterListSyntax {
      for column in self {
        FunctionParameterSyntax("\(column.name): \(column.handleType)")
      }
    }
    return try StructDeclSyntax("\(raw: access)nonisolated struct Columns: TypedSQLCore.SelectionColumns") {
      DeclSyntax("\(raw: access)typealias QueryValue = \(type)")
      DeclSyntax("\(raw: access)static let columnNames: [String] = \(columnNamesExpression)")
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
