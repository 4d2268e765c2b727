// StructuredQueries' names for features TypedSQL spells another way, each with the same meaning:
// code written for StructuredQueries compiles unchanged.

/// `SELECT ?1` with no table: StructuredQueries' `Values(1)`, which is `selectValues(_:)` here.
public func Values<Value: QueryBindable>(_ value: Value) -> Select<EmptyScope, PackRow<Value>> {
  selectValues(value)
}

/// `SELECT ?1, ?2, …` with no table: StructuredQueries' `Values(1, "Hello", true)`.
public func Values<First: QueryBindable, Second: QueryBindable, each Rest: QueryBindable>(
  _ first: First, _ second: Second, _ rest: repeat each Rest
) -> Select<EmptyScope, TupleRow<First, Second, repeat each Rest>> {
  selectValues(first, second, repeat each rest)
}

/// `SELECT a` of an expression with no table: StructuredQueries' `Values(expr)`.
@_disfavoredOverload
public func Values<Projection: QueryProjection>(
  _ value: Projection
) -> Select<EmptyScope, PackRow<Projection.Row>> {
  selectValues(value)
}

/// `SELECT a, b, …` of expressions with no table: StructuredQueries' `Values(expr, …)`.
@_disfavoredOverload
public func Values<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
  _ first: First, _ second: Second, _ rest: repeat each Rest
) -> Select<EmptyScope, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> {
  selectValues(first, second, repeat each rest)
}

extension Select {
  /// `self UNION ALL other` when `all`, otherwise `self UNION other`.
  public func union<OtherScope, OtherRow>(all: Bool, _ other: Select<OtherScope, OtherRow>) -> Self {
    all ? unionAll(other) : union(other)
  }

  /// `LIMIT count`; `nil` leaves the limit as it is.
  @_disfavoredOverload
  public consuming func limit(_ count: Int?) -> Self {
    guard let count else { return self }
    return limit(count)
  }

  /// `OFFSET offset`; `nil` leaves the offset as it is.
  @_disfavoredOverload
  public consuming func offset(_ offset: Int?) -> Self {
    guard let offset else { return self }
    return self.offset(offset)
  }

  /// `LIMIT` of the expression the closure builds: a Swift value, a subquery, or nothing (an
  /// `if` without a value), which leaves the limit as it is.
  ///
  /// ```swift
  /// Reminder.select(\.id).limit { _ in if let pageSize { pageSize } }
  /// ```
  public consuming func limit(@LimitExpressionBuilder _ count: (Scope) -> SQLExpression?) -> Self {
    guard let count = count(scope) else { return self }
    select.limit = LimitClause(count: count, offset: select.limit?.offset)
    return self
  }

  /// `LIMIT` and `OFFSET` of the expressions the closures build: StructuredQueries'
  /// `limit({ _ in 2 }, offset: { _ in 2 })`.
  public consuming func limit(
    @LimitExpressionBuilder _ count: (Scope) -> SQLExpression?,
    @LimitExpressionBuilder offset: (Scope) -> SQLExpression?
  ) -> Self {
    limit(count).offset(offset)
  }

  /// `OFFSET` of the expression the closure builds; nothing leaves the offset as it is.
  public consuming func offset(@LimitExpressionBuilder _ offset: (Scope) -> SQLExpression?) -> Self {
    guard let offset = offset(scope) else { return self }
    select.limit = LimitClause(count: select.limit?.count, offset: offset)
    return self
  }
}

/// Builds the expression of a `LIMIT` or `OFFSET` from a closure: an `Int`, an integer
/// expression or a query of one `Int` (`count()`), `nil`, or nothing at all, with `if` and
/// `switch` choosing among them.
@resultBuilder
public enum LimitExpressionBuilder {
  /// A count or offset from Swift, bound; `nil` for none.
  public static func buildExpression(_ value: Int?) -> SQLExpression? {
    value.map { .binding(.int(Int64($0))) }
  }

  /// An integer expression.
  public static func buildExpression(_ expression: some QueryExpression<Int>) -> SQLExpression? {
    expression.queryNode
  }

  /// A query of one integer, such as `count()`, as its scalar subquery.
  public static func buildExpression<Scope>(_ subquery: Select<Scope, Int>) -> SQLExpression? {
    .scalarSubquery(subquery.select)
  }

  /// An empty closure: none.
  public static func buildBlock() -> SQLExpression? { nil }

