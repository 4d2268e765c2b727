/// A `DELETE` statement.
public struct DeleteStatement: Sendable, Hashable {
  /// The table deleted from.
  public var table: TableReference
  /// The `WHERE` condition; nil deletes every row.
  public var filter: SQLExpression?
  /// The `RETURNING` columns; empty for none.
  public var returning: [SQLExpression] = []
  /// Common table expressions the statement reads: `WITH … <statement>`.
  public var with: WithClause?

  /// Creates a delete.
  public init(table: TableReference, filter: SQLExpression?) {
    self.table = table
    self.filter = filter
  }
}
