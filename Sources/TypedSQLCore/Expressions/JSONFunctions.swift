// JSON functions both databases compute alike, on columns stored as JSON (SQLite text,
// PostgreSQL jsonb).

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// The value at `path`, as text: a string without its quotes, a number as written.
  ///
  /// ```swift
  /// Document.select { $0.metadata.jsonText(at: ["tags", 0]) }
  /// // SQLite:     CAST(json_extract("documents"."metadata", ?1) AS TEXT)   -- ?1 = '$."tags"[0]'
  /// // PostgreSQL: ("documents"."metadata" #>> CAST($1 AS text[]))          -- $1 = '{"tags","0"}'
  /// ```
  ///
  /// Booleans differ (`1` in SQLite, `true` in PostgreSQL); `NULL` where the path is missing.
  public func jsonText(at path: JSONPath) -> SQLQueryExpression<String?> {
    SQLQueryExpression<String?>(node: .function(.jsonExtractText, [node, .jsonPath(path)]))
  }

  /// The value at `path`, as JSON decoded into `type`; `NULL` where the path is missing.
  public func json<Element: Codable & Sendable>(
    at path: JSONPath, as type: Element.Type
  ) -> SQLQueryExpression<JSONRepresentation<Element>?> {
    SQLQueryExpression<JSONRepresentation<Element>?>(node: .function(.jsonExtract, [node, .jsonPath(path)]))
  }

  /// The number of elements of a JSON array: 0 for a value that is not an array, `NULL` for
  /// `NULL`, on both databases.
  public func jsonArrayLength() -> SQLQueryExpression<Int?> {
    SQLQueryExpression<Int?>(node: .function(.jsonArrayLength, [node]))
  }

  /// The number of elements of the JSON array at `path`; `NULL` where the path is missing.
  public func jsonArrayLength(at path: JSONPath) -> SQLQueryExpression<Int?> {
    SQLQueryExpression<Int?>(node: .function(.jsonArrayLength, [.function(.jsonExtract, [node, .jsonPath(path)])]))
  }
}

extension SQLQueryExpression where Value: QueryBindable & Codable {
  /// The group's values as a JSON array (`[]` for an empty group), in `order`, of the rows
  /// where `filter` holds when there is one: SQLite `json_group_array`, PostgreSQL `jsonb_agg`.
  ///
  /// Without an order the databases may list values in different orders; an order needs
  /// SQLite 3.44.
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<JSONRepresentation<[Value]>> {
    SQLQueryExpression<JSONRepresentation<[Value]>>(
      node: .aggregate(.jsonArray, node, distinct: distinct, filter: filter?.queryNode, orderBy: order.map(\.orderingTerm)))
  }
}

extension SQLQueryExpression where Value: QueryDecodable & QueryJSONValue, Value.JSONDocument: Codable & Sendable {
  /// The group's JSON documents (a JSON or JSONB column's) as one JSON array of them: SQLite
  /// `json_group_array(json(x))`, which keeps each document JSON rather than text, PostgreSQL
  /// `jsonb_agg`. See ``jsonGroupArray(distinct:order:filter:)`` of values.
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<JSONRepresentation<[Value.JSONDocument]>> {
    SQLQueryExpression<JSONRepresentation<[Value.JSONDocument]>>(
      node: documentsArray(distinct: distinct, order: order, filter: filter?.queryNode))
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue,
  Value.NonNull.JSONDocument: Codable & Sendable
{
  /// The group's documents of an optional JSON or JSONB column as one JSON array, `null` for a
  /// `NULL` one.
  @_disfavoredOverload
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<JSONRepresentation<[Value.NonNull.JSONDocument?]>> {
    SQLQueryExpression<JSONRepresentation<[Value.NonNull.JSONDocument?]>>(
      node: documentsArray(distinct: distinct, order: order, filter: filter?.queryNode))
  }
}

extension SQLQueryExpression {
  /// `json_group_array(json(x))` of these documents: each as JSON, not as its text.
  fileprivate func documentsArray(distinct: Bool, order: [any QueryOrdering], filter: SQLExpression?) -> SQLExpression {
    .aggregate(.jsonArray, .function(.json, [node]), distinct: distinct, filter: filter, orderBy: order.map(\.orderingTerm))
  }
}

extension SQLExpression {
  /// A JSON scalar read as an SQL value of the type `storageType` names: a number or a Boolean
  /// cast to it (PostgreSQL reads a scalar as its text), anything else as it is read.
  static func jsonScalar(_ scalar: SQLExpression, storedAs storageType: SQLType?) -> SQLExpression {
    switch storageType {
    case let type? where type == .integer || type == .real || type == .boolean: .cast(scalar, type)
    default: scalar
    }
  }
}
