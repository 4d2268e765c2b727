// The elements of a JSON array (or the members of a JSON object) as rows, to filter, join and
// select like a table's:
//
//   Reminder.where { $0.tags.jsonEach().where { $0.value == "work" }.exists() }
//   Reminder.join($0.tags.jsonEach()) …    // see Select.join
//
// SQLite reads them with `json_each`, PostgreSQL with `jsonb_array_elements … WITH ORDINALITY`
// or `jsonb_each`; the key and value columns read the same on both.

/// A row of a JSON document's elements: its `key` (an array's index from 0, or an object's
/// member name) and its `value`.
///
/// It is a table only so that queries can read and join it; it has no rows of its own, and
/// writing to it fails in the database.
public struct JSONEach<Key: QueryBindable & Sendable, Value: QueryBindable & Sendable>: Table, Sendable {
  /// The element's index in its array, from 0, or its member name in its object.
  public var key: Key
  /// The element's value.
  public var value: Value

  /// Creates a row.
  public init(key: Key, value: Value) {
    self.key = key
    self.value = value
  }

  /// The name the rows are read under, unless given another.
  public static var tableName: String { "jsonEach" }

  public init(decoder: inout some QueryDecoder) throws {
    key = try decoder.decode(Key.self)
    value = try decoder.decode(Value.self)
  }

  public func encodeColumns(into values: inout some ColumnEncoder) {
    values.append(key)
    values.append(value)
  }

  /// The `key` and `value` columns of the rows read under `qualifier`, read as the document's
  /// shape and the value's type require.
  public struct TableColumns: TableDefinition {
    public typealias QueryValue = JSONEach
    public static var columnNames: [String] { ["key", "value"] }
    public static var jsonValueForms: [JSONValueForm] { Key.jsonValueForms + Value.jsonValueForms }
    public let qualifier: String

    public init(qualifier: String) {
      self.qualifier = qualifier
    }

    /// What the source reads: an array's elements are keyed by index, an object's members by
    /// name.
    static var shape: TableReference.JSONEachShape { Key.self == Int.self ? .arrayElements : .objectMembers }

    /// The element's index from 0, or its member name.
    public var key: SQLQueryExpression<Key> {
      let column = SQLExpression.column(ColumnReference(qualifier: qualifier, name: "key"))
      return SQLQueryExpression(node: Self.shape == .arrayElements ? .function(.jsonArrayElementIndex, [column]) : column)
    }

    /// The element's value, as an SQL value of its type (JSON, for a value stored as JSON).
    public var value: SQLQueryExpression<Value> {
      let column = SQLExpression.column(ColumnReference(qualifier: qualifier, name: "value"))
      if Value.jsonValueForms == [.json] { return SQLQueryExpression(node: .function(.jsonDocument, [column])) }
      return SQLQueryExpression(node: .jsonScalar(.function(.jsonScalar, [column]), storedAs: Value.storageType))
    }

    public func appendSelection(to columns: inout [SQLExpression]) {
      columns.append(key.node)
      columns.append(value.node)
    }
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// The elements of this JSON array as rows of `(key: Int, value: Element)`, keyed by index
  /// from 0: `json_each(x)` in SQLite, `jsonb_array_elements(x) WITH ORDINALITY` in
  /// PostgreSQL. A `NULL` document has none.
  ///
  /// ```swift
  /// Reminder.where { $0.tags.jsonEach().where { $0.value == "work" }.exists() }
  /// ```
  ///
  /// The rows are read under the name `jsonEach`, or `alias`'s: a query that reads several
  /// documents' elements (or one inside another's subquery) names each differently.
  public func jsonEach<Element: QueryBindable & Sendable>(
    as alias: (any AliasName.Type)? = nil
  ) -> Select<JSONEach<Int, Element>.TableColumns, JSONEach<Int, Element>>
  where Value.NonNull.JSONDocument == [Element] {
    jsonEachSource(alias)
  }

  /// The elements of this JSON array, each read as JSON (`value` decodes as `Element`).
  @_disfavoredOverload
  public func jsonEach<Element>(as alias: (any AliasName.Type)? = nil) -> Select<
    JSONEach<Int, JSONRepresentation<Element>>.TableColumns, JSONEach<Int, JSONRepresentation<Element>>
  > where Value.NonNull.JSONDocument == [Element] {
    jsonEachSource(alias)
  }

  /// The members of this JSON object as rows of `(key: String, value: Element)`:
  /// `json_each(x)` in SQLite, `jsonb_each(x)` in PostgreSQL.
  public func jsonEach<Element: QueryBindable & Sendable>(as alias: (any AliasName.Type)? = nil) -> Select<
    JSONEach<String, Element>.TableColumns, JSONEach<String, Element>
  > where Value.NonNull.JSONDocument == [String: Element] {
    jsonEachSource(alias)
  }

  /// The members of this JSON object, each value read as JSON.
  @_disfavoredOverload
  public func jsonEach<Element>(as alias: (any AliasName.Type)? = nil) -> Select<
    JSONEach<String, JSONRepresentation<Element>>.TableColumns, JSONEach<String, JSONRepresentation<Element>>
  > where Value.NonNull.JSONDocument == [String: Element] {
    jsonEachSource(alias)
  }

  private func jsonEachSource<Key, Element>(
    _ alias: (any AliasName.Type)?
  ) -> Select<JSONEach<Key, Element>.TableColumns, JSONEach<Key, Element>> {
    typealias Columns = JSONEach<Key, Element>.TableColumns
    let columns = Columns(qualifier: alias?.aliasName ?? JSONEach<Key, Element>.tableName)
    var selection: [SQLExpression] = []
    columns.appendSelection(to: &selection)
    let source = TableReference(jsonEach: node, Columns.shape, alias: columns.qualifier)
    return Select(scope: columns, select: SelectStatement(columns: selection, from: source))
  }
}
