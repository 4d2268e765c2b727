// StructuredQueries' names for features TypedSQL spells another way, each with the same meaning:
// code written for StructuredQueries compiles unchanged.

/// `SELECT ?1, ?2, …` with no table: StructuredQueries' `Values(1, "Hello", true)`, which is
/// `selectValues(_:)` here.
public func Values<each Value: QueryBindable>(
  _ values: repeat each Value
) -> Select<EmptyScope, PackRow<repeat each Value>> {
  selectValues(repeat each values)
}

/// `SELECT a, b, …` of expressions with no table: StructuredQueries' `Values(expr, …)`.
@_disfavoredOverload
public func Values<each Projection: QueryProjection>(
  _ values: repeat each Projection
) -> Select<EmptyScope, PackRow<repeat (each Projection).Row>> {
  selectValues(repeat each values)
}

extension Select {
  /// `self UNION ALL other` when `all`, otherwise `self UNION other`.
  public func union<OtherScope, OtherRow>(all: Bool, _ other: Select<OtherScope, OtherRow>) -> Self {
    all ? unionAll(other) : union(other)
  }

  /// `LIMIT count`, or no limit when `count` is `nil`.
  @_disfavoredOverload
  public consuming func limit(_ count: Int?) -> Self {
    guard let count else { return self }
    return limit(count)
  }
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
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// `coalesce(self, fallback)`: StructuredQueries' `ifnull`, spelled `coalesce` on every
  /// database.
  public func ifnull(_ fallback: some QueryExpression<Value.NonNull>) -> SQLQueryExpression<Value.NonNull> {
    ifNull(SQLQueryExpression<Value.NonNull>(fallback))
  }
}
