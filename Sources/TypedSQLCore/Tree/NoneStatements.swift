// StructuredQueries' `none` means "nothing": a statement that reads it runs nothing and returns
// no row. Where `none` is only a subquery of an expression (`IN`, `EXISTS`, a scalar), its
// `WHERE false` gives the same rows, so it is rendered as such.

extension SQLStatement {
  /// Whether the statement runs nothing: a select of `none` (or that joins it), an insert whose
  /// source is `none`, or any statement with a `none` common table. Running it sends nothing to
  /// the database and returns no row; rendering it throws, as it has no SQL.
  public var runsNothing: Bool {
    switch self {
    case .select(let select): return select.runsNothing
    case .insert(let insert): return insert.runsNothing
    case .update(let update): return update.with?.readsNone == true
    case .delete(let delete): return delete.with?.readsNone == true
    case .schema, .raw: return false
    }
  }
}

extension SelectStatement {
  /// Whether the select runs nothing: it is `none`, or has a `none` common table.
  public var runsNothing: Bool { isNone || with?.readsNone == true }
}

extension InsertStatement {
  /// Whether the insert runs nothing: its source is `none`, or it has a `none` common table.
  public var runsNothing: Bool { select?.runsNothing == true || with?.readsNone == true }
}

extension WithClause {
  /// The tables the statement reads: all but a `none` table that another table of the same name
  /// stands in for (StructuredQueries leaves it out).
  public var tablesRead: [CommonTableExpression] {
    guard tables.contains(where: \.select.isNone) else { return tables }
    return tables.filter { table in
      !table.select.isNone || !tables.contains { $0.name == table.name && !$0.select.isNone }
    }
  }

  /// Whether a table the statement reads is `none`.
  public var readsNone: Bool {
    tables.contains(where: \.select.isNone) && tablesRead.contains { $0.select.isNone }
  }
}

extension CompoundTerm.Operator {
  /// Whether combining with this operator returns no row, given which sides return none.
  func returnsNoRow(left: Bool, right: Bool) -> Bool {
    switch self {
    case .union, .unionAll: return left && right
    case .intersect: return left || right
    case .except: return left
    }
  }
}
