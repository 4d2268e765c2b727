extension SQLQueryExpression where Value: QueryDecodable {
  /// `coalesce(self, fallback)`: `self` unless it is `NULL`. SQLite's `ifnull` is spelled
  /// `coalesce` on every database.
  public func ifNull(_ fallback: SQLQueryExpression<Value.NonNull>) -> SQLQueryExpression<Value.NonNull> {
    SQLQueryExpression<Value.NonNull>(node: .coalesced(node, fallback.node))
  }

  /// `coalesce(self, fallback)`: `$0.priority ?? 0`.
  public static func ?? (lhs: Self, rhs: Value.NonNull) -> SQLQueryExpression<Value.NonNull>
  where Value.NonNull: QueryBindable {
    lhs.ifNull(SQLQueryExpression<Value.NonNull>(value: rhs))
  }

  /// `coalesce(self, fallback)` with a fallback that is never `NULL`: `$0.dueDate ?? $0.createdAt`.
  public static func ?? (lhs: Self, rhs: SQLQueryExpression<Value.NonNull>) -> SQLQueryExpression<Value.NonNull> {
    lhs.ifNull(rhs)
  }

  /// `coalesce(self, fallback)` with a fallback that may be `NULL` too, so that chains such as
  /// `$0.nickname ?? $0.name ?? "?"` read as one `coalesce(…)` of every term.
  @_disfavoredOverload
  public static func ?? (lhs: Self, rhs: Self) -> Self {
    Self(node: .coalesced(lhs.node, rhs.node))
  }
}

/// `coalesce(first, …)`: the first of `terms` that is not `NULL`, or `NULL`.
public func coalesce<Value: QueryDecodable>(_ first: SQLQueryExpression<Value?>, _ rest: SQLQueryExpression<Value?>...) -> SQLQueryExpression<Value?> {
  SQLQueryExpression(node: .coalesce(([first] + rest).map(\.node)))
}

extension SQLExpression {
  /// `coalesce(first, second)`, one call for a chain: a `coalesce` on either side lends its
  /// terms.
  static func coalesced(_ first: SQLExpression, _ second: SQLExpression) -> SQLExpression {
    var terms: [SQLExpression] = []
    for side in [first, second] {
      if case .coalesce(let inner) = side { terms += inner } else { terms.append(side) }
    }
    return .coalesce(terms)
  }
}
