// StructuredQueries' spellings that TypedSQL keeps different on purpose. Each is declared only to
// be refused: the compiler names the TypedSQL spelling and the reason, instead of reporting a
// missing member. None can be called.

extension SQLQueryExpression where Value == String {
  /// StructuredQueries' `$0.title.match("…")` on an FTS5 column.
  @available(
    *, unavailable,
    message: "full-text functions belong to the FTS5 table: write '$0.match(\"…\", in: \\.title)' (and 'highlight' and 'snippet' the same way)"
  )
  public func match(_ pattern: some StringProtocol) -> SQLQueryExpression<Bool> {
    fatalError("unavailable")
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// StructuredQueries' `jsonbEach()`.
  @available(
    *, unavailable,
    message: "'jsonEach()' reads a JSONB column too, on both databases: write '$0.tags.jsonEach()'"
  )
  public func jsonbEach() -> Never {
    fatalError("unavailable")
  }
}

extension SQLQueryExpression where Value: QueryBindable & Codable {
  /// StructuredQueries' `jsonbGroupArray(…)`.
  @available(
    *, unavailable,
    message: "write 'jsonGroupArray(distinct:order:filter:)': one JSON array on both databases (JSONB on PostgreSQL)"
  )
  public func jsonbGroupArray(distinct: Bool = false, order: any QueryOrdering..., filter: SQLQueryExpression<Bool>? = nil) -> Never {
    fatalError("unavailable")
  }
}

extension TableDefinition {
  /// StructuredQueries' `jsonbObject()`.
  @available(*, unavailable, message: "write 'jsonObject()': one JSON object on both databases (JSONB on PostgreSQL)")
  public func jsonbObject() -> Never {
    fatalError("unavailable")
  }

  /// StructuredQueries' `jsonbGroupArray(…)` of a table's rows.
  @available(
    *, unavailable,
    message: "write 'jsonGroupArray(distinct:order:filter:)': one JSON array of the rows on both databases (JSONB on PostgreSQL)"
  )
  public func jsonbGroupArray(distinct: Bool = false, order: any QueryOrdering..., filter: SQLQueryExpression<Bool>? = nil) -> Never {
    fatalError("unavailable")
  }
}

extension QueryBinding {
  /// StructuredQueries' `QueryBinding.uint(…)`.
  @available(
    *, unavailable,
    message: "both databases store at most a signed 64-bit integer: bind '.int(Int64(exactly: value))' and handle a value past Int64.max"
  )
  public static func uint(_ value: UInt64) -> QueryBinding {
    fatalError("unavailable")
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// StructuredQueries' `jsonPatch(_:)`, which it deprecates.
  @available(
    *, unavailable,
    message: "StructuredQueries deprecates 'jsonPatch': write 'jsonSet' and 'jsonRemove', which mean the same on both databases (PostgreSQL has no JSON merge patch)"
  )
  public func jsonPatch(_ other: Self) -> Self {
    fatalError("unavailable")
  }
}

extension TableDefinition {
  /// StructuredQueries' `TableColumns.allColumns`.
  @available(
    *, unavailable,
    message: "a table's columns are 'columnNames' (their names, in declaration order) and 'storedColumns' (what each stores); its column handles are TableColumns' properties"
  )
  public static var allColumns: Never { fatalError("unavailable") }

  /// StructuredQueries' `TableColumns.writableColumns`.
  @available(
    *, unavailable,
    message: "'columnNames' lists every column and 'Columns.generatedColumnNames' those the database writes; the others are written by inserts and updates"
  )
  public static var writableColumns: Never { fatalError("unavailable") }
}

extension Table {
  /// StructuredQueries' deprecated `insert(_:onConflict:)` of a row.
  @available(
    *, unavailable,
    message: "StructuredQueries deprecates 'insert(_:)': write 'insert { row }' (and 'onConflictDoUpdate:' for an upsert)"
  )
  public static func insert(_ row: Self, onConflict doUpdate: ((inout Updates<Self>) -> Void)? = nil) -> Never {
    fatalError("unavailable")
  }

