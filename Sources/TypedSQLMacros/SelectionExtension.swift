import SwiftSyntax
import SwiftSyntaxBuilder

extension SelectionSchema {
  /// The extension `@Selection` adds to the struct: the `Selection` conformance if `protocols`
  /// asks for it, `Columns` (also named `Selection`, as in StructuredQueries), a row decoder and a
  /// row encoder.
  func extensionDecl(conformingTo protocols: [TypeSyntax]) throws -> ExtensionDeclSyntax {
    let clause = ConformanceClause.clause(for: ["Selection", "QueryDecodable", "QueryRow"], among: protocols)
    return try ExtensionDeclSyntax("nonisolated extension \(type)\(raw: clause)") {
      try columns.selectionColumnsDecl(of: type, accessPrefix: accessPrefix)
      DeclSyntax("\(raw: accessPrefix)typealias Selection = Columns")
      try columns.decoderInitDecl(accessPrefix: accessPrefix, hasMemberwiseInit: hasMemberwiseInit)
      try columns.encoderDecl(accessPrefix: accessPrefix)
    }
  }
}
