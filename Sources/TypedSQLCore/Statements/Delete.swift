/// A `DELETE` built in Swift.
///
/// ```swift
/// Reminder.delete().where { $0.isCompleted }
/// // DELETE FROM "reminders" WHERE "reminders"."isCompleted"
/// ```
public struct Delete<From: Table, Row: QueryRow>: Statement {
  /// The statement's tree.
  public var delete: DeleteStatement

  /// Wraps a tree.
  public init(delete: DeleteStatement) {
    self.delete = delete
  }

  public var statementNode: SQLStatement { .delete(delete) }

  /// Adds a `WHERE` condition; several are joined with `AND`. Without one, every row is deleted.
  public func `where`(_ predicate: (From.TableColumns) -> some QueryExpression<Bool>) -> Self {
    filtered(by: predicate(columns).queryNode)
  }

  /// Adds a `WHERE` condition chosen in the closure with `if`, `switch` or `for` (see
  /// ``ConditionBuilder``); none when it gives none, and then every row is deleted.
  public func `where`(@ConditionBuilder _ predicate: (From.TableColumns) -> SQLExpression?) -> Self {
    filtered(by: predicate(columns))
  }

  /// This statement with `condition`, if any, joined to its `WHERE` condition with `AND`.
  private func filtered(by condition: SQLExpression?) -> Self {
    guard let condition else { return self }
    var copy = self
    copy.delete.filter = SQLExpression.and(delete.filter, condition)
    return copy
  }

  /// Adds an optional `WHERE` condition: a row whose condition is `NULL` is kept.
  @_disfavoredOverload
  public func `where`(_ predicate: (From.TableColumns) -> some QueryExpression<Bool?>) -> Self {
    self.where { SQLQueryExpression<Bool>(node: predicate($0).queryNode) }
  }

  /// Adds `RETURNING` of one expression of the deleted rows (a column, or `$0` for whole rows), decoded like a `select`.
  @_disfavoredOverload
  public func returning<Projection: QueryProjection>(
    _ columns: (From.TableColumns) -> Projection
  ) -> Delete<From, PackRow<Projection.Row>> {
    var statement = delete
    statement.returning = selection(columns(self.columns))
    return Delete<From, PackRow<Projection.Row>>(delete: statement)
  }

  /// Adds `RETURNING` of a tuple of expressions of the deleted rows, decoded like a `select`.
  public func returning<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ columns: (From.TableColumns) -> (First, Second, repeat each Rest)
  ) -> Delete<From, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> {
    var statement = delete
    statement.returning = selection(of: columns, from: self.columns)
    return Delete<From, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>>(delete: statement)
  }

  /// Refuses a `RETURNING` that is not made of expressions.
  @_disfavoredOverload
  @available(*, unavailable, message: "returning gives expressions only: columns, a table's columns, Swift values or #sql")
  public func returning<NotAnExpression>(
    _ columns: (From.TableColumns) -> NotAnExpression
  ) -> Delete<From, PackRow<>> {
    fatalError("unavailable")
  }

  /// The table's columns, qualified by its name or alias.
  private var columns: From.TableColumns { From.TableColumns(qualifier: delete.table.qualifier) }
}

extension Table {
  /// `DELETE` every row (of the table's default scope); add `where` to narrow it.
  public static func delete() -> Delete<Self, NoRow> {
    _typedSQLScopeStart.delete()
  }
}