  /// The closure's one expression.
  public static func buildBlock(_ expression: SQLExpression?) -> SQLExpression? { expression }

  /// An `if` without `else`: none when its condition is false.
  public static func buildOptional(_ expression: SQLExpression??) -> SQLExpression? { expression ?? nil }

  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first expression: SQLExpression?) -> SQLExpression? { expression }

  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second expression: SQLExpression?) -> SQLExpression? { expression }
}

extension Table {
  /// `SELECT DISTINCT` of every row (of the default scope).
  public static func distinct(_ isDistinct: Bool = true) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.distinct(isDistinct)
  }

  /// `EXISTS (SELECT …)` of the table's rows (of the default scope): whether it has one.
  public static func exists() -> SQLQueryExpression<Bool> {
    _typedSQLScopeStart.exists()
  }

  /// Every row (of the default scope), at most `count`; `nil` for no limit.
  @_disfavoredOverload
  public static func limit(_ count: Int?) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.limit(count)
  }

  /// Every row (of the default scope), at most as many as the closure's expression.
  public static func limit(
    @LimitExpressionBuilder _ count: (TableColumns) -> SQLExpression?
  ) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.limit(count)
  }

  /// Every row (of the default scope) after the first `offset`.
  public static func offset(_ offset: Int?) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.offset(offset)
  }

  /// Every row (of the default scope) after as many as the closure's expression.
  public static func offset(
    @LimitExpressionBuilder _ offset: (TableColumns) -> SQLExpression?
  ) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.offset(offset)
  }
}

extension Database {
  /// Runs `statement` and returns its rows: StructuredQueries' `db.execute(statement)`, the same
  /// as `statement.fetchAll(db)`.
  @discardableResult
  public func execute<S: Statement>(_ statement: S) throws -> [S.Row] where S.Row: QueryDecodable {
    try statement.fetchAll(self)
  }

  /// Runs `statement` and returns its rows' one selected value each.
  @discardableResult
  public func execute<S: Statement, Value: QueryRow>(
    _ statement: S
  ) throws -> [Value.Output] where S.Row == PackRow<Value> {
    try statement.fetchAll(self)
  }

  /// Runs `statement` and returns its rows as tuples of the selected values.
  @discardableResult
  public func execute<S: Statement, First: QueryRow, Second: QueryRow, each Rest: QueryRow>(
    _ statement: S
  ) throws -> [(First.Output, Second.Output, repeat (each Rest).Output)]
  where S.Row == TupleRow<First, Second, repeat each Rest> {
    try statement.fetchAll(self)
  }

  /// Runs a join and returns its rows as tuples of the tables' rows.
  @discardableResult
  public func execute<S: Statement, each Value: QueryRow>(
    _ statement: S
  ) throws -> [(repeat (each Value).Output)] where S.Row == JoinedRow<repeat each Value> {
    try statement.fetchAll(self)
  }

  /// Runs `statement`, which returns no rows: an `INSERT`, `UPDATE` or `DELETE` without
  /// `RETURNING`, the same as `statement.execute(db)`.
  public func execute<S: Statement>(_ statement: S) throws where S.Row == NoRow {
    try statement.execute(self)
  }

  /// Runs a statement written by hand with `#sql` and no `as:`, which returns no rows:
  /// StructuredQueries' `try db.execute(#sql("CREATE TABLE …"))`, the same as
  /// `#sql("CREATE TABLE …", as: NoRow.self).execute(db)`. An expression built otherwise is not
  /// a statement, and throws.
  public func execute(_ sql: SQLQueryExpression<NoRow>) throws {
    guard case .raw(let segments) = sql.node else {
      throw DialectError.invalidStatement("only SQL written with #sql runs as a statement")
    }
    try HandWrittenStatement(segments: segments).execute(self)
  }
}

/// The pieces of a statement written with `#sql` as an expression, run as a statement.
private struct HandWrittenStatement: Statement {
  typealias Row = NoRow
  let segments: [RawSQLSegment]
  var statementNode: SQLStatement { .raw(segments) }
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// `coalesce(self, fallback)`: StructuredQueries' `ifnull`, spelled `coalesce` on every
  /// database.
  public func ifnull(_ fallback: some QueryExpression<Value.NonNull>) -> SQLQueryExpression<Value.NonNull> {
    ifNull(SQLQueryExpression<Value.NonNull>(fallback))
  }
}
