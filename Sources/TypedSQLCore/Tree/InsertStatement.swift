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

  /// Whether this is ``default``: a pattern match, cheaper than comparing with `==`, which the
  /// synthesized conformance does by copying the value.
  public var isDefault: Bool {
    if case .default = self { true } else { false }
  }
}

/// `ON CONFLICT (target) DO NOTHING | DO UPDATE SET …`: the portable upsert.
public struct ConflictClause: Sendable, Hashable {
  /// What happens to a conflicting row.
  public enum Action: Sendable, Hashable {
    /// Skip the row.
    case doNothing
    /// Update the existing row; `excluded` columns name the row that was to be inserted.
    case doUpdate([Assignment], where: SQLExpression?)
    /// Update every column the statement's rows write, but the target's, from `excluded`: an
    /// upsert of whole rows. A column every row leaves to its default is kept, so an insert run
    /// as several statements updates, in each, only what that statement's rows write; with no
    /// such column, skip the row.
    case updateWrittenColumns
  }

  /// The columns of the unique constraint; empty for a conflict with any unique constraint.
  public var target: [String]
  /// The condition of a partial unique index the target names: `ON CONFLICT (…) WHERE …`.
  public var targetFilter: SQLExpression?
  /// What happens to a conflicting row.
  public var action: Action
  /// The table's primary key, for a `DO UPDATE` with no target: a dialect that requires a
  /// target there (PostgreSQL) names the key instead; empty when the table has none.
  public var primaryKey: [String]

  /// Creates a conflict clause.
  public init(target: [String], targetFilter: SQLExpression? = nil, action: Action, primaryKey: [String] = []) {
    self.target = target
    self.targetFilter = targetFilter
    self.action = action
    self.primaryKey = primaryKey
  }
}

extension InsertStatement {
  /// Whether a conflicting row updates the columns the rows write (an upsert of whole rows).
  var updatesWrittenColumns: Bool {
    if case .updateWrittenColumns = onConflict?.action { true } else { false }
  }

  /// This insert's conflict action, with ``ConflictClause/Action/updateWrittenColumns`` spelled
  /// out as the assignments of the columns its rows write.
  package var resolvedConflictClause: ConflictClause? {
    guard var clause = onConflict, case .updateWrittenColumns = clause.action else { return onConflict }
    let written = columns.indices.filter { column in
      select != nil || rows.contains { !$0[column].isDefault }
    }
    let assignments = written.map { columns[$0] }.filter { !clause.target.containsExactly($0) }.map {
      Assignment(column: $0, value: .column(ColumnReference(qualifier: "excluded", name: $0)))
    }
    clause.action = assignments.isEmpty ? .doNothing : .doUpdate(assignments, where: nil)
    return clause
  }
}
