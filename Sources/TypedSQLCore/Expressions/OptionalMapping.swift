// `map` and `flatMap` of an optional expression, as of a Swift optional: `NULL` stays `NULL`,
// any other value goes through the transform. Rendered `CASE WHEN x IS NULL THEN NULL ELSE … END`.

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

  /// `CASE WHEN self IS NULL THEN NULL ELSE value END`.
  private func whenNotNull(_ value: SQLExpression) -> SQLExpression {
    .caseWhen([CaseBranch(condition: .isNull(node, negated: false), value: .binding(.null))], else: value)
  }
}
