// Joins. Each join adds the joined table's columns to the closure scope (`$1`, `$2`, …) and to
// the default selection; an outer join makes the joined side's columns optional in Swift.
// After a `select`, a first `JOIN` or `LEFT JOIN` keeps the selection as it is (StructuredQueries'
// `Employee.select { … }.join(Report.all) { … }`); otherwise `select` comes after the joins.

extension Select {
  /// Joins `other` to this query: its `WHERE` becomes part of the `ON` condition and its
  /// `ORDER BY` is appended. A source with anything more (a limit, a grouping, `DISTINCT`, a
  /// compound, `WITH`) is joined as a subquery, so none of it is lost.
  func joining<Joined: Table, NewScope: Sendable, NewRow>(
    _ kind: JoinClause.Kind, _ other: Select<Joined.TableColumns, Joined>,
    scope newScope: NewScope, condition: SQLExpression, selectingJoinedColumns: Bool = true
  ) -> Select<NewScope, NewRow> {
    var statement = select
    let source = other.select
    // StructuredQueries' `none`, on either side of any join, is a join that runs nothing.
    statement.isNone = statement.isNone || source.isNone
    // A filter moved into `ON` narrows only the rows the join matches: right for an inner or
    // left join's joined side, wrong for the side a right or full join keeps every row of.
    let keepsEveryJoinedRow = kind == .right || kind == .full
    let isPlainTable =
      source.joins.isEmpty && source.groupBy.isEmpty && source.having == nil
      && source.limit == nil && !source.isDistinct && source.modifier == nil
      && source.compound.isEmpty && source.with == nil && !(keepsEveryJoinedRow && source.filter != nil)
    var condition = condition
    if isPlainTable, let from = source.from {
      if let filter = source.filter { condition = .binary(condition, .and, filter) }
      statement.orderBy.append(contentsOf: source.orderBy)
      statement.joins.append(JoinClause(kind: kind, table: from, condition: condition))
    } else {
      let table = TableReference(subquery: source, alias: other.scope.qualifier)
      statement.joins.append(JoinClause(kind: kind, table: table, condition: condition))
    }
    if selectingJoinedColumns {
      other.scope.appendSelection(to: &statement.columns)
    }
    return Select<NewScope, NewRow>(scope: newScope, select: statement)
  }

