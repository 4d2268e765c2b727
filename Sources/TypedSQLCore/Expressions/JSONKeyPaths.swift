// Typed paths into JSON columns: key paths such as `\.tags[0]` or `\.author.name`, checked by
// the compiler against the `Codable` type the column stores, beside the untyped `["tags", 0]`.
//
//   @JSONPaths struct Metadata: Codable { var tags: [String]; var author: Author }
//   Document.select { $0.metadata.jsonText(at: \.tags[0]) }
//   Document.update { $0.metadata = $0.metadata.jsonSet(\.author.name, "Ann") }
//
// A key path here runs over `JSONPathTo` values, not over the Swift type itself: each member or
// subscript it names appends a step to the path, so evaluating it from the document's root gives
// the path it spells.

/// A type whose members typed JSON paths can name: `@JSONPaths` conforms a `Codable` struct.
public protocol JSONPathNavigable {
  /// The type's JSON members, one property per member of its JSON object, each a
  /// ``JSONMember`` naming its key.
  associatedtype JSONMembers
  /// The members.
  static var jsonMembers: JSONMembers { get }
}

/// One member of a JSON object: its key, typed by the Swift type of its value.
public struct JSONMember<Value>: Sendable {
  /// The member's key in the JSON object.
  public let key: String

  /// A member under `key`.
  public init(_ key: String) {
    self.key = key
  }
}

/// A place in a JSON document whose value has the Swift type `Value`: what the steps of a typed
/// key path lead to. Its members are `Value`'s (for a `@JSONPaths` type), its subscripts an
/// array's indices (from 0) or a dictionary's keys.
@dynamicMemberLookup
public struct JSONPathTo<Value>: Sendable, Hashable {
  /// The path from the document's root.
  public let path: JSONPath
  /// The key of the enum case the path's last step names, if it names one (see ``JSONCase``).
  let caseKey: String?

  /// The place `path` leads to; the document itself by default.
  public init(_ path: JSONPath = []) {
    self.init(path, caseKey: nil)
  }

  init(_ path: JSONPath, caseKey: String?) {
    self.path = path
    self.caseKey = caseKey
  }

  /// The element at `index` of an array (from 0).
  public subscript<Element>(_ index: Int) -> JSONPathTo<Element> where Value == [Element] {
    appending(.index(index))
  }

  /// The element at `index` of an optional array.
  public subscript<Element>(_ index: Int) -> JSONPathTo<Element> where Value == [Element]? {
    appending(.index(index))
  }

  /// The value under `key` of a dictionary.
  public subscript<Element>(_ key: String) -> JSONPathTo<Element> where Value == [String: Element] {
    appending(.key(key))
  }

  func appending<Next>(_ component: JSONPath.Component, caseKey: String? = nil) -> JSONPathTo<Next> {
    var path = path
    path.components.append(component)
    return JSONPathTo<Next>(path, caseKey: caseKey)
  }
}

/// An optional value's members are its wrapped type's: a path through a missing value finds
/// nothing.
extension Optional: JSONPathNavigable where Wrapped: JSONPathNavigable {
  public typealias JSONMembers = Wrapped.JSONMembers
  public static var jsonMembers: JSONMembers { Wrapped.jsonMembers }
}

