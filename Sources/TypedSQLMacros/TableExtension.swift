import SwiftSyntax
import SwiftSyntaxBuilder

extension TableSchema {
  /// The extension `@Table` adds to the struct: the conformance among `protocols` that the table
  /// calls for, `TableColumns`, `Columns` (a row of any expressions, also named `Selection` as in StructuredQueries), `Draft` (with a primary
  /// key), `tableName`, the row's `primaryKey`, a row decoder and a row encoder.
  func extensionDecl(conformingTo protocols: [TypeSyntax], scopeStart: ExprSyntax?) throws -> ExtensionDeclSyntax {
    let conformances = (primaryKey == nil ? ["Table"] : ["Table", "PrimaryKeyedTable"]) + ["QueryDecodable", "QueryRow", "InsertRow"]
    let clause = ConformanceClause.clause(for: conformances, among: protocols)
    return try ExtensionDeclSyntax("nonisolated extension \(type)\(raw: clause)") {
      try tableColumnsDecl()
      try rowColumnsDecl()
      DeclSyntax("\(raw: accessPrefix)typealias Selection = Columns")
      if let draft = try draftDecl() {
        draft
      }
      DeclSyntax("\(raw: accessPrefix)static let tableName = \(literal: tableName)")
      if let schemaName {
        DeclSyntax("\(raw: accessPrefix)static let schemaName: String? = \(literal: schemaName)")
      }
      if let primaryKey, primaryKey.name.text != "primaryKey" {
        DeclSyntax("\(raw: accessPrefix)var primaryKey: \(primaryKey.type) { \(primaryKey.name) }")
      }
      try columns.decoderInitDecl(accessPrefix: accessPrefix)
      try columns.encoderDecl(accessPrefix: accessPrefix)
      if let scopeStart {
        DeclSyntax("\(raw: accessPrefix)static var _typedSQLScopeStart: Select<TableColumns, Self> { \(scopeStart) }")
      }
    }
  }
}
