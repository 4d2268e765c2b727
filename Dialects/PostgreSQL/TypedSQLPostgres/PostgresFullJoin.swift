import TypedSQLCore

// PostgreSQL runs a FULL JOIN only on conditions it can hash or merge: `a IS NOT DISTINCT FROM b`
// (the tree's null-safe `is`) is neither, and SQLite takes it. One-element arrays compare with the
// same meaning (two NULL elements are equal) and hash: `ARRAY[a] = ARRAY[b]`.
extension PostgresDialect {
  /// Renders a join the standard way; in a `FULL JOIN`'s condition, each null-safe equality that
  /// stands alone or among `AND`s is spelled `ARRAY[a] = ARRAY[b]`, so that PostgreSQL can run it.
  public func renderJoin(_ join: JoinClause, into context: inout RenderContext) throws {
    guard join.kind == .full else { return try renderStandardJoin(join, into: &context) }
    context.append(" FULL JOIN ")
    try renderTableReference(join.table, into: &context)
    context.append(" ON ")
    try renderFullJoinCondition(join.condition, into: &context)
  }

  private func renderFullJoinCondition(_ condition: SQLExpression, into context: inout RenderContext) throws {
    switch condition {
    case .binary(let lhs, .and, let rhs):
      context.append("(")
      try renderFullJoinCondition(lhs, into: &context)
      context.append(" AND ")
      try renderFullJoinCondition(rhs, into: &context)
      context.append(")")
    case .isDistinctFrom(let lhs, let rhs, negated: true):
      context.append("(ARRAY[")
      try renderExpression(lhs, into: &context)
      context.append("] = ARRAY[")
      try renderExpression(rhs, into: &context)
      context.append("])")
    default:
      try renderExpression(condition, into: &context)
    }
  }
}
