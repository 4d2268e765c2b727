// A query of one value as an operand, in StructuredQueries' spelling:
//
//   Reminder.where { $0.id.between(Reminder.select { $0.id.min() } ?? 0, and: …) }
//   Row.where { $0.score >= Row.select { $0.score.avg() ?? 0 } }
//
// The query is its scalar subquery: the one column of its first row, `NULL` when it has none
// (see `Select: QueryExpression`). Written as operators of `Select` itself, so that an operand of
// another type never considers them.

extension Select {
  /// `coalesce((SELECT …), fallback)`: the query's value, or `fallback` when it is `NULL` or the
  /// query has no row.
  public static func ?? <Value: QueryDecodable>(lhs: Self, rhs: Value.NonNull) -> SQLQueryExpression<Value.NonNull>
  where Row == PackRow<Value>, Value.NonNull: QueryBindable {
    SQLQueryExpression<Value>(node: lhs.queryNode) ?? rhs
  }

  /// `coalesce((SELECT …), fallback)`, with a fallback computed in SQL.
  public static func ?? <Value: QueryDecodable>(
    lhs: Self, rhs: SQLQueryExpression<Value.NonNull>
  ) -> SQLQueryExpression<Value.NonNull> where Row == PackRow<Value> {
    SQLQueryExpression<Value>(node: lhs.queryNode) ?? rhs
  }

  /// `lhs = (SELECT …)`.
  public static func == <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value> {
    lhs.eq(SQLQueryExpression<Value>(node: rhs.queryNode))
  }

  /// `lhs = (SELECT …)`, with a query of an optional value (an aggregate's).
  public static func == <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value?>, Value.NonNull == Value {
    lhs.eq(SQLQueryExpression<Value?>(node: rhs.queryNode))
  }

  /// `lhs <> (SELECT …)`.
  public static func != <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value> {
    lhs.neq(SQLQueryExpression<Value>(node: rhs.queryNode))
  }

  /// `lhs <> (SELECT …)`, with a query of an optional value (an aggregate's).
  public static func != <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value?>, Value.NonNull == Value {
    lhs.neq(SQLQueryExpression<Value?>(node: rhs.queryNode))
  }

  /// `lhs < (SELECT …)`.
  public static func < <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value> {
    lhs.lt(SQLQueryExpression<Value>(node: rhs.queryNode))
  }

  /// `lhs < (SELECT …)`, with a query of an optional value (an aggregate's).
  public static func < <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value?>, Value.NonNull == Value {
    lhs.lt(SQLQueryExpression<Value?>(node: rhs.queryNode))
  }

  /// `lhs > (SELECT …)`.
  public static func > <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value> {
    lhs.gt(SQLQueryExpression<Value>(node: rhs.queryNode))
  }

  /// `lhs > (SELECT …)`, with a query of an optional value (an aggregate's).
  public static func > <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value?>, Value.NonNull == Value {
    lhs.gt(SQLQueryExpression<Value?>(node: rhs.queryNode))
  }

  /// `lhs <= (SELECT …)`.
  public static func <= <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value> {
    lhs.lte(SQLQueryExpression<Value>(node: rhs.queryNode))
  }

  /// `lhs <= (SELECT …)`, with a query of an optional value (an aggregate's).
  public static func <= <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value?>, Value.NonNull == Value {
    lhs.lte(SQLQueryExpression<Value?>(node: rhs.queryNode))
  }

  /// `lhs >= (SELECT …)`.
  public static func >= <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value> {
    lhs.gte(SQLQueryExpression<Value>(node: rhs.queryNode))
  }

  /// `lhs >= (SELECT …)`, with a query of an optional value (an aggregate's).
  public static func >= <Value: QueryDecodable>(lhs: SQLQueryExpression<Value>, rhs: Self) -> SQLQueryExpression<Bool>
  where Row == PackRow<Value?>, Value.NonNull == Value {
    lhs.gte(SQLQueryExpression<Value?>(node: rhs.queryNode))
  }
}
