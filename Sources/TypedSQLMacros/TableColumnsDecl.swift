import SwiftSyntax
import SwiftSyntaxBuilder

extension TableSchema {
  /// The nested `TableColumns` type: the column names, the qualifier, and one computed handle
  /// per property (a `SQLQueryExpression`, or a group's `Columns`), plus `primaryKey` for a table
  /// that has one.
  func tableColumnsDecl() throws -> StructDeclSyntax {
    let definition =
      primaryKey == nil
      ? "TypedSQLCore.TableDefinition" : "TypedSQLCore.PrimaryKeyedTableDefinition"
    var decl = try columns.tableColumnsDecl(of: type, accessPrefix: accessPrefix, definition: definition)
    if let primaryKey {
      let member = DeclSyntax(
        """
        \(raw: accessPrefix)var primaryKey: TypedSQLCore.SQLQueryExpression<\(primaryKey.columnType)> {
          TypedSQLCore.SQLQueryExpression(primaryKeyColumns: \(primaryKey.name))
        }
        """)
      decl.memberBlock.members.append(MemberBlockItemSyntax(decl: member))
    }
    return decl
  }
}

extension [ColumnProperty] {
  /// The nested `TableColumns` type of the table `type` whose columns these are, conforming to
  /// `definition`: the column names (each case's too, for an enum table's
  /// `EnumTableDefinition`), the qualifier, and one computed handle per column.
  func tableColumnsDecl(
    of type: TypeSyntax, accessPrefix access: String, definition: String, isEnumCases: Bool = false
  ) throws -> StructDeclSyntax {
    try StructDeclSyntax("\(raw: access)nonisolated struct TableColumns: \(raw: definition)") {
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
      for column in self {
        DeclSyntax(
          """
          \(raw: access)var \(column.name): \(column.handleType) {
            \(column.handleInitializer)
          }
          """)
      }
    }
  }
}
