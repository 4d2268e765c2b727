import SwiftSyntax
import SwiftSyntaxBuilder

extension EnumSelectionSchema {
  /// The extension `@Selection` adds to the enum: the `Selection` conformance if `protocols`
  /// asks for it, `Columns` with one optional handle per case and one row per case
  /// (`Kind.Selection.note("Hi")`), a row decoder that picks the first case whose columns hold a
  /// value, and a row encoder that writes `NULL` in every other case's columns.
  func extensionDecl(conformingTo protocols: [TypeSyntax]) throws -> ExtensionDeclSyntax {
    let clause = ConformanceClause.clause(for: ["Selection", "QueryDecodable", "QueryRow"], among: protocols)
    var columns = try cases.map(\.column).selectionColumnsDecl(of: type, accessPrefix: accessPrefix, isEnumCases: true)
    let constructors = cases.caseConstructorDecls(
      of: type, accessPrefix: accessPrefix, caseColumnNames: "caseColumnNames",
      resultType: "TypedSQLCore.EnumCaseColumns<\(type)>", result: { $0 })
    columns.memberBlock.members += constructors.map { MemberBlockItemSyntax(decl: $0) }
    return try ExtensionDeclSyntax("nonisolated extension \(type)\(raw: clause)") {
      columns
      DeclSyntax("\(raw: accessPrefix)typealias Selection = Columns")
      try cases.decoderInitDecl(of: type, accessPrefix: accessPrefix)
      try cases.encoderDecl(accessPrefix: accessPrefix)
    }
  }
}
