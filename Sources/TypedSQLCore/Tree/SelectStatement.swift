/// A `SELECT` statement, possibly compound (`UNION` …) and with common table expressions.
///
/// A value whose clauses live in one buffer that copies share until one of them changes (copy on
/// write), but for its `WHERE` condition, kept beside them. Copying a statement, as each builder
/// step and each query started from a table does, is one reference and its condition; a table's
/// select of its whole rows (``TableDefinition/wholeTableSelect``) is built once and shared by
/// every query that starts from it, and a query that only adds a condition copies none of it.
public struct SelectStatement: Sendable, Hashable {
  /// The clauses, shared by the copies of this statement until one changes.
  @usableFromInline
  var clauses: CopyOnWrite<Clauses>

  /// `WITH [RECURSIVE] …` tables the statement reads.
  @inlinable
  public var with: WithClause? {
    _read { yield clauses.buffer.value.with }
    _modify { yield &clauses.value.with }
  }
  /// `SELECT DISTINCT` when true.
  @inlinable
  public var isDistinct: Bool {
    _read { yield clauses.buffer.value.isDistinct }
    _modify { yield &clauses.value.isDistinct }
  }
  /// A dialect's own clause right after `SELECT`, such as PostgreSQL's `DISTINCT ON (…)`.
  @inlinable
  public var modifier: DialectExtensionNode? {
    _read { yield clauses.buffer.value.modifier }
    _modify { yield &clauses.value.modifier }
  }
  /// The result columns, in the order rows decode. Changing them forgets ``sharedColumns``.
  @inlinable
  public var columns: [SQLExpression] {
    _read { yield clauses.buffer.value.columns }
    _modify {
      defer { clauses.value.sharedColumns = Uncompared(nil) }
      yield &clauses.value.columns
    }
  }
  /// The shared list ``columns`` came from, while they are unchanged: it keeps their rendered
  /// text, so a query that starts from a table does not spell its columns again.
  @inlinable
  public var sharedColumns: Uncompared<SharedSelectList?> {
    _read { yield clauses.buffer.value.sharedColumns }
  }
  /// The table the query reads from.
  @inlinable
  public var from: TableReference? {
    _read { yield clauses.buffer.value.from }
    _modify { yield &clauses.value.from }
  }
  /// Joined tables, in order.
  @inlinable
  public var joins: [JoinClause] {
    _read { yield clauses.buffer.value.joins }
    _modify { yield &clauses.value.joins }
  }
  /// The `WHERE` condition. It is kept beside the shared clauses rather than among them: it is
  /// what a query most often adds to a table's shared select (`Reminder.where { … }`), and
  /// adding it there copies none of them.
  public var filter: SQLExpression?
  /// The `GROUP BY` terms.
  @inlinable
  public var groupBy: [SQLExpression] {
    _read { yield clauses.buffer.value.groupBy }
    _modify { yield &clauses.value.groupBy }
  }
  /// The `HAVING` condition.
  @inlinable
  public var having: SQLExpression? {
    _read { yield clauses.buffer.value.having }
    _modify { yield &clauses.value.having }
  }
  /// The `ORDER BY` terms, each with its `NULLS` placement.
  @inlinable
  public var orderBy: [OrderingTerm] {
    _read { yield clauses.buffer.value.orderBy }
    _modify { yield &clauses.value.orderBy }
  }
  /// `LIMIT` / `OFFSET`.
  @inlinable
  public var limit: LimitClause? {
    _read { yield clauses.buffer.value.limit }
    _modify { yield &clauses.value.limit }
  }
  /// Further selects combined with this one (`UNION ALL SELECT …`). `orderBy` and `limit` apply
  /// to the whole compound, so the combined selects have neither.
  @inlinable
  public var compound: [CompoundTerm] {
    _read { yield clauses.buffer.value.compound }
    _modify { yield &clauses.value.compound }
  }
  /// Whether this is StructuredQueries' `none`, or reads it: a select that returns no row
  /// whatever the tables hold (its `WHERE` is false), so that a statement it is the rows, a
  /// joined table, the source or a common table of runs nothing. See ``SQLStatement/runsNothing``.
  @inlinable
  public var isNone: Bool {
    _read { yield clauses.buffer.value.isNone }
    _modify { yield &clauses.value.isNone }
  }

