// A static query of a table that joins another table, groups and selects, chained off a query
// of the table by its name, as StructuredQueries chains them:
//
//   extension RemindersList {
//     static let withReminderCount = group(by: \.id)
//       .join(Reminder.all) { $0.id.eq($1.remindersListID) }
//       .select { $1.id.count() }
//   }
//   RemindersList.limit(1).select(\.title).withReminderCount
//   // SELECT "remindersLists"."title", count("reminders"."id") FROM "remindersLists"
//   // JOIN "reminders" ON … GROUP BY "remindersLists"."id" LIMIT ?1

extension Select where Scope: TableDefinition {
  /// This query of one value with the table's static query `query` of one value merged in:
  /// its join, its columns after this query's, its conditions joined to this query's with
  /// `AND`, its groups and order after this query's, and its limit where this query has none. A
  /// static query that also reads common tables, combines selects or is `DISTINCT` lends nothing
  /// it could keep, so the statement throws when it renders.
  public subscript<Joined, Selected: QueryRow, Added: QueryRow>(
    dynamicMember query: KeyPath<Scope.QueryValue.Type, Select<(Scope, Joined), PackRow<Added>>>
  ) -> Select<(Scope, Joined), TupleRow<Selected, Added>>
  where Row == PackRow<Selected> {
    merging(Scope.QueryValue.self[keyPath: query])
  }

  /// This query of one value with the table's static query `query` of several merged in (see
  /// above).
  public subscript<Joined, Selected: QueryRow, FirstAdded: QueryRow, SecondAdded: QueryRow, each OtherAdded: QueryRow>(
    dynamicMember query: KeyPath<
      Scope.QueryValue.Type, Select<(Scope, Joined), TupleRow<FirstAdded, SecondAdded, repeat each OtherAdded>>
    >
  ) -> Select<(Scope, Joined), TupleRow<Selected, FirstAdded, SecondAdded, repeat each OtherAdded>>
  where Row == PackRow<Selected> {
    merging(Scope.QueryValue.self[keyPath: query])
  }

  /// This query of several values with the table's static query `query` of one merged in (see
  /// above).
  public subscript<Joined, FirstSelected: QueryRow, SecondSelected: QueryRow, each OtherSelected: QueryRow, Added: QueryRow>(
    dynamicMember query: KeyPath<Scope.QueryValue.Type, Select<(Scope, Joined), PackRow<Added>>>
  ) -> Select<(Scope, Joined), TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected, Added>>
  where Row == TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected> {
    merging(Scope.QueryValue.self[keyPath: query])
  }

  /// This query of several values with the table's static query `query` of several merged in
  /// (see above).
  public subscript<
    Joined, FirstSelected: QueryRow, SecondSelected: QueryRow, each OtherSelected: QueryRow,
    FirstAdded: QueryRow, SecondAdded: QueryRow, each OtherAdded: QueryRow
  >(
    dynamicMember query: KeyPath<
      Scope.QueryValue.Type, Select<(Scope, Joined), TupleRow<FirstAdded, SecondAdded, repeat each OtherAdded>>
    >
  ) -> Select<
    (Scope, Joined),
    TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected, FirstAdded, SecondAdded, repeat each OtherAdded>
  >
  where Row == TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected> {
    merging(Scope.QueryValue.self[keyPath: query])
  }

  /// This query with `other` merged in, its rows decoded as `Merged`.
  private func merging<Joined, OtherRow, Merged: QueryRow>(
    _ other: Select<(Scope, Joined), OtherRow>
  ) -> Select<(Scope, Joined), Merged> {
    var merged = select
    merged.columns.append(contentsOf: other.select.columns)
    merged.joins.append(contentsOf: other.select.joins)
    merged.filter = Self.conjunction(merged.filter, other.select.filter)
    merged.groupBy.append(contentsOf: other.select.groupBy)
    merged.having = Self.conjunction(merged.having, other.select.having)
    merged.orderBy.append(contentsOf: other.select.orderBy)
    merged.limit = merged.limit ?? other.select.limit
    merged.isNone = merged.isNone || other.select.isNone
    let isMergeable = other.select.with == nil && other.select.compound.isEmpty && !other.select.isDistinct
      && other.select.modifier == nil && select.compound.isEmpty
    if !isMergeable {
      merged.filter = .binding(
        .invalid(QueryBindingError("a static query chained off a query lends its joins, columns, conditions, groups and order; this one also reads common tables, combines selects or is DISTINCT")))
    }
    return Select<(Scope, Joined), Merged>(scope: (scope, other.scope.1), select: merged)
  }

  /// `lhs AND rhs`, or whichever of them there is.
  private static func conjunction(_ lhs: SQLExpression?, _ rhs: SQLExpression?) -> SQLExpression? {
    guard let lhs else { return rhs }
    guard let rhs else { return lhs }
    return .binary(lhs, .and, rhs)
  }
}
