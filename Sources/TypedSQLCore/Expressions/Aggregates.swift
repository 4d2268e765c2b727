extension QueryExpression where Value: QueryDecodable {
  /// `count(self)`, or `count(DISTINCT self)`: the number of non-`NULL` values.
  public func count(distinct: Bool = false) -> QueryExpression<Int> {
    QueryExpression<Int>(node: .aggregate(.count, node, distinct: distinct))
  }

  /// `min(self)`: `NULL` when there are no rows.
  public func min() -> QueryExpression<Value.Nullable> {
    QueryExpression<Value.Nullable>(node: .aggregate(.minimum, node, distinct: false))
  }

  /// `max(self)`: `NULL` when there are no rows.
  public func max() -> QueryExpression<Value.Nullable> {
    QueryExpression<Value.Nullable>(node: .aggregate(.maximum, node, distinct: false))
  }
}

extension QueryExpression where Value: QueryDecodable, Value.NonNull: Numeric {
  /// `sum(self)`: `NULL` when there are no rows.
  public func sum(distinct: Bool = false) -> QueryExpression<Value.Nullable> {
    QueryExpression<Value.Nullable>(node: .aggregate(.sum, node, distinct: distinct))
  }

  /// `avg(self)`, as a `Double`: `NULL` when there are no rows.
  public func avg(distinct: Bool = false) -> QueryExpression<Double?> {
    QueryExpression<Double?>(node: .aggregate(.average, node, distinct: distinct))
  }
}

extension QueryExpression where Value: QueryDecodable {
  /// The group's values joined by `separator`, in `order`: `group_concat` in SQLite,
  /// `string_agg` in PostgreSQL. `NULL` when there are no values.
  ///
  /// Without an order the databases may join values in different orders; an order needs
  /// SQLite 3.44.
  public func groupConcat(
    separator: String = ",", order: QueryOrderingTerm...
  ) -> QueryExpression<String?> {
    QueryExpression<String?>(
      node: .stringAggregate(node, separator: .binding(.text(separator)), orderBy: order.map(\.orderingTerm)))
  }
}
