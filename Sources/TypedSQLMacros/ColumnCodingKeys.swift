import SwiftSyntax

/// The `CodingKeys` of a `Codable` struct marked `@Table` or `@Selection` that renames a column
/// with `@Column("…")`: each renamed property is coded under its column's name, so that the
/// struct's JSON has the keys of a row built as JSON in SQL (`jsonObject()`,
/// `jsonGroupArray()`) and typed JSON paths name them, as StructuredQueries' `ColumnCoding` trait
/// makes it. Nothing when the struct is not declared `Codable`, `Decodable` or `Encodable`,
/// renames nothing, or declares its own `CodingKeys`.
enum ColumnCodingKeys {
  /// One stored property: its name as written (backticks included) and without backticks, and
  /// its JSON key.
  struct Key {
    let identifier: String
    let name: String
    let key: String
  }

  /// The key of each stored property in declaration order, or `nil` when the struct gets no
  /// generated `CodingKeys`.
  static func keys(for structDecl: StructDeclSyntax) -> [Key]? {
    guard !structDecl.declaredCodableConformances.isEmpty, !structDecl.declaresCodingKeys else { return nil }
    var keys: [Key] = []
    var renamesAColumn = false
    for member in structDecl.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isTypeProperty else { continue }
      let columnName = ColumnAttribute(in: variable.attributes)?.name
      for binding in variable.bindings where binding.isStored {
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
        let name = identifier.identifier?.name ?? identifier.text
        if let columnName, columnName != name { renamesAColumn = true }
        keys.append(Key(identifier: identifier.trimmedDescription, name: name, key: columnName ?? name))
      }
    }
    return renamesAColumn ? keys : nil
  }

  /// `private enum CodingKeys: String, CodingKey { case id; case isCompleted = "is_completed" }`,
  /// or `nil` when the struct gets none.
  static func decl(for structDecl: StructDeclSyntax) -> DeclSyntax? {
    guard let keys = keys(for: structDecl) else { return nil }
    let cases = keys.map { key in
      key.key == key.name
        ? "case \(key.identifier)" : "case \(key.identifier) = \(StringLiteralExprSyntax(content: key.key))"
    }
    return """
      private enum CodingKeys: Swift.String, Swift.CodingKey {
        \(raw: cases.joined(separator: "\n"))
      }
      """
  }
}
