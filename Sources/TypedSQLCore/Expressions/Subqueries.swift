// Selects used as expressions: `EXISTS`, membership in a subquery's rows, and a subquery's value.
// A subquery may use the outer query's columns (a correlated subquery).

extension Select {
  /// `EXISTS (SELECT …)`: whether this query has a row.
  public func exists() -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .exists(select, negated: false))
  }

  /// `NOT EXISTS (SELECT …)`: whether this query has no row.
  public func notExists() -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .exists(select, negated: true))
  }
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// `(SELECT …)` as a value: the one column of the subquery's first row, `NULL` when it has no
  /// row. Order the subquery, or make it an aggregate, to say which row. Only a query of one
  /// value per row can be one.
  ///
  /// ```swift
  /// RemindersList.select { list in
  ///   (list.title, SQLQueryExpression(Reminder.where { $0.remindersListID == list.id }.count()))
  /// }
  /// ```
  public init<Scope, Row: QueryRow>(_ subquery: Select<Scope, Row>) where Row.Output: QueryDecodable, Value == Row.Output.Nullable {
    self.init(node: .scalarSubquery(subquery.select))
  }

  /// `self IN (SELECT …)`: whether the value is among the values of a query of one value per
  /// row.
  public func `in`<Scope, Row: QueryRow>(_ subquery: Select<Scope, Row>) -> SQLQueryExpression<Bool>
  where Row.Output: QueryDecodable, Row.Output.NonNull == Value.NonNull {
    SQLQueryExpression<Bool>(node: .inSubquery(Value.wrapSQL(node), subquery.select, negated: false))
  }

  /// `self NOT IN (SELECT …)`. A `NULL` among the subquery's values makes it `NULL` for every
  /// value not found, as SQL's `NOT IN` does on every database.
  public func notIn<Scope, Row: QueryRow>(_ subquery: Select<Scope, Row>) -> SQLQueryExpression<Bool>
  where Row.Output: QueryDecodable, Row.Output.NonNull == Value.NonNull {
    SQLQueryExpression<Bool>(node: .inSubquery(Value.wrapSQL(node), subquery.select, negated: true))
  }
}

/// A count selected as a value, in StructuredQueries' spelling: a query whose rows are one bound
/// value (`count()`, which always returns one row) selects as its scalar subquery.
///
/// ```swift
/// RemindersList.select { list in (list.title, Reminder.where { $0.remindersListID == list.id }.count()) }
/// // SELECT "remindersLists"."title", (SELECT count(*) FROM "reminders" WHERE …) …
/// ```
extension Select: QueryProjection where Row.Output: QueryBindable {
  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(.scalarSubquery(select))
  }
}

/// A query as a value, in StructuredQueries' spelling: the one column of its first row
/// (`NULL` when it has none), wherever an expression of its row's type is taken. An update
/// assigns one to a column: `$0.position = RemindersList.select { $0.position.max() ?? 0 }`
/// (a non-optional column the subquery leaves `NULL` is refused by the database).
extension Select: QueryExpression {
  public typealias QueryValue = Row.Output

  public var queryNode: SQLExpression { .scalarSubquery(select) }
}
