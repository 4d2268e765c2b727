import SwiftSyntax
import SwiftSyntaxBuilder

extension TableSchema {
  /// The extension `@Table` adds to the struct: the conformance among `protocols` that the table
  /// calls for, `TableColumns`, `Draft` (with a primary key), `tableName`, a row decoder and a row
  /// encoder.
  func extensionDecl(conformingTo protocols: [TypeSyntax]) throws -> ExtensionDeclSyntax {
    try ExtensionDeclSyntax("extension \(type)\(raw: conformanceClause(among: protocols))") {
      try tableColumnsDecl()
      if let draft = try draftDecl() {
        draft
      }
      DeclSyntax("\(raw: accessPrefix)static let tableName = \(literal: tableName)")
      try InitializerDeclSyntax(
        "\(raw: accessPrefix)init(decoder: inout some TypedSQLCore.QueryDecoder) throws"
      ) {
        for column in columns {
          column.decodeStatement
        }
      }
      try FunctionDeclSyntax(
        "\(raw: accessPrefix)func encodeColumns(into values: inout TypedSQLCore.ColumnValues)"
      ) {
        for column in columns {
          column.encodeStatement
        }
      }
    }
  }

  /// The conformances among `protocols` (those the struct does not declare itself) that the
  /// table calls for: `Table`, and `PrimaryKeyedTable` when it has a primary key.
  ///
  /// `Table` is spelled out even though `PrimaryKeyedTable` implies it: the compiler only finds
  /// conformances a macro adds when they are written.
  private func conformanceClause(among protocols: [TypeSyntax]) -> String {
    let requested = Set(protocols.compactMap { $0.trimmedDescription.split(separator: ".").last })
    var conformances: [String] = []
    if requested.contains("Table") {
      conformances.append("TypedSQLCore.Table")
    }
    if primaryKey != nil, requested.contains("PrimaryKeyedTable") {
      conformances.append("TypedSQLCore.PrimaryKeyedTable")
    }
    return conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
  }
}