  /// Creates a statement selecting `columns` from `from`; one that reads a `none` subquery is
  /// `none` too.
  public init(columns: [SQLExpression], from: TableReference?) {
    clauses = CopyOnWrite(Clauses(columns: columns, sharedColumns: nil, from: from))
  }

  /// Creates a statement selecting a shared list's columns from `from`.
  public init(columns: SharedSelectList, from: TableReference?) {
    clauses = CopyOnWrite(Clauses(columns: columns.columns, sharedColumns: columns, from: from))
  }

  /// A select's clauses, as the statement's properties describe them.
  @usableFromInline
  struct Clauses: Hashable, Sendable {
    @usableFromInline var with: WithClause?
    @usableFromInline var isDistinct = false
    @usableFromInline var modifier: DialectExtensionNode?
    @usableFromInline var columns: [SQLExpression]
    @usableFromInline var sharedColumns: Uncompared<SharedSelectList?>
    @usableFromInline var from: TableReference?
    @usableFromInline var joins: [JoinClause] = []
    @usableFromInline var groupBy: [SQLExpression] = []
    @usableFromInline var having: SQLExpression?
    @usableFromInline var orderBy: [OrderingTerm] = []
    @usableFromInline var limit: LimitClause?
    @usableFromInline var compound: [CompoundTerm] = []
    @usableFromInline var isNone: Bool

    init(columns: [SQLExpression], sharedColumns: SharedSelectList?, from: TableReference?) {
      self.columns = columns
      self.sharedColumns = Uncompared(sharedColumns)
      self.from = from
      self.isNone = from?.readsNone ?? false
    }
  }
}

/// A table in a `FROM` or `JOIN`: a named table or a subquery, with the name columns are
/// qualified by.
public struct TableReference: Sendable, Hashable {
  /// Where the rows come from.
  public enum Source: Sendable, Hashable {
    /// A table of the database, by name.
    case table(String)
    /// A parenthesized `SELECT`, named by the reference's alias.
    indirect case subquery(SelectStatement)
    /// The elements of a JSON array, or the members of a JSON object, as rows of a key and a
    /// value: SQLite `json_each`, PostgreSQL `jsonb_array_elements` or `jsonb_each`. Named by
    /// the reference's alias.
    indirect case jsonEach(SQLExpression, JSONEachShape)
    /// Rows written in SQL, such as a table-valued function's
    /// (`pragma_table_info('reminders')`), named by the reference's alias.
    case fragment([RawSQLSegment])
  }

  /// What a ``Source/jsonEach(_:_:)`` source reads.
  public enum JSONEachShape: Sendable, Hashable {
    /// An array: each element, keyed by its index from 0.
    case arrayElements
    /// An object: each member, keyed by its name.
    case objectMembers
  }

  /// Where the rows come from.
  public var source: Source
  /// The schema (SQLite: the attached database) a table is in, when named: `"main"."reminders"`.
  public var schema: String?
  /// The alias columns are qualified with, if it differs from the table's name.
  public var alias: String?

  /// A table of the database, in `schema` when given, optionally aliased.
  public init(name: String, schema: String? = nil, alias: String? = nil) {
    self.source = .table(name)
    self.schema = schema
    self.alias = alias
  }

  /// A subquery, named `alias`.
  public init(subquery: SelectStatement, alias: String) {
    self.source = .subquery(subquery)
    self.alias = alias
  }

  /// Rows a table reads from SQL it declares (``Table/tableFragment``), named `alias`.
  public init(fragment: SQLFragment, alias: String) {
    self.source = .fragment(fragment.segments)
    self.alias = alias
  }

  /// Whether this is the database table `name` itself, not aliased: what a query reading it
  /// under the name `name` needs no alias for.
  public func isTable(named name: String) -> Bool {
    guard case .table(let table) = source else { return false }
    return ExactText.haveSameUTF8(table, name)
  }

  /// A JSON document's elements or members, named `alias`.
  public init(jsonEach document: SQLExpression, _ shape: JSONEachShape, alias: String) {
    self.source = .jsonEach(document, shape)
    self.alias = alias
  }

  /// Whether this is a subquery that is StructuredQueries' `none` (see
  /// ``SelectStatement/isNone``), so that a select reading it is `none` too.
  var readsNone: Bool {
    guard case .subquery(let select) = source else { return false }
    return select.isNone
  }

  /// The name that qualifies this source's columns.
  public var qualifier: String {
    if let alias { return alias }
    switch source {
    case .table(let name): return name
    case .subquery, .jsonEach, .fragment: return ""
    }
  }
}

