// `RIGHT JOIN` and `FULL JOIN` after other joins, as StructuredQueries chains them:
//
//   Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }
//     .rightJoin(User.all) { $0.assignedUserID.eq($2.id) }
//
// Every row of the newly joined table is kept, so the tables joined before become optional (a
// column of an already optional side stays optional). The rows a right or full join keeps would
// be dropped again by a condition the earlier query holds (its `WHERE` applies after every
// join), so such a query refuses the join when it renders: add the condition after the join,
// or to an earlier join's `ON`.

extension Select {
  /// This query as the left side of a right or full join after its other joins: refused when it
  /// renders if it holds what would drop the rows the join keeps.
  private func keepingTheRowsOfAnOuterJoin() -> Self {
    let statement = select
    guard statement.filter != nil || statement.limit != nil || !statement.groupBy.isEmpty
      || statement.having != nil || statement.isDistinct || !statement.compound.isEmpty
    else { return self }
    var copy = self
    copy.select.filter = .binding(
      .invalid(
        QueryBindingError(
          "a right or full join after a join keeps rows this query's WHERE, grouping or limit would drop: add them after the join")))
    return copy
  }

  /// `RIGHT JOIN other ON condition` after one join: every row of `other`, the tables joined
  /// before optional.
  public func rightJoin<A: QueryProjection, B: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (NullableColumns<A>, NullableColumns<B>, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(NullableColumns<A>, NullableColumns<B>, Other.TableColumns), JoinedRow<A.Row?, B.Row?, Other>>
  where Scope == (A, B), Row == JoinedRow<A.Row, B.Row> {
    let (a, b) = (NullableColumns(scope.0), NullableColumns(scope.1))
    return keepingTheRowsOfAnOuterJoin().joining(
      .right, other, scope: (a, b, other.scope), condition: condition(a, b, other.scope).queryNode)
  }

  /// `FULL JOIN other ON condition` after one join: every row of every table, each optional.
  public func fullJoin<A: QueryProjection, B: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (NullableColumns<A>, NullableColumns<B>, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<
    (NullableColumns<A>, NullableColumns<B>, NullableColumns<Other.TableColumns>), JoinedRow<A.Row?, B.Row?, Other?>
  >
  where Scope == (A, B), Row == JoinedRow<A.Row, B.Row> {
    let (a, b, joined) = (NullableColumns(scope.0), NullableColumns(scope.1), NullableColumns(other.scope))
    return keepingTheRowsOfAnOuterJoin().joining(
      .full, other, scope: (a, b, joined), condition: condition(a, b, joined).queryNode)
  }

  /// `RIGHT JOIN other ON condition` after two joins.
  public func rightJoin<A: QueryProjection, B: QueryProjection, C: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (NullableColumns<A>, NullableColumns<B>, NullableColumns<C>, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<
    (NullableColumns<A>, NullableColumns<B>, NullableColumns<C>, Other.TableColumns),
    JoinedRow<A.Row?, B.Row?, C.Row?, Other>
  >
  where Scope == (A, B, C), Row == JoinedRow<A.Row, B.Row, C.Row> {
    let (a, b, c) = (NullableColumns(scope.0), NullableColumns(scope.1), NullableColumns(scope.2))
    return keepingTheRowsOfAnOuterJoin().joining(
      .right, other, scope: (a, b, c, other.scope), condition: condition(a, b, c, other.scope).queryNode)
  }

  /// `FULL JOIN other ON condition` after two joins.
  public func fullJoin<A: QueryProjection, B: QueryProjection, C: QueryProjection, Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (NullableColumns<A>, NullableColumns<B>, NullableColumns<C>, NullableColumns<Other.TableColumns>) ->
      some QueryExpression<Bool>
  ) -> Select<
    (NullableColumns<A>, NullableColumns<B>, NullableColumns<C>, NullableColumns<Other.TableColumns>),
    JoinedRow<A.Row?, B.Row?, C.Row?, Other?>
  >
  where Scope == (A, B, C), Row == JoinedRow<A.Row, B.Row, C.Row> {
    let (a, b, c) = (NullableColumns(scope.0), NullableColumns(scope.1), NullableColumns(scope.2))
    let joined = NullableColumns(other.scope)
    return keepingTheRowsOfAnOuterJoin().joining(
      .full, other, scope: (a, b, c, joined), condition: condition(a, b, c, joined).queryNode)
  }
}
