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
      try cases.cases.map(\.column).tableColumnsDecl(
        of: type, accessPrefix: access, definition: "TypedSQLCore.EnumTableDefinition", isEnumCases: true)
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