/// One `JOIN` of a `SELECT`.
public struct JoinClause: Sendable, Hashable {
  /// Which rows of the two sides are kept.
  public enum Kind: Sendable, Hashable {
    /// `JOIN`, `LEFT JOIN`, `RIGHT JOIN` or `FULL JOIN`, in the order of the cases: an inner join
    /// keeps only matched pairs; an outer join also keeps the unmatched rows of the left side, the
    /// right side, or both, with `NULL`s for the other side.
    case inner, left, right, full
  }
  /// The kind of join.
  public var kind: Kind
  /// The joined table.
  public var table: TableReference
  /// The join condition.
  public var condition: SQLExpression

  /// Creates a join clause.
  public init(kind: Kind, table: TableReference, condition: SQLExpression) {
    self.kind = kind
    self.table = table
    self.condition = condition
  }
}

/// One `ORDER BY` term. Its `NULLS` placement is always explicit, so every database orders rows
/// the same way.
public struct OrderingTerm: Sendable, Hashable {
  /// Ascending or descending.
  public enum Direction: Sendable, Hashable {
    /// `ASC`: smallest first.
    case ascending
    /// `DESC`: largest first.
    case descending
  }
  /// Where `NULL` values go.
  public enum NullsPlacement: Sendable, Hashable {
    /// `NULL`s before the other values.
    case first
    /// `NULL`s after the other values.
    case last
  }

  /// The expression ordered by.
  public var expression: SQLExpression
  /// The direction.
  public var direction: Direction
  /// Where `NULL`s sort.
  public var nulls: NullsPlacement
  /// Whether the expression is never `NULL` (its Swift type is not optional): then no placement
  /// is rendered, so the ordering is one a plain b-tree index serves on every database.
  public var isNeverNull: Bool

  /// Creates a term; without an explicit placement `NULL` sorts as the smallest value (first when
  /// ascending, last when descending), as SQLite does.
  public init(_ expression: SQLExpression, _ direction: Direction, nulls: NullsPlacement? = nil, isNeverNull: Bool = false) {
    self.expression = expression
    self.direction = direction
    self.nulls = nulls ?? (direction == .ascending ? .first : .last)
    self.isNeverNull = isNeverNull
  }
}

/// `LIMIT count OFFSET offset`; either part may be absent.
public struct LimitClause: Sendable, Hashable {
  /// The maximum number of rows, or nil for no maximum.
  public var count: SQLExpression?
  /// The number of rows to skip, or nil.
  public var offset: SQLExpression?

  /// Creates a limit clause.
  public init(count: SQLExpression?, offset: SQLExpression?) {
    self.count = count
    self.offset = offset
  }
}

/// One `UNION`/`UNION ALL`/`INTERSECT`/`EXCEPT` and the select it adds.
public struct CompoundTerm: Sendable, Hashable {
  /// How rows are combined.
  public enum Operator: Sendable, Hashable {
    /// `UNION`: the distinct rows of either select.
    case union
    /// `UNION ALL`: every row of both selects.
    case unionAll
    /// `INTERSECT`: the distinct rows of both selects.
    case intersect
    /// `EXCEPT`: the distinct rows of the first select that the second lacks.
    case except
  }
  /// How rows are combined.
  public var op: Operator
  /// The select added.
  public var select: SelectStatement

  /// Creates a compound term.
  public init(_ op: Operator, _ select: SelectStatement) {
    self.op = op
    self.select = select
  }
}

/// `WITH [RECURSIVE] "name" ("columns") AS (select), …`.
public struct WithClause: Sendable, Hashable {
  /// `WITH RECURSIVE` when any table refers to itself.
  public var isRecursive: Bool
  /// The tables, in order; each may read the ones before it.
  public var tables: [CommonTableExpression]

  /// Creates a `WITH` clause.
  public init(isRecursive: Bool, tables: [CommonTableExpression]) {
    self.isRecursive = isRecursive
    self.tables = tables
  }
}

/// One table of a `WITH` clause: a name, its column names, and the select that fills it.
public struct CommonTableExpression: Sendable, Hashable {
  /// The table's name.
  public var name: String
  /// Its column names, in the select's order.
  public var columns: [String]
  /// The select that fills it.
  public var select: SelectStatement

  /// Creates a common table expression.
  public init(name: String, columns: [String], select: SelectStatement) {
    self.name = name
    self.columns = columns
    self.select = select
  }
}
