import SwiftDiagnostics
import SwiftSyntax
import TypedSQLInflection

/// What `@Table` reads from an enum: its table's name and its cases, each stored in columns of
/// its own that are `NULL` unless the row holds that case. Such a table has no primary key.
struct EnumTableSchema {
  /// The enum's cases and type, read as `@Selection` reads an enum.
  let cases: EnumSelectionSchema
  /// The table's name in the database.
  let tableName: String
  /// The schema given as `@Table(schema: "main")`, if any.
  let schemaName: String?

  /// Reads the schema of `enumDecl`, whose `@Table` attribute is `attribute`. Returns `nil`
  /// after appending to `diagnostics` when the enum cannot be a table.
  init?(
    of enumDecl: EnumDeclSyntax,
    type: some TypeSyntaxProtocol,
    attribute: AttributeSyntax,
    lexicalContext: [Syntax],
    diagnostics: inout [Diagnostic]
  ) {
    let diagnosticCount = diagnostics.count
    let explicitName = TableSchema.explicitTableName(in: attribute, diagnostics: &diagnostics)
    let schemaName = TableSchema.schemaName(in: attribute, diagnostics: &diagnostics)
    let cases = EnumSelectionSchema(
      of: enumDecl, type: type, macro: "Table", lexicalContext: lexicalContext, diagnostics: &diagnostics)
    guard let cases, diagnostics.count == diagnosticCount else { return nil }
    let typeName = enumDecl.name.identifier?.name ?? enumDecl.name.text
    self.cases = cases
    self.tableName = explicitName ?? TableNameInflection.tableName(forTypeName: typeName)
    self.schemaName = schemaName
  }
}
