import SwiftSyntax
import SwiftSyntaxBuilder

extension SelectionSchema {
  /// The nested `Columns` type: the flattened column names and one handle per field (a
  /// `QueryExpression`, or a nested group's `Columns`), built from a table's columns with
  /// `init(qualifier:)` or from any expressions with the memberwise initializer.
  func columnsDecl() throws -> StructDeclSyntax {
    let access = accessPrefix
    let parameters = FunctionParameterListSyntax {
      for column in columns {
        FunctionParameterSyntax("\(column.name): \(column.handleType)")
      }
    }
    return try StructDeclSyntax("\(raw: access)struct Columns: TypedSQLCore.SelectionColumns") {
      DeclSyntax("\(raw: access)typealias QueryValue = \(type)")
      DeclSyntax(
        "\(raw: access)static let columnNames: [String] = \(columns.columnNamesExpression)")
      for column in columns {
        DeclSyntax("\(raw: access)let \(column.name): \(column.handleType)")
      }
      try InitializerDeclSyntax("\(raw: access)init(\(parameters))") {
        for column in columns {
          "self.\(column.name) = \(column.name)"
        }
      }
      try InitializerDeclSyntax("\(raw: access)init(qualifier: String)") {
        for column in columns {
          "self.\(column.name) = \(column.handleInitializer)"
        }
      }
      try FunctionDeclSyntax(
        """
        \(raw: access)func appendSelection(to columns: inout [TypedSQLCore.SQLExpression])
        """
      ) {
        for column in columns {
          "self.\(column.name).appendSelection(to: &columns)"
        }
      }
    }
  }
}