  /// This query as the left side of a right or full join, whose rows that match nothing must
  /// be kept: a query narrowed by a filter (or anything else) is read as a subquery under its
  /// table's name, since its `WHERE` after the join would drop them.
  fileprivate func preservingItsRows() -> Self where Scope: TableDefinition {
    let narrowed = select.filter != nil || select.narrowsByMoreThanFilter
    guard narrowed else { return self }
    var inner = select
    var order: [OrderingTerm] = []
    // The order moves out to the whole join, unless it picks the rows a limit keeps.
    if inner.limit == nil {
      order = inner.orderBy
      inner.orderBy = []
    }
    var outer = SelectStatement(
      columns: Scope.selection(qualifiedBy: scope.qualifier), from: TableReference(subquery: inner, alias: scope.qualifier))
    outer.orderBy = order
    return Select(scope: scope, select: outer)
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
    on condition: (Scope, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(Scope, Other.TableColumns), JoinedRow<Row, Other>> {
    joining(.inner, other, scope: (scope, other.scope), condition: condition(scope, other.scope).queryNode)
  }

  /// `LEFT JOIN other ON condition`; the joined table's columns are optional, and rows decode as
  /// `(Self, Other?)`.
  public func leftJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (Scope, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(Scope, NullableColumns<Other.TableColumns>), JoinedRow<Row, Other?>> {
    let joined = NullableColumns(other.scope)
    return joining(.left, other, scope: (scope, joined), condition: condition(scope, joined).queryNode)
  }

  /// `RIGHT JOIN other ON condition`: every row of `other`, with this table's columns optional;
  /// rows decode as `(Self?, Other)`. SQLite has it from 3.39.
  public func rightJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (NullableColumns<Scope>, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(NullableColumns<Scope>, Other.TableColumns), JoinedRow<Row?, Other>> {
    let kept = NullableColumns(scope)
    return preservingItsRows().joining(.right, other, scope: (kept, other.scope), condition: condition(kept, other.scope).queryNode)
  }

  /// `FULL JOIN other ON condition`: every row of both tables, each side's columns optional;
  /// rows decode as `(Self?, Other?)`. SQLite has it from 3.39.
  public func fullJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (NullableColumns<Scope>, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(NullableColumns<Scope>, NullableColumns<Other.TableColumns>), JoinedRow<Row?, Other?>> {
    let kept = NullableColumns(scope)
    let joined = NullableColumns(other.scope)
    return preservingItsRows().joining(.full, other, scope: (kept, joined), condition: condition(kept, joined).queryNode)
  }
}

extension Select where Scope: TableDefinition {
  /// `JOIN other ON condition` after a `select`: the rows are still the selection's, and the
  /// closures that follow see both tables' columns.
  ///
  /// ```swift
  /// Employee.select { Report.Columns(id: $0.id, name: $0.name) }
  ///   .join(Report.all) { $0.bossID.is($1.id) }
  /// ```
  @_disfavoredOverload
  public func join<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (Scope, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(Scope, Other.TableColumns), Row> {
    joining(
      .inner, other, scope: (scope, other.scope), condition: condition(scope, other.scope).queryNode,
      selectingJoinedColumns: false)
  }

  /// `LEFT JOIN other ON condition` after a `select`: the rows are still the selection's; the
  /// joined table's columns are optional in the closures that follow.
  @_disfavoredOverload
  public func leftJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (Scope, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(Scope, NullableColumns<Other.TableColumns>), Row> {
    let joined = NullableColumns(other.scope)
    return joining(
      .left, other, scope: (scope, joined), condition: condition(scope, joined).queryNode,
      selectingJoinedColumns: false)
  }
}

extension Select {
  /// `JOIN other ON condition` after one join.
  public func join<A: QueryProjection, B: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(A, B, Other.TableColumns), JoinedRow<A.Row, B.Row, Other>>
  where Scope == (A, B), Row == JoinedRow<A.Row, B.Row> {
    let (a, b) = scope
    return joining(.inner, other, scope: (a, b, other.scope), condition: condition(a, b, other.scope).queryNode)
  }

  /// `LEFT JOIN other ON condition` after one join.
  public func leftJoin<A: QueryProjection, B: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(A, B, NullableColumns<Other.TableColumns>), JoinedRow<A.Row, B.Row, Other?>>
  where Scope == (A, B), Row == JoinedRow<A.Row, B.Row> {
    let (a, b) = scope
    let joined = NullableColumns(other.scope)
    return joining(.left, other, scope: (a, b, joined), condition: condition(a, b, joined).queryNode)
  }

  /// `JOIN other ON condition` after two joins.
  public func join<A: QueryProjection, B: QueryProjection, C: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, C, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(A, B, C, Other.TableColumns), JoinedRow<A.Row, B.Row, C.Row, Other>>
  where Scope == (A, B, C), Row == JoinedRow<A.Row, B.Row, C.Row> {
    let (a, b, c) = scope
    return joining(
      .inner, other, scope: (a, b, c, other.scope), condition: condition(a, b, c, other.scope).queryNode)
  }

  /// `LEFT JOIN other ON condition` after two joins.
  public func leftJoin<A: QueryProjection, B: QueryProjection, C: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, C, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(A, B, C, NullableColumns<Other.TableColumns>), JoinedRow<A.Row, B.Row, C.Row, Other?>>
  where Scope == (A, B, C), Row == JoinedRow<A.Row, B.Row, C.Row> {
    let (a, b, c) = scope
    let joined = NullableColumns(other.scope)
    return joining(.left, other, scope: (a, b, c, joined), condition: condition(a, b, c, joined).queryNode)
  }

  /// `JOIN other ON condition` after three joins.
  public func join<A: QueryProjection, B: QueryProjection, C: QueryProjection, D: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, C, D, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(A, B, C, D, Other.TableColumns), JoinedRow<A.Row, B.Row, C.Row, D.Row, Other>>
  where Scope == (A, B, C, D), Row == JoinedRow<A.Row, B.Row, C.Row, D.Row> {
    let (a, b, c, d) = scope
    return joining(
      .inner, other, scope: (a, b, c, d, other.scope), condition: condition(a, b, c, d, other.scope).queryNode)
  }

  /// `LEFT JOIN other ON condition` after three joins.
  public func leftJoin<A: QueryProjection, B: QueryProjection, C: QueryProjection, D: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, C, D, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(A, B, C, D, NullableColumns<Other.TableColumns>), JoinedRow<A.Row, B.Row, C.Row, D.Row, Other?>>
  where Scope == (A, B, C, D), Row == JoinedRow<A.Row, B.Row, C.Row, D.Row> {
    let (a, b, c, d) = scope
    let joined = NullableColumns(other.scope)
    return joining(.left, other, scope: (a, b, c, d, joined), condition: condition(a, b, c, d, joined).queryNode)
  }

  /// `JOIN other ON condition` after four joins.
  public func join<A: QueryProjection, B: QueryProjection, C: QueryProjection, D: QueryProjection, E: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, C, D, E, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(A, B, C, D, E, Other.TableColumns), JoinedRow<A.Row, B.Row, C.Row, D.Row, E.Row, Other>>
  where Scope == (A, B, C, D, E), Row == JoinedRow<A.Row, B.Row, C.Row, D.Row, E.Row> {
    let (a, b, c, d, e) = scope
    return joining(
      .inner, other, scope: (a, b, c, d, e, other.scope), condition: condition(a, b, c, d, e, other.scope).queryNode)
  }

  /// `LEFT JOIN other ON condition` after four joins.
  public func leftJoin<A: QueryProjection, B: QueryProjection, C: QueryProjection, D: QueryProjection, E: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (A, B, C, D, E, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(A, B, C, D, E, NullableColumns<Other.TableColumns>), JoinedRow<A.Row, B.Row, C.Row, D.Row, E.Row, Other?>>
  where Scope == (A, B, C, D, E), Row == JoinedRow<A.Row, B.Row, C.Row, D.Row, E.Row> {
    let (a, b, c, d, e) = scope
    let joined = NullableColumns(other.scope)
    return joining(.left, other, scope: (a, b, c, d, e, joined), condition: condition(a, b, c, d, e, joined).queryNode)
  }
}
