// `map` and `flatMap` of an optional expression, as of a Swift optional: `NULL` stays `NULL`,
// any other value goes through the transform. Rendered `CASE WHEN x IS NULL THEN NULL ELSE … END`,
// or, when the transform aggregates (`$0.priority.flatMap { $0.max() }`), as the aggregate of the
// rows where the value is not `NULL`.

extension SQLQueryExpression {
  /// The transform of the value, or `NULL` when the value is `NULL`:
  /// `$0.dueDate.map { $0.component(.year) }`.
  public func map<Wrapped, Result>(
    _ transform: (SQLQueryExpression<Wrapped>) -> SQLQueryExpression<Result>
  ) -> SQLQueryExpression<Result?> where Value == Wrapped? {
    SQLQueryExpression<Result?>(node: whenNotNull(transform(SQLQueryExpression<Wrapped>(node: node)).node))
  }

  /// The transform of the value, itself optional, or `NULL` when the value is `NULL`.
  public func flatMap<Wrapped, Result>(
    _ transform: (SQLQueryExpression<Wrapped>) -> SQLQueryExpression<Result?>
  ) -> SQLQueryExpression<Result?> where Value == Wrapped? {
    SQLQueryExpression<Result?>(node: whenNotNull(transform(SQLQueryExpression<Wrapped>(node: node)).node))
  }

  /// `CASE WHEN self IS NULL THEN NULL ELSE value END`; for an aggregate, the aggregate
  /// `FILTER (WHERE self IS NOT NULL)`. (A `CASE` around an aggregate would read the column outside
  /// it, which PostgreSQL refuses and SQLite answers from one arbitrary row of the group.)
  private func whenNotNull(_ value: SQLExpression) -> SQLExpression {
    let isNotNull = SQLExpression.isNull(node, negated: true)
    switch value {
    case .aggregate(let function, let argument, let distinct, let filter, let orderBy):
      let rows = filter.map { SQLExpression.binary($0, .and, isNotNull) } ?? isNotNull
      return .aggregate(function, argument, distinct: distinct, filter: rows, orderBy: orderBy)
    case .countAll:
      return .aggregate(.count, node, distinct: false)
    default:
      return .caseWhen([CaseBranch(condition: .isNull(node, negated: false), value: .binding(.null))], else: value)
    }
  }
}
