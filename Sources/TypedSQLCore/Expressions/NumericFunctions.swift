// Functions of numbers, with SQLite's meaning on every database (see `SQLFunction`'s catalog). A
// `NULL` number gives `NULL`.

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: Numeric {
  /// `abs(self)`: the absolute value, of the same type.
  public func abs() -> Self { Self(node: .function(.absoluteValue, [node])) }

  /// `sign(self)`: -1, 0 or 1, as an integer.
  public func sign() -> SQLQueryExpression<Int?> { SQLQueryExpression<Int?>(node: .function(.sign, [node])) }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull == Double {
  /// `round(self, decimals)`: rounded to `decimals` places (0 to 30, as SQLite clamps them),
  /// halves away from zero on every database (PostgreSQL's own `round` of a `double precision`
  /// rounds them to even).
  public func round(_ decimals: Int = 0) -> Self {
    let places = Swift.min(Swift.max(decimals, 0), 30)
    return Self(node: .function(.round, places == 0 ? [node] : [node, .binding(.int(Int64(places)))]))
  }

  /// `ceil(self)`: the smallest integral value not less than this one.
  public func ceil() -> Self { Self(node: .function(.ceiling, [node])) }

  /// `floor(self)`: the largest integral value not greater than this one.
  public func floor() -> Self { Self(node: .function(.floor, [node])) }
}

extension SQLQueryExpression where Value: QueryBindable {
  /// `nullif(self, other)`: `NULL` where the value equals `other`, else the value.
  public func nullif(_ other: Value) -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression<Value.Nullable>(node: .function(.nullIf, [node, .binding(other.queryBinding)]))
  }
}
