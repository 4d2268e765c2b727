import SwiftSyntax
import SwiftSyntaxBuilder

extension SelectionSchema {
  /// The extension `@Selection` adds to the struct: the `Selection` conformance if `protocols`
  /// asks for it, `Columns`, a row decoder and a row encoder.
  func extensionDecl(conformingTo protocols: [TypeSyntax]) throws -> ExtensionDeclSyntax {
    let clause = ConformanceClause.clause(for: ["Selection", "QueryDecodable", "QueryRow"], among: protocols)
    return try ExtensionDeclSyntax("nonisolated extension \(type)\(raw: clause)") {
      try columns.selectionColumnsDecl(of: type, accessPrefix: accessPrefix)
      try columns.decoderInitDecl(accessPrefix: accessPrefix)
      try columns.encoderDecl(accessPrefix: accessPrefix)
    }
  }
}
