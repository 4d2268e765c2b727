import SwiftSyntax
import SwiftSyntaxBuilder

extension EnumTableSchema {
  /// The extension `@Table` adds to an enum: the conformances among `protocols`, `TableColumns`
  /// with one optional handle per case, `Columns` with one row per case
  /// (`Post.Columns.note("Hi")`, also named `Selection` as in StructuredQueries), `tableName`,
  /// a row decoder that picks the first case whose columns hold a value, and a row encoder that
  /// writes `NULL` in every other case's columns.
  func extensionDecl(conformingTo protocols: [TypeSyntax]) throws -> ExtensionDeclSyntax {
    let type = cases.type
    let access = cases.accessPrefix
    let clause = ConformanceClause.clause(for: ["Table", "QueryDecodable", "QueryRow", "InsertRow"], among: protocols)
    return try ExtensionDeclSyntax("nonisolated extension \(type)\(raw: clause)") {
      try tableColumnsDecl()
      try rowColumnsDecl()
      DeclSyntax("\(raw: access)typealias Selection = Columns")
      DeclSyntax("\(raw: access)static let tableName = \(literal: tableName)")
      if let schemaName {
        DeclSyntax("\(raw: access)static let schemaName: String? = \(literal: schemaName)")
      }
      try cases.cases.decoderInitDecl(of: type, accessPrefix: access)
      try cases.cases.encoderDecl(accessPrefix: access)
    }
  }

  /// `TableColumns`: the column names, each case's columns, the qualifier, and one computed
  /// handle per case, optional (a group case's `NullableColumns`).
  private func tableColumnsDecl() throws -> StructDeclSyntax {
    let access = cases.accessPrefix
    let columns = cases.cases.map(\.column)
    return try StructDeclSyntax("\(raw: access)nonisolated struct TableColumns: TypedSQLCore.EnumTableDefinition") {
      DeclSyntax("\(raw: access)typealias QueryValue = \(cases.type)")
      DeclSyntax("\(raw: access)static let columnNames: [String] = \(columns.columnNamesExpression)")
      DeclSyntax("\(raw: access)static let caseColumnNames: [[String]] = \(columns.caseColumnNamesExpression)")
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
      for column in columns {
        DeclSyntax(
          """
          \(raw: access)var \(column.name): \(column.handleType) {
            \(column.handleInitializer)
          }
          """)
      }
    }
  }

  /// `Columns`: a row of the table holding one case, built by a static function named after the
  /// case from its value or any expression of its type, to select or insert.
  private func rowColumnsDecl() throws -> StructDeclSyntax {
    let access = cases.accessPrefix
    let type = cases.type
    return try StructDeclSyntax("\(raw: access)nonisolated struct Columns: TypedSQLCore.TableRowColumns") {
      DeclSyntax("\(raw: access)typealias Row = \(type)")
      DeclSyntax("private let row: TypedSQLCore.EnumCaseColumns<\(type)>")
      DeclSyntax(
        """
        private init(_ row: TypedSQLCore.EnumCaseColumns<\(type)>) {
          self.row = row
        }
        """)
      for constructor in cases.cases.caseConstructorDecls(
        of: type, accessPrefix: access, caseColumnNames: "TableColumns.caseColumnNames", resultType: "Self",
        result: { "Self(\($0))" })
      {
        constructor
      }
      DeclSyntax(
        """
        \(raw: access)func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
          row.appendSelection(to: &columns)
        }
        """)
    }
  }
}
