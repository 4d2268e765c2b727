import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONPaths`: lets typed key paths (`\.tags[0]`, `\.author.name`) name the members of a
/// `Codable` struct stored as JSON.
///
/// It conforms the struct to `JSONPathNavigable` with a `JSONMembers` type holding one
/// `JSONMember` per stored instance property, under the key its `Codable` conformance uses: the
/// property's name, or its case's raw value in a `CodingKeys` enum the struct declares (a
/// property without a case there is not encoded, and gets no member).
public enum JSONPathsMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(MacroDiagnostic.notOnStruct(macro: "JSONPaths").diagnose(at: node))
      return []
    }
    var diagnostics: [Diagnostic] = []
    let members = try membersExtension(
      of: structDecl, type: type, conformingTo: protocols, in: context, diagnostics: &diagnostics)
    diagnostics.forEach(context.diagnose)
    return [members]
  }

  /// Whether `structDecl` is marked `@JSONPaths`.
  private static func isMarked(_ structDecl: StructDeclSyntax) -> Bool {
    structDecl.attributes.contains { attribute in
      guard let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
      return name == "JSONPaths" || name.hasSuffix(".JSONPaths")
    }
  }

  /// The `JSONPathNavigable` extension `@Table` and `@Selection` add to a struct, so that typed
  /// paths reach into it stored as JSON, as in StructuredQueries; none when the struct is marked
  /// `@JSONPaths`, which adds it. Problems are the table's or selection's to report: a property
  /// whose type cannot be read is left out, and a struct not yet valid Swift (an editor
  /// placeholder for a type) gets no extension.
  static func unmarkedMembersExtension(
    of structDecl: StructDeclSyntax,
    type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) -> [ExtensionDeclSyntax] {
    guard !isMarked(structDecl) else { return [] }
    var reportedElsewhere: [Diagnostic] = []
    let members = try? membersExtension(
      of: structDecl, type: type, conformingTo: protocols, in: context, diagnostics: &reportedElsewhere)
    return members.map { [$0] } ?? []
  }

  /// The extension conforming `structDecl` to `JSONPathNavigable`: one member per stored
  /// instance property, typed by its annotation or by the type its default value implies. A
  /// property of neither, or a tuple pattern, is reported in `diagnostics` and left out.
  /// `@Table` and `@Selection` add the same extension, so that their types need no `@JSONPaths`.
  static func membersExtension(
    of structDecl: StructDeclSyntax,
    type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext,
    diagnostics: inout [Diagnostic]
  ) throws -> ExtensionDeclSyntax {
    let access = structDecl.generatedAccessPrefix(in: context.lexicalContext)
    // A table's or selection's generated `CodingKeys` (its renamed columns) name the keys too.
    let keys = codingKeys(of: structDecl)
      ?? ColumnCodingKeys.keys(for: structDecl).map { Dictionary(uniqueKeysWithValues: $0.map { ($0.name, $0.key) }) }
    var members: [String] = []
    for member in structDecl.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isTypeProperty else { continue }
      for binding in variable.bindings where binding.isStored {
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
          diagnostics.append(MacroDiagnostic.tuplePattern(macro: "JSONPaths").diagnose(at: binding.pattern))
          continue
        }
        let name = identifier.identifier?.name ?? identifier.text
        let inferredType = binding.initializer.flatMap { TypeSyntax.inferred(fromDefaultValue: $0.value) }
        guard let propertyType = binding.typeAnnotation?.type.trimmed ?? inferredType else {
          diagnostics.append(MacroDiagnostic.missingType(property: name, macro: "JSONPaths").diagnose(at: binding.pattern))
          continue
        }
        guard let key = keys.map({ $0[name] }) ?? name else { continue }
        let keyLiteral = StringLiteralExprSyntax(content: key)
        members.append(
          "\(access)let \(identifier.trimmedDescription) = TypedSQLCore.JSONMember<\(propertyType)>(\(keyLiteral))")
      }
    }
    let conformance = ConformanceClause.clause(for: ["JSONPathNavigable"], among: protocols)
    let memberBlock = members.isEmpty ? "{}" : "{\n\(members.joined(separator: "\n"))\n}"
    let decl: DeclSyntax = """
      nonisolated extension \(type.trimmed)\(raw: conformance) {
        /// The members typed JSON paths can name, each under its JSON key.
        \(raw: access)nonisolated struct JSONMembers: Sendable \(raw: memberBlock)
        \(raw: access)static var jsonMembers: JSONMembers { JSONMembers() }
      }
      """
    return try ExtensionDeclSyntax(validating: decl.cast(ExtensionDeclSyntax.self))
  }

  /// The JSON key of each property the struct's `CodingKeys` enum names, or `nil` when it declares
  /// none (every property is then encoded under its name).
  private static func codingKeys(of structDecl: StructDeclSyntax) -> [String: String]? {
    for member in structDecl.memberBlock.members {
      guard let enumDecl = member.decl.as(EnumDeclSyntax.self), enumDecl.name.text == "CodingKeys" else { continue }
      var keys: [String: String] = [:]
      for caseMember in enumDecl.memberBlock.members {
        guard let caseDecl = caseMember.decl.as(EnumCaseDeclSyntax.self) else { continue }
        for element in caseDecl.elements {
          let name = element.name.identifier?.name ?? element.name.text
          let rawValue = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
          keys[name] = rawValue ?? name
        }
      }
      return keys
    }
    return nil
  }
}
