extension QueryExpression where Value: QueryDecodable {
  /// `coalesce(self, fallback)`: `self` unless it is `NULL`. SQLite's `ifnull` is spelled
  /// `coalesce` on every database.
  public func ifNull(_ fallback: QueryExpression<Value.NonNull>) -> QueryExpression<Value.NonNull> {
    QueryExpression<Value.NonNull>(node: .coalesce([node, fallback.node]))
  }

  /// `coalesce(self, fallback)`: `$0.priority ?? 0`.
  public static func ?? (lhs: Self, rhs: Value.NonNull) -> QueryExpression<Value.NonNull>
  where Value.NonNull: QueryBindable {
    lhs.ifNull(QueryExpression<Value.NonNull>(value: rhs))
  }
}