extension JSONPathTo where Value: JSONPathNavigable {
  /// A member of the value's type.
  public subscript<Member>(dynamicMember member: KeyPath<Value.JSONMembers, JSONMember<Member>>) -> JSONPathTo<Member> {
    appending(.key(Value.jsonMembers[keyPath: member].key))
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// The path a typed key path into this column's document spells.
  public typealias JSONKeyPath<Member> = KeyPath<JSONPathTo<Value.NonNull.JSONDocument>, JSONPathTo<Member>>

  static func path<Member>(_ keyPath: JSONKeyPath<Member>) -> JSONPath {
    place(keyPath).path
  }

  /// Where a typed key path into this column's document leads.
  static func place<Member>(_ keyPath: JSONKeyPath<Member>) -> JSONPathTo<Member> {
    JSONPathTo<Value.NonNull.JSONDocument>()[keyPath: keyPath]
  }

  /// The value at a typed path, as text (see ``jsonText(at:)-(JSONPath)``).
  ///
  /// ```swift
  /// Document.select { $0.metadata.jsonText(at: \.tags[0]) }
  /// // SQLite: CAST(json_extract("documents"."metadata", ?1) AS TEXT)   -- ?1 = '$."tags"[0]'
  /// ```
  public func jsonText<Member>(at path: JSONKeyPath<Member>) -> SQLQueryExpression<String?> {
    jsonText(at: Self.path(path))
  }

  /// The number of elements of the array at a typed path, StructuredQueries'
  /// `$0.author.jsonArrayLength(\.links)`; `NULL` where the path is missing.
  public func jsonArrayLength<Member>(_ path: JSONKeyPath<Member>) -> SQLQueryExpression<Int?> {
    jsonArrayLength(at: Self.path(path))
  }

  /// The value at a typed path, as JSON decoded into the member's type; `NULL` where the path is
  /// missing.
  public func json<Member: Codable & Sendable>(at path: JSONKeyPath<Member>) -> SQLQueryExpression<JSONRepresentation<Member>?> {
    json(at: Self.path(path), as: Member.self)
  }

  /// The document with `value` at a typed path (see `jsonSet(_:_:)` with a path of keys). At a
  /// case of an enum (`\.note`), the enum's value becomes that case.
  public func jsonSet<Member: Encodable & Sendable>(_ path: JSONKeyPath<Member>, _ value: Member) -> Self {
    let place = Self.place(path)
    guard place.caseKey != nil else { return jsonSet(place.path, value) }
    return settingCase(place, to: Self.jsonMember(of: value))
  }

  /// The document with the value of `expression` at a typed path. At a case of an enum, the
  /// enum's value becomes that case.
  public func jsonSet<Member, Other: QueryDecodable>(_ path: JSONKeyPath<Member>, _ expression: SQLQueryExpression<Other>) -> Self {
    let place = Self.place(path)
    guard place.caseKey != nil else { return jsonSet(place.path, expression) }
    return settingCase(place, to: Self.jsonMember(of: expression))
  }

  /// The document with `value` added at a typed path when nothing is there. At a case of an
  /// enum, the enum's value is added as that case where the document holds no value of the enum.
  public func jsonInsert<Member: Encodable & Sendable>(_ path: JSONKeyPath<Member>, _ value: Member) -> Self {
    let place = Self.place(path)
    guard place.caseKey != nil else { return jsonInsert(place.path, value) }
    return insertingCase(place, Self.jsonMember(of: value))
  }

  /// The document with what is at a typed path replaced by `value`, when something is there.
  public func jsonReplace<Member: Encodable & Sendable>(_ path: JSONKeyPath<Member>, _ value: Member) -> Self {
    jsonReplace(Self.path(path), value)
  }

  /// The document without what is at a typed path. At a case of an enum, the enum's value is
  /// removed where it holds that case.
  public func jsonRemove<Member>(_ path: JSONKeyPath<Member>) -> Self {
    let place = Self.place(path)
    guard place.caseKey != nil else { return jsonRemove(place.path) }
    return removingCase(place)
  }

  /// The document with `value` inserted before the array element at a typed path (`\.[0]`,
  /// `\.tags[2]`; see `jsonArrayInsert(_:_:)` with a path of keys).
  public func jsonArrayInsert<Element: Encodable & Sendable>(_ path: JSONKeyPath<Element>, _ value: Element) -> Self {
    jsonArrayInsert(Self.path(path), value)
  }

  /// The document with `value` appended to the array at a typed path.
  public func jsonAppend<Element: Encodable & Sendable>(_ value: Element, at path: JSONKeyPath<[Element]>) -> Self {
    jsonAppend(value, at: Self.path(path))
  }

  /// The document with `value` appended to the optional array at a typed path; unchanged where
  /// there is no array.
  public func jsonAppend<Element: Encodable & Sendable>(_ value: Element, at path: JSONKeyPath<[Element]?>) -> Self {
    jsonAppend(value, at: Self.path(path))
  }
}
