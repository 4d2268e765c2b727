// A Codable row type's JSON rows are also expressions of its `JSONRepresentation`: a
// `@Selection` field declared `@Column(as: [Reminder].JSONRepresentation.self)`, or a database
// function's argument, takes `jsonGroupArray()` as StructuredQueries' does, and decodes it
// through `Codable`. Selected on their own they decode by the row's own decoder, as `JSONRows`
// and `JSONRow` do. (A conformance of those two to `QueryExpression` cannot depend on
// `Sendable`, which `JSONRepresentation` needs.)
//
// Through `Codable`, the row's JSON decodes where its keys are the `CodingKeys` (the column names)
// and its values are in `Codable`'s forms, as a row built as JSON writes dates, UUIDs and
// Booleans. A column group (flattened in the row, nested in `Codable`) or bytes (hexadecimal
// text, an array of numbers in `Codable`) fail to decode there, by name: select the rows on their
// own instead.

/// A group's rows built as a JSON array of objects, for a row type that is `Codable`: an
/// expression of `[Element].JSONRepresentation`, selected as `[Element]`.
public struct CodableJSONRows<Element: QueryDecodable & Codable & Sendable>: QueryExpression, QueryProjection {
  public typealias QueryValue = JSONRepresentation<[Element]>
  public typealias Row = JSONRows<Element>

  public let queryNode: SQLExpression

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(queryNode)
  }
}

/// One row built as a JSON object, for a row type that is `Codable`: an expression of
/// `Element.JSONRepresentation`, selected as `Element`.
public struct CodableJSONRow<Element: QueryDecodable & Codable & Sendable>: QueryExpression, QueryProjection {
  public typealias QueryValue = JSONRepresentation<Element>
  public typealias Row = JSONRow<Element>

  public let queryNode: SQLExpression

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(queryNode)
  }
}

extension TableDefinition where QueryValue: Codable & Sendable {
  /// The row as one JSON object (see `jsonObject()`), also an expression of
  /// the row's `JSONRepresentation`.
  public func jsonObject() -> CodableJSONRow<QueryValue> {
    CodableJSONRow(queryNode: (jsonObject() as JSONRow<QueryValue>).node)
  }

  /// The group's rows as a JSON array (see
  /// `jsonGroupArray(distinct:order:filter:)`), also an expression of
  /// `[Row].JSONRepresentation`.
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> CodableJSONRows<QueryValue> {
    let rows: JSONRows<QueryValue> = jsonGroupArray(distinct: distinct, orderedBy: order, filter: filter)
    return CodableJSONRows(queryNode: rows.node)
  }
}

extension NullableColumns where Columns: TableDefinition, Columns.QueryValue: Codable & Sendable {
  /// The rows an outer join matched as a JSON array (see
  /// `jsonGroupArray(distinct:order:filter:)`), also an expression of
  /// `[Row].JSONRepresentation`.
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool?>)? = Bool??.none
  ) -> CodableJSONRows<Columns.QueryValue> {
    let rows: JSONRows<Columns.QueryValue> = jsonGroupArray(distinct: distinct, orderedBy: order, filter: filter)
    return CodableJSONRows(queryNode: rows.node)
  }
}

extension SelectionColumns where QueryValue: Codable & Sendable {
  /// The group's columns as one JSON object, also an expression of the group's
  /// `JSONRepresentation`.
  public func jsonObject() -> CodableJSONRow<QueryValue> {
    CodableJSONRow(queryNode: (jsonObject() as JSONRow<QueryValue>).node)
  }

  /// The rows' groups as a JSON array, also an expression of `[Group].JSONRepresentation`.
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> CodableJSONRows<QueryValue> {
    let rows: JSONRows<QueryValue> = jsonGroupArray(distinct: distinct, orderedBy: order, filter: filter)
    return CodableJSONRows(queryNode: rows.node)
  }
}
