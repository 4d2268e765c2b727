import TypedSQLCore

/// The first rows of a table's own select, in its order, that a write built from the select
/// touches when the table has no primary key: `rowid IN (SELECT rowid … ORDER BY … LIMIT ?)`.
///
/// MySQL and MariaDB have no row identity to pick those rows by, but their single-table `UPDATE`
/// and `DELETE` take the select's own clauses: `DELETE FROM "t" WHERE … ORDER BY … LIMIT ?`
/// writes exactly the rows the select returns. Only a select that reads its table alone, with a
/// `WHERE`, an `ORDER BY` and a `LIMIT` (no offset, which the server's writes do not take), has
/// that form; any other is refused by name, as before.
struct FirstSelectedRows {
  /// The select's condition.
  let filter: SQLExpression?
  /// The select's order.
  let orderBy: [OrderingTerm]
  /// How many rows it returns.
  let count: SQLExpression

  /// The rows of `filter`, when it picks the first rows of `table`'s own select by row identity;
  /// nil for any other condition.
  init?(filter: SQLExpression?, table: TableReference) {
    guard case .inSubquery(.rowIdentity, let select, negated: false)? = filter,
      select.from?.qualifier == table.qualifier, select.joins.isEmpty, select.with == nil,
      !select.isDistinct, select.modifier == nil, select.groupBy.isEmpty, select.having == nil,
      select.compound.isEmpty, let limit = select.limit, let count = limit.count, limit.offset == nil
    else { return nil }
    self.filter = select.filter
    self.orderBy = select.orderBy
    self.count = count
  }
}

extension MySQLDialect {
  /// ` WHERE … ORDER BY … LIMIT ?`: the clauses of the rows a single-table write touches.
  func renderClauses(of rows: FirstSelectedRows, into context: inout RenderContext) throws {
    if let filter = rows.filter {
      context.append(" WHERE ")
      try renderExpression(filter, into: &context)
    }
    for (index, term) in rows.orderBy.enumerated() {
      context.append(index == 0 ? " ORDER BY " : ", ")
      try renderOrderingTerm(term, into: &context)
    }
    try renderLimit(LimitClause(count: rows.count, offset: nil), into: &context)
  }
}
