// Reusable conditions: a condition named by a key path (a Boolean column, or a scope declared on
// the table's columns), and queries of one table whose `WHERE` conditions are joined with `AND`
// or `OR`, or negated, so scopes defined once compose.
//
//   let open = Reminder.where { !$0.isCompleted }
//   let urgent = Reminder.where { $0.priority == 3 }
//   open.or(urgent)   // … WHERE ((NOT "reminders"."isCompleted") OR ("reminders"."priority" = ?1))

extension Select {
  /// Adds a condition named by a key path: a Boolean column, or a scope declared once on the
  /// table's columns and chained anywhere in a query.
  ///
  /// ```swift
  /// extension Reminder.TableColumns {
  ///   var isUrgent: SQLQueryExpression<Bool> { priority == 3 && !isCompleted }
  /// }
  /// Reminder.order { $0.title }.where(\.isUrgent)
  /// ```
  public consuming func `where`(_ condition: KeyPath<Scope, SQLQueryExpression<Bool>>) -> Self {
    let scope = scope
    return self.where { _ in scope[keyPath: condition] }
  }
}

extension Table {
  /// Rows that meet a condition named by a key path: `Reminder.where(\.isCompleted)`.
  public static func `where`(_ condition: KeyPath<TableColumns, SQLQueryExpression<Bool>>) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.where(condition)
  }
}

extension Select where Scope: TableDefinition, Row == Scope.QueryValue {
  /// This query's rows that also meet `other`'s condition: `WHERE (this) AND (other)`.
  public func and(_ other: Self) -> Self {
    combiningConditions(with: other.select, .and, refusal: Self.combinedQueryRefusal)
  }

  /// The rows that meet this query's condition or `other`'s: `WHERE (this) OR (other)`. A query
  /// without a condition adds none, as in StructuredQueries: `Reminder.all.or(flagged)` is
  /// `flagged`, so conditions can be collected into a query that starts with none.
  public func or(_ other: Self) -> Self {
    combiningConditions(with: other.select, .or, refusal: Self.combinedQueryRefusal)
  }

  /// The rows that do not meet this query's condition: `WHERE NOT (this)`; a row whose condition
  /// is `NULL` meets neither it nor its negation.
  public func not() -> Self {
    var copy = self
    copy.select.filter = .not(select.filter ?? .binding(.bool(true)))
    return copy
  }

  /// `lhs.and(rhs)`: StructuredQueries' `Reminder.where(\.isCompleted) && Reminder.where(\.isFlagged)`.
  public static func && (lhs: Self, rhs: Self) -> Self { lhs.and(rhs) }

  /// `lhs.or(rhs)`: StructuredQueries' `Reminder.where(\.isCompleted) || Reminder.where(\.isFlagged)`.
  public static func || (lhs: Self, rhs: Self) -> Self { lhs.or(rhs) }

  /// `query.not()`: StructuredQueries' `!Reminder.where(\.isCompleted)`.
  public static prefix func ! (query: Self) -> Self { query.not() }

  /// `lhs.and(rhs)`: StructuredQueries' `Where` clauses added together.
  public static func + (lhs: Self, rhs: Self) -> Self { lhs.and(rhs) }

  /// The table's rows that meet a condition named by a key path, for an argument whose type is
  /// known: StructuredQueries' `Reminder.where(\.isCompleted).and(.where(\.isFlagged))`.
  public static func `where`(_ condition: KeyPath<Scope, SQLQueryExpression<Bool>>) -> Self {
    unscopedRows.where(condition)
  }

  /// The table's rows that meet `condition`, for an argument whose type is known:
  /// `.and(.where { $0.priority == 3 })`.
  public static func `where`(_ condition: (Scope) -> some QueryExpression<Bool>) -> Self {
    unscopedRows.where(condition)
  }

  /// The table's rows that meet a condition chosen with `if`, `switch` or `for`, for an argument
  /// whose type is known.
  public static func `where`(@ConditionBuilder _ condition: (Scope) -> SQLExpression?) -> Self {
    unscopedRows.where(condition)
  }

  /// Every row of the table, its default scope left out: a condition built from it lends
  /// `and`/`or` only what it adds.
  private static var unscopedRows: Self {
    let table = Scope.QueryValue.self
    return Self(
      scope: Scope(qualifier: table.tableQualifier),
      select: Scope.wholeTableSelect)
  }

  /// Why `and`/`or` refuse a query narrowed by more than a condition.
  private static var combinedQueryRefusal: String {
    "and/or combine the conditions of queries narrowed only by where; this one is narrowed by more"
  }
}

extension Select where Scope: TableDefinition {
  /// Joins this query's condition and `other`'s with `op`; a query without one adds none.
  /// `other` lends only its condition, so one narrowed by anything more (a limit, a join, a
  /// grouping) makes the statement throw `refusal` when it renders.
  func combiningConditions(with other: SelectStatement, _ op: BinaryOperator, refusal: String) -> Self {
    var copy = self
    guard !other.narrowsByMoreThanFilter else {
      copy.select.filter = .binding(.invalid(QueryBindingError(refusal)))
      return copy
    }
    switch (select.filter, other.filter) {
    case (let condition?, let otherCondition?): copy.select.filter = .binary(condition, op, otherCondition)
    case (nil, let otherCondition): copy.select.filter = otherCondition
    case (_, nil): break
    }
    return copy
  }
}