  /// StructuredQueries' deprecated `insert(_:onConflict:)` of rows.
  @available(
    *, unavailable,
    message: "StructuredQueries deprecates 'insert(_:)': write 'insert { rows }' (and 'onConflictDoUpdate:' for an upsert)"
  )
  public static func insert(_ rows: [Self], onConflict doUpdate: ((inout Updates<Self>) -> Void)? = nil) -> Never {
    fatalError("unavailable")
  }
}

extension PrimaryKeyedTable {
  /// StructuredQueries' deprecated `insert(_:onConflict:)` of a draft.
  @available(
    *, unavailable,
    message: "StructuredQueries deprecates 'insert(_:)': write 'insert { draft }' (and 'onConflictDoUpdate:' for an upsert)"
  )
  public static func insert(_ draft: Draft, onConflict doUpdate: ((inout Updates<Self>) -> Void)? = nil) -> Never {
    fatalError("unavailable")
  }

  /// StructuredQueries' deprecated `insert(_:onConflict:)` of drafts.
  @available(
    *, unavailable,
    message: "StructuredQueries deprecates 'insert(_:)': write 'insert { drafts }' (and 'onConflictDoUpdate:' for an upsert)"
  )
  public static func insert(_ drafts: [Draft], onConflict doUpdate: ((inout Updates<Self>) -> Void)? = nil) -> Never {
    fatalError("unavailable")
  }
}

/// StructuredQueries' type of a table's column.
@available(
  *, unavailable,
  message: "a column handle is an expression in TypedSQL: declare it 'SQLQueryExpression<Value>' (or 'some QueryExpression<Value>')"
)
public typealias TableColumn<Root, Value> = SQLQueryExpression<Value>

/// StructuredQueries' type of a generated column.
@available(
  *, unavailable,
  message: "a column handle is an expression in TypedSQL: declare it 'SQLQueryExpression<Value>' (or 'some QueryExpression<Value>')"
)
public typealias GeneratedColumn<Root, Value> = SQLQueryExpression<Value>

/// StructuredQueries' type of a select of a table's rows.
@available(*, unavailable, message: "a select of a table's rows is 'SelectOf<Table>' in TypedSQL")
public typealias SelectStatementOf<From: Table> = SelectOf<From>

/// StructuredQueries' protocol of a select of any columns and joins.
@available(
  *, unavailable,
  message: "a statement of any rows is 'some Statement' in TypedSQL, a table's select 'SelectOf<Table>', a join's 'Select<(A.TableColumns, B.TableColumns), JoinedRow<A, B>>'"
)
public typealias PartialSelectStatement = Never

/// StructuredQueries' aggregate of a function it does not declare.
@available(
  *, unavailable,
  message: "name an aggregate TypedSQL does not declare on its argument: '$0.id.aggregate(named: \"bit_or\", as: Int?.self)'"
)
public typealias AggregateFunctionExpression = Never

extension QueryDecodingError {
  /// StructuredQueries' `QueryDecodingError.missingRequiredColumn`.
  @available(
    *, unavailable,
    message: "a decoding error is one struct in TypedSQL, naming the column: a NULL in a required column has 'storedValue' \"NULL\", with 'columnName' and 'expectedType'"
  )
  public static var missingRequiredColumn: QueryDecodingError { fatalError("unavailable") }

  /// StructuredQueries' `QueryDecodingError.typeMismatch(_:)`.
  @available(
    *, unavailable,
    message: "a decoding error is one struct in TypedSQL, naming the column: read its 'expectedType', 'storedValue' and 'columnName'"
  )
  public static func typeMismatch(_ type: Any.Type) -> QueryDecodingError { fatalError("unavailable") }
}

/// StructuredQueries' `&&` of conditions of any expression type, such as a helper declared
/// `var isPastDue: some QueryExpression<Bool>`. TypedSQL's `&&` takes ``SQLQueryExpression``
/// operands only: a usable overload on the protocol made 12-term conditions take seconds to
/// type-check.
@available(
  *, unavailable,
  message: "'&&' combines SQLQueryExpression<Bool> operands: write 'lhs.and(rhs)', or wrap a 'some QueryExpression<Bool>' operand in 'SQLQueryExpression(…)'"
)
public func && <Left: QueryExpression<Bool>, Right: QueryExpression<Bool>>(lhs: Left, rhs: Right) -> SQLQueryExpression<Bool> {
  fatalError("unavailable")
}

/// StructuredQueries' `||` of conditions of any expression type; see `&&` above.
@available(
  *, unavailable,
  message: "'||' combines SQLQueryExpression<Bool> operands: write 'lhs.or(rhs)', or wrap a 'some QueryExpression<Bool>' operand in 'SQLQueryExpression(…)'"
)
public func || <Left: QueryExpression<Bool>, Right: QueryExpression<Bool>>(lhs: Left, rhs: Right) -> SQLQueryExpression<Bool> {
  fatalError("unavailable")
}
