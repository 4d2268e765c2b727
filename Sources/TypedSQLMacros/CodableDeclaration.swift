import SwiftSyntax

extension DeclGroupSyntax {
  /// Which of `Codable`, `Decodable` and `Encodable` the declaration's own inheritance clause
  /// names (with or without `Swift.`).
  var declaredCodableConformances: Set<String> {
    let codable: Set<String> = ["Codable", "Decodable", "Encodable"]
    let names = (inheritanceClause?.inheritedTypes ?? []).map { inheritedType in
      let name = inheritedType.type.trimmedDescription
      return name.hasPrefix("Swift.") ? String(name.dropFirst("Swift.".count)) : name
    }
    return codable.intersection(names)
  }

  /// Whether the declaration declares its own `CodingKeys` (an enum, a struct or a type alias).
  var declaresCodingKeys: Bool {
    memberBlock.members.contains { member in
      member.decl.as(EnumDeclSyntax.self)?.name.text == "CodingKeys"
        || member.decl.as(StructDeclSyntax.self)?.name.text == "CodingKeys"
        || member.decl.as(TypeAliasDeclSyntax.self)?.name.text == "CodingKeys"
    }
  }
}
