import SwiftSyntax
import SwiftSyntaxBuilder

extension TableSchema {
  /// The nested `TableColumns` type: the column names, the qualifier, and one computed handle
  /// per property (a `SQLQueryExpression`, or a group's `Columns`), plus `primaryKey` for a table
  /// that has one.
  func tableColumnsDecl() throws -> StructDeclSyntax {
    let access = accessPrefix
    let definition =
      primaryKey == nil
      ? "TypedSQLCore.TableDefinition" : "TypedSQLCore.PrimaryKeyedTableDefinition"
    return try StructDeclSyntax("\(raw: access)nonisolated struct TableColumns: \(raw: definition)") {
      DeclSyntax("\(raw: access)typealias QueryValue = \(type)")
      DeclSyntax(
        "\(raw: access)static let columnNames: [String] = \(columns.columnNamesExpression)")
      DeclSyntax(
        """
        \(raw: access)static let jsonValueForms: [TypedSQLCore.JSONValueForm] = \
        \(columns.jsonValueFormsExpression)
        """)
      DeclSyntax(
        """
        \(raw: access)static var storedColumns: [TypedSQLCore.StoredColumn] {
          \(columns.storedColumnsExpression)
        }
        """)
      DeclSyntax(
        """
        \(raw: access)static let allColumnsSelection =
          TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableName))
        """)
      DeclSyntax("\(raw: access)let qualifier: String")
      try InitializerDeclSyntax("\(raw: access)init(qualifier: String)") {
        "self.qualifier = qualifier"
      }
      // Handles are built when a query names them, so the columns value a query carries is
      // just its qualifier: cheap to copy from one builder step to the next.
      for column in columns {
        DeclSyntax(
          """
          \(raw: access)var \(column.name): \(column.handleType) {
            \(column.handleInitializer)
          }
          """)
      }
      if let primaryKey {
        DeclSyntax(
          """
          \(raw: access)var primaryKey: TypedSQLCore.SQLQueryExpression<\(primaryKey.columnType)> {
            TypedSQLCore.SQLQueryExpression(primaryKeyColumns: \(primaryKey.name))
          }
          """)
      }
    }
  }
}
