// Joins. Each join adds the joined table's columns to the closure scope (`$1`, `$2`, …) and to
// the default selection; an outer join makes the joined side's columns optional in Swift.
// A join is available while the selection is still the default one (every table's columns), so
// `select` comes after the joins.

extension Select {
  /// Joins `other` to this query: its `WHERE` becomes part of the `ON` condition and its
  /// `ORDER BY` is appended. A source with anything more (a limit, a grouping, `DISTINCT`, a
  /// compound, `WITH`) is joined as a subquery, so none of it is lost.
  fileprivate func joining<Joined: Table, NewScope: Sendable, NewRow>(
    _ kind: JoinClause.Kind, _ other: Select<Joined.TableColumns, Joined>,
    scope newScope: NewScope, condition: SQLExpression
  ) -> Select<NewScope, NewRow> {
    var statement = select
    let source = other.select
    let isPlainTable =
      source.joins.isEmpty && source.groupBy.isEmpty && source.having == nil
      && source.limit == nil && !source.isDistinct && source.modifier == nil
      && source.compound.isEmpty && source.with == nil
    var condition = condition
    if isPlainTable, let from = source.from {
      if let filter = source.filter { condition = .binary(condition, .and, filter) }
      statement.orderBy.append(contentsOf: source.orderBy)
      statement.joins.append(JoinClause(kind: kind, table: from, condition: condition))
    } else {
      let table = TableReference(subquery: source, alias: other.scope.qualifier)
      statement.joins.append(JoinClause(kind: kind, table: table, condition: condition))
    }
    other.scope.appendSelection(to: &statement.columns)
    return Select<NewScope, NewRow>(scope: newScope, select: statement)
  }
}

extension Select where Scope: TableDefinition, Row == Scope.QueryValue {
  /// `JOIN other ON condition`; rows decode as `(Self, Other)`.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
  /// ```
  public func join<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (Scope, Other.TableColumns) -> QueryExpression<Bool>
  ) -> Select<(Scope, Other.TableColumns), PackRow<Row, Other>> {
    joining(.inner, other, scope: (scope, other.scope), condition: condition(scope, other.scope).node)
  }

  /// `LEFT JOIN other ON condition`; the joined table's columns are optional, and rows decode as
  /// `(Self, Other?)`.
  public func leftJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (Scope, NullableColumns<Other.TableColumns>) -> QueryExpression<Bool>
  ) -> Select<(Scope, NullableColumns<Other.TableColumns>), PackRow<Row, Other?>> {
    let joined = NullableColumns(other.scope)
    return joining(.left, other, scope: (scope, joined), condition: condition(scope, joined).node)
  }
}

extension Select {
  /// `JOIN other ON condition` after one join.
  public func join<A: QueryProjection, B: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, Other.TableColumns) -> QueryExpression<Bool>
  ) -> Select<(A, B, Other.TableColumns), PackRow<A.Row, B.Row, Other>>
  where Scope == (A, B), Row == PackRow<A.Row, B.Row> {
    let (a, b) = scope
    return joining(.inner, other, scope: (a, b, other.scope), condition: condition(a, b, other.scope).node)
  }

  /// `LEFT JOIN other ON condition` after one join.
  public func leftJoin<A: QueryProjection, B: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, NullableColumns<Other.TableColumns>) -> QueryExpression<Bool>
  ) -> Select<(A, B, NullableColumns<Other.TableColumns>), PackRow<A.Row, B.Row, Other?>>
  where Scope == (A, B), Row == PackRow<A.Row, B.Row> {
    let (a, b) = scope
    let joined = NullableColumns(other.scope)
    return joining(.left, other, scope: (a, b, joined), condition: condition(a, b, joined).node)
  }

  /// `JOIN other ON condition` after two joins.
  public func join<A: QueryProjection, B: QueryProjection, C: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, C, Other.TableColumns) -> QueryExpression<Bool>
  ) -> Select<(A, B, C, Other.TableColumns), PackRow<A.Row, B.Row, C.Row, Other>>
  where Scope == (A, B, C), Row == PackRow<A.Row, B.Row, C.Row> {
    let (a, b, c) = scope
    return joining(
      .inner, other, scope: (a, b, c, other.scope), condition: condition(a, b, c, other.scope).node)
  }

  /// `LEFT JOIN other ON condition` after two joins.
  public func leftJoin<A: QueryProjection, B: QueryProjection, C: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, C, NullableColumns<Other.TableColumns>) -> QueryExpression<Bool>
  ) -> Select<(A, B, C, NullableColumns<Other.TableColumns>), PackRow<A.Row, B.Row, C.Row, Other?>>
  where Scope == (A, B, C), Row == PackRow<A.Row, B.Row, C.Row> {
    let (a, b, c) = scope
    let joined = NullableColumns(other.scope)
    return joining(.left, other, scope: (a, b, c, joined), condition: condition(a, b, c, joined).node)
  }
}
