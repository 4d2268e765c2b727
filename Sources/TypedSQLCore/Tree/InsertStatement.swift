/// An `INSERT` statement.
public struct InsertStatement: Sendable, Hashable {
  /// The table inserted into.
  public var table: TableReference
  /// The column names, one per value in each row.
  public var columns: [String]
  /// The rows inserted.
  public var rows: [[InsertValue]]
  /// A select whose rows are inserted instead of ``rows`` (`INSERT … SELECT`).
  public var select: SelectStatement?
  /// A dialect's own clause between `INSERT` and `INTO`, such as SQLite's `OR IGNORE`.
  public var modifier: DialectExtensionNode?
  /// What to do when a row conflicts with a unique constraint: the portable upsert.
  public var onConflict: ConflictClause?
  /// The `RETURNING` columns; empty for none.
  public var returning: [SQLExpression] = []
  /// Common table expressions the statement reads: `WITH … <statement>`.
  public var with: WithClause?

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

/// `ON CONFLICT (target) DO NOTHING | DO UPDATE SET …`: the portable upsert.
public struct ConflictClause: Sendable, Hashable {
  /// What happens to a conflicting row.
  public enum Action: Sendable, Hashable {
    /// Skip the row.
    case doNothing
    /// Update the existing row; `excluded` columns name the row that was to be inserted.
    case doUpdate([Assignment], where: SQLExpression?)
  }

  /// The columns of the unique constraint; PostgreSQL requires them for `DO UPDATE`.
  public var target: [String]
  /// The condition of a partial unique index the target names: `ON CONFLICT (…) WHERE …`.
  public var targetFilter: SQLExpression?
  /// What happens to a conflicting row.
  public var action: Action

  /// Creates a conflict clause.
  public init(target: [String], targetFilter: SQLExpression? = nil, action: Action) {
    self.target = target
    self.targetFilter = targetFilter
    self.action = action
  }
}
