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
      StaticValueDecl(
        access: accessPrefix, name: "tableName", type: isGeneric ? "String" : nil,
        value: "\(literal: tableName)", isStored: !isGeneric
      ).decl
      if let schemaName {
        StaticValueDecl(
          access: accessPrefix, name: "schemaName", type: "String?", value: "\(literal: schemaName)",
          isStored: !isGeneric
        ).decl
      }
      if declaresTableFragment {
        DeclSyntax(
          """
          \(raw: accessPrefix)static var tableReference: TypedSQLCore.TableReference {
            TypedSQLCore.TableReference(fragment: tableFragment, alias: tableQualifier)
          }
          """)
      }
      if let primaryKey, primaryKey.name.text != "primaryKey" {
        DeclSyntax("\(raw: accessPrefix)var primaryKey: \(primaryKey.type) { \(primaryKey.name) }")
      }
      try columns.decoderInitDecl(accessPrefix: accessPrefix, hasMemberwiseInit: hasMemberwiseInit)
      try columns.encoderDecl(accessPrefix: accessPrefix)
      if let scopeStart {
        DeclSyntax("\(raw: accessPrefix)static var _typedSQLScopeStart: Select<TableColumns, Self> { \(scopeStart) }")
      }
    }
  }
}
