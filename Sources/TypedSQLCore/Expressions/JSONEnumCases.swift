// Typed paths to the cases of an enum stored as JSON. A `Codable` enum marked `@Table` or
// `@Selection` is coded as an object of one member, keyed by its case's column name
// (`{"note":"Hi"}`), and each case is a member typed paths can name:
//
//   Take.select { $0.media.jsonExtract(\.note) }                   // the note, or NULL
//   Take.select { $0.media.jsonExtract(\.image.caption) }          // into the case's value
//   Take.update { $0.media = $0.media.jsonSet(\.note, "Switched") } // the value becomes a note
//
// Reading and replacing at a case work as at any key: they find nothing where the enum holds
// another case. Setting, inserting and removing change which case the enum holds, so they edit
// the enum's whole value, keeping it an object of one member.

/// A case of an enum stored as JSON, whose associated value has the Swift type `Value`: what
/// `@Table` and `@Selection` give a `Codable` enum for each of its cases, under the key its
/// value is coded with.
public struct JSONCase<Value>: Sendable {
  /// The key of the case's member in the enum's JSON object.
  public let key: String

  /// A case coded under `key`.
  public init(_ key: String) {
    self.key = key
  }
}

extension JSONPathTo where Value: JSONPathNavigable {
  /// A case of the enum: its associated value, present only while the enum holds that case.
  public subscript<Member>(dynamicMember member: KeyPath<Value.JSONMembers, JSONCase<Member>>) -> JSONPathTo<Member> {
    let key = Value.jsonMembers[keyPath: member].key
    return appending(.key(key), caseKey: key)
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// The document with the enum whose case `place` names holding that case, with the value
  /// `member`: the whole document for an enum at its root (a `NULL` document stays `NULL`),
  /// otherwise where the enum's parent can hold it, as `jsonSet` writes.
  func settingCase<Member>(_ place: JSONPathTo<Member>, to member: JSONMemberValue) -> Self {
    let (enumPath, object) = Self.enumObject(holding: place, member)
    guard !enumPath.components.isEmpty else {
      return Self(node: .caseWhen([CaseBranch(condition: .isNull(node, negated: true), value: object)], else: nil))
    }
    return Self(node: .jsonEdit(JSONEdit(kind: .set, document: node, path: enumPath, value: .jsonValue(object, .json))))
  }

  /// The document with the enum whose case `place` names added, holding that case, where the
  /// document holds no value of the enum. An enum at the root is always there: the document is
  /// unchanged.
  func insertingCase<Member>(_ place: JSONPathTo<Member>, _ member: JSONMemberValue) -> Self {
    let (enumPath, object) = Self.enumObject(holding: place, member)
    guard !enumPath.components.isEmpty else { return self }
    return Self(node: .jsonEdit(JSONEdit(kind: .insert, document: node, path: enumPath, value: .jsonValue(object, .json))))
  }

  /// The document without the enum whose case `place` names, where it holds that case (for an
  /// enum at the root, `NULL`: nothing is left); unchanged where it holds another case.
  func removingCase<Member>(_ place: JSONPathTo<Member>) -> Self {
    let enumPath = Self.enumPath(of: place)
    let holdsTheCase = SQLExpression.isNull(.function(.jsonExtract, [node, .jsonPath(place.path)]), negated: true)
    let removed: SQLExpression =
      enumPath.components.isEmpty
      ? .binding(.null) : .jsonEdit(JSONEdit(kind: .remove, document: node, path: enumPath, value: nil))
    return Self(node: .caseWhen([CaseBranch(condition: holdsTheCase, value: removed)], else: node))
  }

  /// The path of the enum whose case `place` names, and the enum's JSON object holding that case
  /// with the value `member`.
  private static func enumObject<Member>(
    holding place: JSONPathTo<Member>, _ member: JSONMemberValue
  ) -> (JSONPath, SQLExpression) {
    let field = JSONObjectField(key: place.caseKey ?? "", value: member.expression, form: member.form)
    return (enumPath(of: place), .jsonObject([field]))
  }

  /// The path of the enum whose case `place` names: `place`'s path without its last step.
  private static func enumPath<Member>(of place: JSONPathTo<Member>) -> JSONPath {
    var path = place.path
    path.components.removeLast()
    return path
  }
}
