// `map` and `flatMap` of an optional group of columns (an optional `@Selection` field, or the
// joined side of an outer join), as of a Swift optional: a group whose every column is `NULL`
// stays `NULL`, any other goes through the transform.
//
//   Item.select { $0.group.map { _ in true } ?? false }
//   // SELECT coalesce(CASE WHEN ("items"."a" IS NULL AND "items"."b" IS NULL) THEN NULL ELSE true END, false)
//   // (the values bound)

extension NullableColumns {
  /// The transform of the group (any expression, a Swift value too), or `NULL` when every
  /// column of the group is `NULL`.
  public func map<Transformed: QueryExpression>(
    _ transform: (Columns) -> Transformed
  ) -> SQLQueryExpression<Transformed.QueryValue?> {
    SQLQueryExpression(node: whenPresent(transform(columns).queryNode))
  }

  /// The transform of the group, itself optional, or `NULL` when every column of the group is
  /// `NULL`.
  public func flatMap<Wrapped, Transformed: QueryExpression>(
    _ transform: (Columns) -> Transformed
  ) -> SQLQueryExpression<Wrapped?> where Transformed.QueryValue == Wrapped? {
    SQLQueryExpression(node: whenPresent(transform(columns).queryNode))
  }

  /// `CASE WHEN every column IS NULL THEN NULL ELSE value END`; for an aggregate, the aggregate
  /// of the rows where some column is not `NULL` (a `CASE` around an aggregate would read the
  /// columns outside it).
  private func whenPresent(_ value: SQLExpression) -> SQLExpression {
    var expressions: [SQLExpression] = []
    columns.appendSelection(to: &expressions)
    let absent = SQLExpression.conjunction(of: expressions.map { .isNull($0, negated: false) })
    let present = SQLExpression.not(absent)
    switch value {
    case .aggregate(let function, let argument, let distinct, let filter, let orderBy):
      let rows = filter.map { SQLExpression.binary($0, .and, present) } ?? present
      return .aggregate(function, argument, distinct: distinct, filter: rows, orderBy: orderBy)
    case .countAll:
      return .aggregate(.count, .binding(.int(1)), distinct: false, filter: present)
    default:
      return .caseWhen([CaseBranch(condition: absent, value: .binding(.null))], else: value)
    }
  }
}
