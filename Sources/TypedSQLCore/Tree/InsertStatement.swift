/// An `INSERT` statement.
public struct InsertStatement: Sendable, Hashable {
  /// The table inserted into.
  public var table: TableReference
  /// The column names, one per value in each row.
  public var columns: [String]
  /// The rows inserted.
  public var rows: [[InsertValue]]
  /// The `RETURNING` columns; empty for none.
  public var returning: [SQLExpression] = []

  /// Creates an insert of `rows` into `columns` of `table`.
  public init(table: TableReference, columns: [String], rows: [[InsertValue]]) {
    self.table = table
    self.columns = columns
    self.rows = rows
  }
}

/// One value of an inserted row.
public enum InsertValue: Sendable, Hashable {
  /// A value or expression.
  case expression(SQLExpression)
  /// The column's database default (an auto-assigned primary key, a `DEFAULT` clause). A
  /// dialect never replaces it with `NULL`.
  case `default`
}
