import TypedSQLCore

/// The keys of the rows a write built from a select touches, when that select is one the server
/// computes apart (limited, distinct, grouped or compound): `"t"."id" IN (SELECT "t"."id" …)`.
///
/// MariaDB 10.11 plans a single-table `UPDATE` or `DELETE` whose condition is an `IN` subquery as
/// a scan of the whole table, probing the subquery per row (the semi-join comes in 11.1), and
/// refuses the subquery outright when it has a `LIMIT` (1235). Joined as a derived table instead,
/// `UPDATE "t" JOIN (SELECT "t"."id" … LIMIT ?) AS "typedsql_keys" ON "t"."id" =
/// "typedsql_keys"."id" SET …`, the keys are computed once and each row is found through the
/// primary key. A derived table the server could merge into the write (a select narrowed by its
/// joins alone) would make it read the table it writes, so those keep the `IN` form.
struct SelectedKeys {
  /// The derived table's name.
  static let alias = "typedsql_keys"

  /// The written table's key columns.
  let columns: [ColumnReference]
  /// The select of their values.
  let select: SelectStatement

  /// The keys of `filter`, when it is an `IN` of `table`'s own columns in a select that the
  /// server computes apart; nil for any other condition.
  init?(filter: SQLExpression?, table: TableReference) {
    guard case .inSubquery(let operand, let select, negated: false)? = filter, select.isComputedApart else { return nil }
    let parts: [SQLExpression]
    if case .tuple(let elements) = operand { parts = elements } else { parts = [operand] }
    var columns: [ColumnReference] = []
    for part in parts {
      guard case .column(let column) = part, column.qualifier == table.qualifier else { return nil }
      columns.append(column)
    }
    // The derived table's columns are named after the select's: they must be the key's names.
    guard select.columns.count == columns.count,
      zip(select.columns, columns).allSatisfy({ selected, key in
        if case .column(let column) = selected { return column.name == key.name }
        return false
      })
    else { return nil }
    self.columns = columns
    self.select = select
  }
}

extension SelectStatement {
  /// Whether the server must compute this select's rows before it can use them: it is limited,
  /// distinct, grouped or compound, so no merge into the outer statement is possible.
  fileprivate var isComputedApart: Bool {
    limit != nil || isDistinct || !groupBy.isEmpty || having != nil || !compound.isEmpty
  }
}
