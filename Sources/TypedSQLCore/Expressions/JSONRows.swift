// Whole rows as JSON: a table's (or a column group's) columns as one JSON object, and a group's
// rows as a JSON array of them, so one query returns each list with its reminders:
//
//   RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
//     .group { list, _ in list.id }
//     .select { ($0, $1.jsonGroupArray()) }          // [(RemindersList, [Reminder])]
//
// Each value is written in its type's JSON form (see JSONValueForm) and read back by
// JSONRowDecoder exactly as its column is read, on every database.

/// One row built as a JSON object in SQL, read back as `Element`: see
/// `jsonObject()`.
public struct JSONRow<Element: QueryDecodable>: QueryProjection, QueryRow {
  public typealias Row = Self
  public typealias Output = Element

  /// The `json_object(…)` expression.
  public let node: SQLExpression

  public static var columnCount: Int { 1 }

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(node)
  }

  public static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Element {
    let value = try JSONRows<Element>.parse(&decoder, expecting: Element.self)
    guard case .object(let members, _) = value else {
      throw decoder.conversionError(expected: Element.self, storedValue: "json(\(value.jsonText)), not an object")
    }
    return try JSONRows<Element>.decodeElement(members, from: decoder)
  }
}

/// A group's rows built as a JSON array of objects in SQL, read back as `[Element]`: see
/// `jsonGroupArray(distinct:order:filter:)`.
public struct JSONRows<Element: QueryDecodable>: QueryProjection, QueryRow {
  public typealias Row = Self
  public typealias Output = [Element]

  /// The `json_group_array(json_object(…))` expression.
  public let node: SQLExpression

  public static var columnCount: Int { 1 }

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(node)
  }

  public static func decodeRow(_ decoder: inout some QueryDecoder) throws -> [Element] {
    let value = try parse(&decoder, expecting: [Element].self)
    guard case .array(let elements, _) = value else {
      throw decoder.conversionError(expected: [Element].self, storedValue: "json(\(value.jsonText)), not an array")
    }
    return try elements.map { element in
      guard case .object(let members, _) = element else {
        throw decoder.conversionError(
          expected: Element.self, storedValue: "json(\(element.jsonText)), not an object")
      }
      return try decodeElement(members, from: decoder)
    }
  }

  /// The current column's JSON, parsed.
  static func parse(_ decoder: inout some QueryDecoder, expecting type: Any.Type) throws -> JSONValue {
    let text = try decoder.decodeJSON()
    do {
      return try JSONValue(parsing: text)
    } catch {
      throw decoder.conversionError(expected: type, storedValue: "text(\(String(reflecting: text))), \(error)")
    }
  }

  /// One element, read from its object's members; an error names the column of the result
  /// the JSON came from, and the member that did not decode.
  static func decodeElement(
    _ members: [(key: String, value: JSONValue)], from decoder: some QueryDecoder
  ) throws -> Element {
    var rowDecoder = JSONRowDecoder(
      object: members, columnNames: Element.columnNames(named: ""), forms: Element.jsonValueForms)
    do {
      return try Element.decodeRow(&rowDecoder)
    } catch let error as QueryDecodingError {
      throw decoder.conversionError(
        expected: Element.self, storedValue: "JSON whose member \"\(error.columnName)\" does not decode: \(error)")
    }
  }
}

/// The columns `projection` selects as the members of a JSON object, keyed by `names` and
/// written in `forms`.
private func jsonObjectNode(
  _ projection: some QueryProjection, names: [String], forms: [JSONValueForm]
) -> SQLExpression {
  var values: [SQLExpression] = []
  projection.appendSelection(to: &values)
  let fields = zip(zip(names, values), forms).map { member, form in
    JSONObjectField(key: member.0, value: member.1, form: form)
  }
  return .jsonObject(fields)
}

/// `json_group_array(object)` over the group's rows where `filter` holds.
private func jsonGroupArrayNode(
  _ object: SQLExpression, distinct: Bool, order: [any QueryOrdering], filter: SQLExpression?
) -> SQLExpression {
  .aggregate(.jsonArray, object, distinct: distinct, filter: filter, orderBy: order.map(\.orderingTerm))
}

