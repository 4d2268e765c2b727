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
    var decl = try columns.tableColumnsDecl(
      of: type, accessPrefix: accessPrefix, definition: definition, storesStatics: !isGeneric)
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
  /// `EnumTableDefinition`), the qualifier, and one computed handle per column. The lists of
  /// names, the select list and the whole-table select are stored once, unless `storesStatics` is
  /// false (a generic table).
  func tableColumnsDecl(
    of type: TypeSyntax, accessPrefix access: String, definition: String, isEnumCases: Bool = false,
    storesStatics: Bool = true
  ) throws -> StructDeclSyntax {
    try StructDeclSyntax("\(raw: access)nonisolated struct TableColumns: \(raw: definition)") {
      DeclSyntax("\(raw: access)typealias QueryValue = \(type)")
      StaticValueDecl(
        access: access, name: "columnNames", type: "[String]", value: columnNamesExpression,
        isStored: storesStatics
      ).decl
      if isEnumCases {
        DeclSyntax("\(raw: access)static let caseColumnNames: [[String]] = \(caseColumnNamesExpression)")
      }
      StaticValueDecl(
        access: access, name: "jsonValueForms", type: "[TypedSQLCore.JSONValueForm]",
        value: jsonValueFormsExpression, isStored: storesStatics
      ).decl
      DeclSyntax(
        """
        \(raw: access)static var storedColumns: [TypedSQLCore.StoredColumn] {
          \(storedColumnsExpression)
        }
        """)
      StaticValueDecl(
        access: access, name: "allColumnsSelection", type: "TypedSQLCore.SharedSelectList",
        value: "TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))",
        isStored: storesStatics
      ).decl
      StaticValueDecl(
        access: access, name: "wholeTableSelect", type: "TypedSQLCore.SelectStatement",
        value: "TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)",
        isStored: storesStatics
      ).decl
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
