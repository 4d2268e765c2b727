/// An `INSERT` statement.
///
/// Its clauses live in one buffer that copies share until one of them changes (copy on write),
/// so that copying an insert, from builder step to step, is one reference.
public struct InsertStatement: Sendable, Hashable {
  /// The clauses, shared by the copies of this statement until one changes.
  @usableFromInline
  var clauses: CopyOnWrite<Clauses>

  /// The table inserted into.
  @inlinable
  public var table: TableReference {
    _read { yield clauses.buffer.value.table }
    _modify { yield &clauses.value.table }
  }
  /// The column names, one per value in each row.
  @inlinable
  public var columns: [String] {
    _read { yield clauses.buffer.value.columns }
    _modify { yield &clauses.value.columns }
  }
  /// The rows inserted.
  @inlinable
  public var rows: [[InsertValue]] {
    _read { yield clauses.buffer.value.rows }
    _modify { yield &clauses.value.rows }
  }
  /// A select whose rows are inserted instead of ``rows`` (`INSERT … SELECT`).
  @inlinable
  public var select: SelectStatement? {
    _read { yield clauses.buffer.value.select }
    _modify { yield &clauses.value.select }
  }
  /// A dialect's own clause between `INSERT` and `INTO`, such as SQLite's `OR IGNORE`.
  @inlinable
  public var modifier: DialectExtensionNode? {
    _read { yield clauses.buffer.value.modifier }
    _modify { yield &clauses.value.modifier }
  }
  /// What to do when a row conflicts with a unique constraint: the portable upsert.
  @inlinable
  public var onConflict: ConflictClause? {
    _read { yield clauses.buffer.value.onConflict }
    _modify { yield &clauses.value.onConflict }
  }
  /// The `RETURNING` columns; empty for none.
  @inlinable
  public var returning: [SQLExpression] {
    _read { yield clauses.buffer.value.returning }
    _modify { yield &clauses.value.returning }
  }
  /// Common table expressions the statement reads: `WITH … <statement>`.
  @inlinable
  public var with: WithClause? {
    _read { yield clauses.buffer.value.with }
    _modify { yield &clauses.value.with }
  }

  /// Creates an insert of `rows` into `columns` of `table`.
  public init(table: TableReference, columns: [String], rows: [[InsertValue]]) {
    clauses = CopyOnWrite(Clauses(table: table, columns: columns, rows: rows))
  }

  /// An insert's clauses, as the statement's properties describe them.
  @usableFromInline
  struct Clauses: Hashable, Sendable {
    @usableFromInline var table: TableReference
    @usableFromInline var columns: [String]
    @usableFromInline var rows: [[InsertValue]]
    @usableFromInline var select: SelectStatement?
    @usableFromInline var modifier: DialectExtensionNode?
    @usableFromInline var onConflict: ConflictClause?
    @usableFromInline var returning: [SQLExpression] = []
    @usableFromInline var with: WithClause?

    init(table: TableReference, columns: [String], rows: [[InsertValue]]) {
      self.table = table
      self.columns = columns
      self.rows = rows
    }
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