extension TableDefinition {
  /// The row as one JSON object, keyed by column name: SQLite `json_object('id', "id", …)`,
  /// PostgreSQL `jsonb_build_object('id', "id", …)`. It decodes as the table's row.
  public func jsonObject() -> JSONRow<QueryValue> {
    JSONRow(node: jsonObjectNode(self, names: Self.columnNames, forms: Self.jsonValueForms))
  }

  /// The group's rows as a JSON array of objects (`[]` for an empty group), decoded as
  /// `[Row]`: SQLite `json_group_array(json_object(…))`, PostgreSQL
  /// `coalesce(jsonb_agg(jsonb_build_object(…)), '[]')`. Dates, UUIDs, Booleans and bytes read
  /// back exactly as the columns do.
  ///
  /// Without an order the databases may list rows in different orders; an order needs SQLite
  /// 3.44.
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> JSONRows<QueryValue> {
    jsonGroupArray(distinct: distinct, orderedBy: order, filter: filter)
  }

  /// `jsonGroupArray(distinct:order:filter:)` with its order as an array.
  func jsonGroupArray(
    distinct: Bool, orderedBy order: [any QueryOrdering], filter: (some QueryExpression<Bool>)?
  ) -> JSONRows<QueryValue> {
    let object: JSONRow<QueryValue> = jsonObject()
    return JSONRows(node: jsonGroupArrayNode(object.node, distinct: distinct, order: order, filter: filter?.queryNode))
  }
}

extension NullableColumns where Columns: TableDefinition {
  /// The rows an outer join matched as a JSON array of objects, decoded as `[Row]`: a row with
  /// no match adds nothing, so a group without matches gives `[]`, never `[null]`.
  ///
  /// The filter is optional, as every column of the joined side is: a row where it is `NULL`
  /// is left out.
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool?>)? = Bool??.none
  ) -> JSONRows<Columns.QueryValue> {
    jsonGroupArray(distinct: distinct, orderedBy: order, filter: filter)
  }

  /// `jsonGroupArray(distinct:order:filter:)` with its order as an array.
  func jsonGroupArray(
    distinct: Bool, orderedBy order: [any QueryOrdering], filter: (some QueryExpression<Bool?>)?
  ) -> JSONRows<Columns.QueryValue> {
    var matched = matchedRowCondition
    if let filter { matched = .binary(matched, .and, filter.queryNode) }
    let object: JSONRow<Columns.QueryValue> = columns.jsonObject()
    return JSONRows(node: jsonGroupArrayNode(object.node, distinct: distinct, order: order, filter: matched))
  }

  /// Whether the outer join matched a row: its primary key is not `NULL`, or for a table
  /// without one, some column is not.
  private var matchedRowCondition: SQLExpression {
    if let keyed = columns as? any PrimaryKeyedTableDefinition, let key = keyed.primaryKeyColumns.first {
      return .isNull(key, negated: true)
    }
    var values: [SQLExpression] = []
    columns.appendSelection(to: &values)
    let conditions = values.map { SQLExpression.isNull($0, negated: true) }
    return conditions.dropFirst().reduce(conditions[0]) { .binary($0, .or, $1) }
  }
}

extension SelectionColumns {
  /// The group's columns as one JSON object, keyed by column name; it decodes as the group.
  public func jsonObject() -> JSONRow<QueryValue> {
    JSONRow(node: jsonObjectNode(self, names: Self.columnNames, forms: Self.jsonValueForms))
  }

  /// The rows' groups as a JSON array of objects (`[]` for no rows), decoded as `[Group]`.
  public func jsonGroupArray(
    distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> JSONRows<QueryValue> {
    jsonGroupArray(distinct: distinct, orderedBy: order, filter: filter)
  }

  /// `jsonGroupArray(distinct:order:filter:)` with its order as an array.
  func jsonGroupArray(
    distinct: Bool, orderedBy order: [any QueryOrdering], filter: (some QueryExpression<Bool>)?
  ) -> JSONRows<QueryValue> {
    let object: JSONRow<QueryValue> = jsonObject()
    return JSONRows(node: jsonGroupArrayNode(object.node, distinct: distinct, order: order, filter: filter?.queryNode))
  }
}
