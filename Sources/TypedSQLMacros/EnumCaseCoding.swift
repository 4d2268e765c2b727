import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The `Codable` conformance of an enum marked `@Table` or `@Selection` and declared `Codable`,
/// `Decodable` or `Encodable`: each value is a JSON object of one member, keyed by its case's
/// column name and holding the associated value (`{"note":"Hi"}`, `{"video_preview":"https://…"}`),
/// as StructuredQueries' `ColumnCoding` trait codes it, instead of Swift's synthesized form
/// (`{"note":{"_0":"Hi"}}`). Typed JSON paths then name a case (`\.note`, `\.image.caption`): the
/// enum gets one `JSONCase` member per case.
///
/// Nothing is generated for an enum that declares its own `CodingKeys`, `init(from:)` or
/// `encode(to:)`: its coding is its author's, and typed paths cannot know its keys.
struct EnumCaseCoding {
  /// The enum's cases.
  let cases: [SelectionCase]
  /// The access modifier of the generated members, followed by a space, or empty.
  let accessPrefix: String
  /// Which of `Codable`, `Decodable` and `Encodable` the enum declares.
  let conformances: Set<String>

  /// The coding of `enumDecl`, whose type is `type` and whose macro is `@macro`, or `nil` when it
  /// gets none. Problems with its cases are the extension's to report.
  init?(of enumDecl: EnumDeclSyntax, type: some TypeSyntaxProtocol, macro: String, lexicalContext: [Syntax]) {
    let conformances = enumDecl.declaredCodableConformances
    guard !conformances.isEmpty, !enumDecl.declaresCodingKeys, !enumDecl.declaresCustomCoding else { return nil }
    var reportedElsewhere: [Diagnostic] = []
    guard
      let schema = EnumSelectionSchema(
        of: enumDecl, type: type, macro: macro, lexicalContext: lexicalContext, diagnostics: &reportedElsewhere)
    else { return nil }
    self.cases = schema.cases
    self.accessPrefix = schema.accessPrefix
    self.conformances = conformances
  }

  private var decodes: Bool { conformances.contains("Codable") || conformances.contains("Decodable") }
  private var encodes: Bool { conformances.contains("Codable") || conformances.contains("Encodable") }

  /// `CodingKeys` (one key per case, its column name) and the `init(from:)` and `encode(to:)`
  /// the enum declares a conformance for.
  func memberDecls() throws -> [DeclSyntax] {
    let keys = cases.map { enumCase in
      let name = enumCase.name.identifier?.name ?? enumCase.name.text
      return enumCase.columnName == name
        ? "case \(enumCase.name.text)"
        : "case \(enumCase.name.text) = \(StringLiteralExprSyntax(content: enumCase.columnName))"
    }
    var decls: [DeclSyntax] = [
      """
      private enum CodingKeys: Swift.String, Swift.CodingKey {
        \(raw: keys.joined(separator: "\n"))
      }
      """
    ]
    if decodes { decls.append(try decoderDecl()) }
    if encodes { decls.append(try encoderDecl()) }
    return decls
  }

  /// Reads the object's one member, whose key names the case.
  private func decoderDecl() throws -> DeclSyntax {
    let keyNames = cases.map(\.columnName).joined(separator: ", ")
    let message = StringLiteralExprSyntax(content: "expected an object of one member, keyed by its case (\(keyNames))")
    let choice = try SwitchExprSyntax("switch key") {
      for enumCase in cases {
        let label = enumCase.label.map { "\($0.text): " } ?? ""
        SwitchCaseSyntax("case .\(enumCase.name):") {
          "self = .\(enumCase.name)(\(raw: label)try container.decode(\(enumCase.valueType).self, forKey: .\(enumCase.name)))"
        }
      }
    }
    return """
      \(raw: accessPrefix)nonisolated init(from decoder: any Swift.Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
          throw Swift.DecodingError.dataCorrupted(
            Swift.DecodingError.Context(
              codingPath: container.codingPath,
              debugDescription: \(message) + "; found \\(container.allKeys.count) of those keys"
            )
          )
        }
        \(choice)
      }
      """
  }

  /// Writes the case's value under its key.
  private func encoderDecl() throws -> DeclSyntax {
    let choice = try SwitchExprSyntax("switch self") {
      for enumCase in cases {
        let label = enumCase.label.map { "\($0.text): " } ?? ""
        SwitchCaseSyntax("case .\(enumCase.name)(\(raw: label)let value):") {
          "try container.encode(value, forKey: .\(enumCase.name))"
        }
      }
    }
    return """
      \(raw: accessPrefix)nonisolated func encode(to encoder: any Swift.Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        \(choice)
      }
      """
  }

  /// The extension conforming the enum to `JSONPathNavigable` with one `JSONCase` per case, so
  /// that typed paths name a case by its key: `$0.media.jsonExtract(\.note)`.
  func jsonMembersExtension(
    of type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax]
  ) throws -> ExtensionDeclSyntax {
    let members = cases.map { enumCase in
      "\(accessPrefix)let \(enumCase.name.text) = TypedSQLCore.JSONCase<\(enumCase.valueType)>(\(StringLiteralExprSyntax(content: enumCase.columnName)))"
    }
    let conformance = ConformanceClause.clause(for: ["JSONPathNavigable"], among: protocols)
    let decl: DeclSyntax = """
      nonisolated extension \(type.trimmed)\(raw: conformance) {
        /// The cases typed JSON paths can name, each under its JSON key.
        \(raw: accessPrefix)nonisolated struct JSONMembers: Sendable {
          \(raw: members.joined(separator: "\n"))
        }
        \(raw: accessPrefix)static var jsonMembers: JSONMembers { JSONMembers() }
      }
      """
    return try ExtensionDeclSyntax(validating: decl.cast(ExtensionDeclSyntax.self))
  }
}

extension EnumDeclSyntax {
  /// Whether the enum declares its own `init(from:)` or `encode(to:)`.
  fileprivate var declaresCustomCoding: Bool {
    memberBlock.members.contains { member in
      if let initializer = member.decl.as(InitializerDeclSyntax.self) {
        return initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
      }
      if let function = member.decl.as(FunctionDeclSyntax.self) {
        return function.name.text == "encode"
          && function.signature.parameterClause.parameters.first?.firstName.text == "to"
      }
      return false
    }
  }
}
