/// An `UPDATE` statement.
public struct UpdateStatement: Sendable, Hashable {
  /// The table updated.
  public var table: TableReference
  /// The `SET` assignments, in order.
  public var assignments: [Assignment]
  /// The `WHERE` condition; nil updates every row.
  public var filter: SQLExpression?
  /// The `RETURNING` columns; empty for none.
  public var returning: [SQLExpression] = []
  /// Common table expressions the statement reads: `WITH … <statement>`.
  public var with: WithClause?

  /// Creates an update.
  public init(table: TableReference, assignments: [Assignment], filter: SQLExpression?) {
    self.table = table
    self.assignments = assignments
    self.filter = filter
  }
}

/// One `SET "column" = value` of an `UPDATE`.
public struct Assignment: Sendable, Hashable {
  /// The column's name.
  public var column: String
  /// The new value.
  public var value: SQLExpression

  /// Creates an assignment.
  public init(column: String, value: SQLExpression) {
    self.column = column
    self.value = value
  }
}
