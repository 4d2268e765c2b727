// The smallest and largest of several values in one row (the scalar `min` and `max`; the
// aggregates of a column's values are `Aggregates.swift`'s).

/// The smallest of two or more values, `NULL` when any of them is `NULL` (SQLite's scalar `min`;
/// PostgreSQL's `least`, made to agree): `min($0.dueAt, $0.remindAt)`.
public func min<Value: QueryDecodable>(
  _ first: SQLQueryExpression<Value>, _ second: SQLQueryExpression<Value>, _ rest: SQLQueryExpression<Value>...
) -> SQLQueryExpression<Value> {
  SQLQueryExpression(node: .function(.smallest, [first.node, second.node] + rest.map(\.node)))
}

/// The largest of two or more values, `NULL` when any of them is `NULL` (SQLite's scalar `max`;
/// PostgreSQL's `greatest`, made to agree): `max($0.createdAt, $0.updatedAt)`.
public func max<Value: QueryDecodable>(
  _ first: SQLQueryExpression<Value>, _ second: SQLQueryExpression<Value>, _ rest: SQLQueryExpression<Value>...
) -> SQLQueryExpression<Value> {
  SQLQueryExpression(node: .function(.largest, [first.node, second.node] + rest.map(\.node)))
}

/// The smallest of values some of which may be `NULL`, `NULL` when any of them is.
public func min<First: QueryDecodable, Other: QueryDecodable>(
  _ first: SQLQueryExpression<First>, _ second: SQLQueryExpression<Other>, _ rest: SQLQueryExpression<Other>...
) -> SQLQueryExpression<First.Nullable> where First.NonNull == Other.NonNull {
  SQLQueryExpression(node: .function(.smallest, [first.node, second.node] + rest.map(\.node)))
}

/// The largest of values some of which may be `NULL`, `NULL` when any of them is.
public func max<First: QueryDecodable, Other: QueryDecodable>(
  _ first: SQLQueryExpression<First>, _ second: SQLQueryExpression<Other>, _ rest: SQLQueryExpression<Other>...
) -> SQLQueryExpression<First.Nullable> where First.NonNull == Other.NonNull {
  SQLQueryExpression(node: .function(.largest, [first.node, second.node] + rest.map(\.node)))
}
