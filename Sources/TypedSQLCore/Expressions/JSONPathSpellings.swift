// StructuredQueries' spellings of the typed-path JSON functions: `jsonExtract(\.name)`,
// `jsonAppend(\.links, value)`, `jsonEach(\.tags)`, and the `jsonb…` names. TypedSQL's JSON
// functions already read and write JSONB columns (as `jsonb` on PostgreSQL), so each `jsonb…`
// function is its `json…` namesake.

/// A Swift value JSON holds as a scalar (a string, a number, a Boolean), which `jsonExtract`
/// reads as an SQL value of its own type.
public protocol JSONScalarValue: QueryBindable, Codable, Sendable {}

extension String: JSONScalarValue {}
extension Int: JSONScalarValue {}
extension Int64: JSONScalarValue {}
extension Double: JSONScalarValue {}
extension Bool: JSONScalarValue {}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// The scalar at a typed path, as an SQL value of its type; `NULL` where the path is missing.
  ///
  /// ```swift
  /// Profile.select { $0.author.jsonExtract(\.name) }
  /// // SQLite:     json_extract("profiles"."author", ?1)            -- ?1 = '$."name"'
  /// // PostgreSQL: ("profiles"."author" #>> CAST($1 AS text[]))    -- $1 = '{"name"}'
  /// ```
  ///
  /// A number or a Boolean is cast to its type on both databases. The result is optional, unlike
  /// StructuredQueries': a document without the member, or an index past an array's end, reads
  /// `NULL`.
  public func jsonExtract<Member: JSONScalarValue>(_ path: JSONKeyPath<Member>) -> SQLQueryExpression<Member?> {
    scalar(at: Self.path(path))
  }

  /// The scalar at a typed path to an optional member.
  public func jsonExtract<Member: JSONScalarValue>(_ path: JSONKeyPath<Member?>) -> SQLQueryExpression<Member?> {
    scalar(at: Self.path(path))
  }

  /// The value at a typed path, as JSON decoded into the member's type (`json(at:)`):
  /// an array, an object or a `@Selection` value.
  @_disfavoredOverload
  public func jsonExtract<Member: Codable & Sendable>(_ path: JSONKeyPath<Member>) -> SQLQueryExpression<JSONRepresentation<Member>?> {
    json(at: path)
  }

  /// StructuredQueries' `jsonbExtract`: `jsonExtract(_:)`.
  public func jsonbExtract<Member: JSONScalarValue>(_ path: JSONKeyPath<Member>) -> SQLQueryExpression<Member?> {
    jsonExtract(path)
  }

  /// StructuredQueries' `jsonbExtract` of an optional member.
  public func jsonbExtract<Member: JSONScalarValue>(_ path: JSONKeyPath<Member?>) -> SQLQueryExpression<Member?> {
    jsonExtract(path)
  }

  /// StructuredQueries' `jsonbExtract` of an array, an object or a `@Selection` value.
  @_disfavoredOverload
  public func jsonbExtract<Member: Codable & Sendable>(_ path: JSONKeyPath<Member>) -> SQLQueryExpression<JSONRepresentation<Member>?> {
    json(at: path)
  }

  /// The document with `value` appended to the array at a typed path (StructuredQueries' order
  /// of arguments; see `jsonAppend(_:at:)`).
  public func jsonAppend<Element: Encodable & Sendable>(_ path: JSONKeyPath<[Element]>, _ value: Element) -> Self {
    jsonAppend(value, at: path)
  }

  /// The document with `value` appended to the optional array at a typed path; unchanged where
  /// there is no array.
  public func jsonAppend<Element: Encodable & Sendable>(_ path: JSONKeyPath<[Element]?>, _ value: Element) -> Self {
    jsonAppend(value, at: path)
  }

  /// StructuredQueries' `jsonbSet`: `jsonSet(_:_:)`.
  public func jsonbSet<Member: Encodable & Sendable>(_ path: JSONKeyPath<Member>, _ value: Member) -> Self {
    jsonSet(path, value)
  }

  /// StructuredQueries' `jsonbSet` of an expression's value.
  public func jsonbSet<Member, Other: QueryDecodable>(_ path: JSONKeyPath<Member>, _ expression: SQLQueryExpression<Other>) -> Self {
    jsonSet(path, expression)
  }

  /// StructuredQueries' `jsonbInsert`: `jsonInsert(_:_:)`.
  public func jsonbInsert<Member: Encodable & Sendable>(_ path: JSONKeyPath<Member>, _ value: Member) -> Self {
    jsonInsert(path, value)
  }

  /// StructuredQueries' `jsonbReplace`: `jsonReplace(_:_:)`.
  public func jsonbReplace<Member: Encodable & Sendable>(_ path: JSONKeyPath<Member>, _ value: Member) -> Self {
    jsonReplace(path, value)
  }

  /// StructuredQueries' `jsonbRemove`: `jsonRemove(_:)`.
  public func jsonbRemove<Member>(_ path: JSONKeyPath<Member>) -> Self {
    jsonRemove(path)
  }

  /// StructuredQueries' `jsonbArrayInsert`: `jsonArrayInsert(_:_:)`.
  public func jsonbArrayInsert<Element: Encodable & Sendable>(_ path: JSONKeyPath<Element>, _ value: Element) -> Self {
    jsonArrayInsert(path, value)
  }

  /// StructuredQueries' `jsonbAppend` to the document itself: `jsonAppend(_:at:)`.
  public func jsonbAppend(_ value: some Encodable & Sendable) -> Self {
    jsonAppend(value)
  }

  /// StructuredQueries' `jsonbAppend`: `jsonAppend(_:_:)`.
  public func jsonbAppend<Element: Encodable & Sendable>(_ path: JSONKeyPath<[Element]>, _ value: Element) -> Self {
    jsonAppend(value, at: path)
  }

  /// StructuredQueries' `jsonbAppend` to an optional array.
  public func jsonbAppend<Element: Encodable & Sendable>(_ path: JSONKeyPath<[Element]?>, _ value: Element) -> Self {
    jsonAppend(value, at: path)
  }

  /// The elements of the JSON array at a typed path as rows of `(key: Int, value: Element)`:
  /// `$0.writer.jsonEach(\.tags)` is `$0.writer.json(at: \.tags).jsonEach()`.
  public func jsonEach<Element: QueryBindable & Codable & Sendable>(
    _ path: JSONKeyPath<[Element]>
  ) -> Select<JSONEach<Int, Element>.TableColumns, JSONEach<Int, Element>> {
    json(at: path).jsonEach()
  }

  /// The elements of the JSON array at a typed path, each read as JSON (`value` decodes as
  /// `Element`: a `@Selection` or `@Table` value).
  @_disfavoredOverload
  public func jsonEach<Element: Codable & Sendable>(_ path: JSONKeyPath<[Element]>) -> Select<
    JSONEach<Int, JSONRepresentation<Element>>.TableColumns, JSONEach<Int, JSONRepresentation<Element>>
  > {
    json(at: path).jsonEach()
  }

  /// The members of the JSON object at a typed path as rows of `(key: String, value: Element)`.
  public func jsonEach<Element: QueryBindable & Codable & Sendable>(
    _ path: JSONKeyPath<[String: Element]>
  ) -> Select<JSONEach<String, Element>.TableColumns, JSONEach<String, Element>> {
    json(at: path).jsonEach()
  }

  /// The scalar at `path`: SQLite's `json_extract`, PostgreSQL's text at the path cast to the
  /// scalar's type, as `jsonEach` reads its values.
  private func scalar<Member: JSONScalarValue>(at path: JSONPath) -> SQLQueryExpression<Member?> {
    SQLQueryExpression<Member?>(
      node: .jsonScalar(.function(.jsonExtractScalar, [node, .jsonPath(path)]), storedAs: Member.storageType))
  }
}
