import Foundation

// Edits of JSON documents, in selects and in updates, with one meaning on every database (see
// JSONEdit): `update { $0.notes = $0.notes.jsonSet(["title"], "Milk") }`.
//
// A Swift value is written as the JSON its `Encodable` conformance encodes; a column's value as
// the JSON its type reads back from (see JSONValueForm).

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// The document with `value` at `path`: replacing what is there, or added where the path's
  /// parent can hold it (an object for a key, an array for an index up to its length).
  ///
  /// ```swift
  /// Document.update { $0.metadata = $0.metadata.jsonSet(["label"], "done") }
  /// // SQLite:     CASE WHEN json_type("metadata", ?1) = 'object' THEN json_set("metadata", ?2, json(?3)) ELSE … END
  /// // PostgreSQL: CASE WHEN jsonb_typeof(("metadata" #> …)) = 'object' THEN jsonb_set("metadata", …, …, true) ELSE … END
  /// ```
  public func jsonSet(_ path: JSONPath, _ value: some Encodable & Sendable) -> Self {
    edited(.set, path, Self.jsonValue(of: value))
  }

  /// The document with the value of `expression` at `path` (see `jsonSet(_:_:)`, which takes a
  /// plain value).
  public func jsonSet<Other: QueryDecodable>(_ path: JSONPath, _ expression: SQLQueryExpression<Other>) -> Self {
    edited(.set, path, Self.jsonValue(of: expression))
  }

  /// The document with `value` added at `path` when nothing is there.
  public func jsonInsert(_ path: JSONPath, _ value: some Encodable & Sendable) -> Self {
    edited(.insert, path, Self.jsonValue(of: value))
  }

  /// The document with the value of `expression` added at `path` when nothing is there.
  public func jsonInsert<Other: QueryDecodable>(_ path: JSONPath, _ expression: SQLQueryExpression<Other>) -> Self {
    edited(.insert, path, Self.jsonValue(of: expression))
  }

  /// The document with what is at `path` replaced by `value`, when something is there.
  public func jsonReplace(_ path: JSONPath, _ value: some Encodable & Sendable) -> Self {
    edited(.replace, path, Self.jsonValue(of: value))
  }

  /// The document with what is at `path` replaced by the value of `expression`.
  public func jsonReplace<Other: QueryDecodable>(_ path: JSONPath, _ expression: SQLQueryExpression<Other>) -> Self {
    edited(.replace, path, Self.jsonValue(of: expression))
  }

  /// The document without what is at `path`: a member of an object, or an element of an array
  /// (the elements after it move up).
  public func jsonRemove(_ path: JSONPath) -> Self {
    edited(.remove, path, nil)
  }

  /// The document with `value` appended to the array at `path` (the document itself by
  /// default); unchanged where there is no array.
  public func jsonAppend(_ value: some Encodable & Sendable, at path: JSONPath = []) -> Self {
    edited(.append, path, Self.jsonValue(of: value))
  }

  /// The document with the value of `expression` appended to the array at `path`.
  public func jsonAppend<Other: QueryDecodable>(_ expression: SQLQueryExpression<Other>, at path: JSONPath = []) -> Self {
    edited(.append, path, Self.jsonValue(of: expression))
  }

  /// The document with `value` inserted into the array at `path`'s parent, before the element
  /// at `path`'s last index (the elements from there move up; the array's length appends);
  /// unchanged where there is no array that long. Needs SQLite 3.51 (`json_array_insert`);
  /// `jsonb_insert` on PostgreSQL.
  public func jsonArrayInsert(_ path: JSONPath, _ value: some Encodable & Sendable) -> Self {
    edited(.arrayInsert, path, Self.jsonValue(of: value))
  }

  /// The document with the value of `expression` inserted before the array element at `path`.
  public func jsonArrayInsert<Other: QueryDecodable>(_ path: JSONPath, _ expression: SQLQueryExpression<Other>) -> Self {
    edited(.arrayInsert, path, Self.jsonValue(of: expression))
  }

  private func edited(_ kind: JSONEdit.Kind, _ path: JSONPath, _ value: SQLExpression?) -> Self {
    Self(node: .jsonEdit(JSONEdit(kind: kind, document: node, path: path, value: value)))
  }

  private static func jsonValue(of value: some Encodable & Sendable) -> SQLExpression {
    let member = jsonMember(of: value)
    return .jsonValue(member.expression, member.form)
  }

  private static func jsonValue<Other: QueryDecodable>(of expression: SQLQueryExpression<Other>) -> SQLExpression {
    let member = jsonMember(of: expression)
    return .jsonValue(member.expression, member.form)
  }

  /// A Swift value as JSON: the JSON its `Encodable` conformance encodes.
  static func jsonMember(of value: some Encodable & Sendable) -> JSONMemberValue {
    let binding: QueryBinding
    do {
      binding = .json(String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self))
    } catch {
      binding = .invalid(QueryBindingError("cannot encode \(type(of: value)) as JSON: \(error)"))
    }
    return (.binding(binding), .json)
  }

  /// An expression's value as JSON, in the form its type reads back from.
  static func jsonMember<Other: QueryDecodable>(of expression: SQLQueryExpression<Other>) -> JSONMemberValue {
    (expression.node, Other.jsonValueForms.first ?? .plain)
  }
}

/// A value written into JSON: its expression, and how it becomes JSON.
typealias JSONMemberValue = (expression: SQLExpression, form: JSONValueForm)
