import TypedSQLCore

// A select that aggregates without `GROUP BY` returns one row, so its `ORDER BY` orders nothing.
// SQLite takes any term there (`SELECT group_concat(title) FROM tags ORDER BY title`); PostgreSQL
// refuses a column that is not inside an aggregate ("must appear in the GROUP BY clause"). The
// order is left out here, where it could only fail: the rows are the same.
extension PostgresDialect {
  /// Renders a select the standard way, without its `ORDER BY` when it aggregates its rows into one
  /// (an aggregate among its columns, no `GROUP BY`, no compound).
  public func renderSelect(_ select: SelectStatement, into context: inout RenderContext) throws {
    guard !select.orderBy.isEmpty, select.groupBy.isEmpty, select.compound.isEmpty,
      select.columns.contains(where: Self.aggregatesRows)
    else { return try renderStandardSelect(select, into: &context) }
    var oneRow = select
    oneRow.orderBy = []
    try renderStandardSelect(oneRow, into: &context)
  }

  /// Whether `expression` aggregates the rows of the select it stands in: an aggregate call that is
  /// not inside a window or a subquery. Expressions it does not look into count as not aggregating,
  /// which keeps their `ORDER BY`.
  private static func aggregatesRows(_ expression: SQLExpression) -> Bool {
    switch expression {
    case .aggregate, .countAll:
      return true
    case .not(let operand), .negate(let operand), .bitwiseNot(let operand), .isNull(let operand, _),
      .cast(let operand, _, _), .jsonValue(let operand, _):
      return aggregatesRows(operand)
    case .binary(let lhs, _, let rhs), .isDistinctFrom(let lhs, let rhs, _):
      return aggregatesRows(lhs) || aggregatesRows(rhs)
    case .between(let operand, let lower, let upper):
      return [operand, lower, upper].contains(where: aggregatesRows)
    case .tuple(let elements), .coalesce(let elements), .function(_, let elements):
      return elements.contains(where: aggregatesRows)
    case .caseWhen(let base, let branches, let otherwise):
      return (base.map(aggregatesRows) ?? false)
        || branches.contains { aggregatesRows($0.condition) || aggregatesRows($0.value) }
        || (otherwise.map(aggregatesRows) ?? false)
    default:
      return false
    }
  }
}
