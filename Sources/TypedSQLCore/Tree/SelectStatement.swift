/// A `SELECT` statement.
public struct SelectStatement: Sendable, Hashable {
  /// `SELECT DISTINCT` when true.
  public var isDistinct = false
  /// A dialect's own clause right after `SELECT`, such as PostgreSQL's `DISTINCT ON (…)`.
  public var modifier: DialectExtensionNode?
  /// The result columns, in the order rows decode.
  public var columns: [SQLExpression]
  /// The table the query reads from.
  public var from: TableReference?
  /// Joined tables, in order.
  public var joins: [JoinClause] = []
  /// The `WHERE` condition.
  public var filter: SQLExpression?
  /// The `GROUP BY` terms.
  public var groupBy: [SQLExpression] = []
  /// The `HAVING` condition.
  public var having: SQLExpression?
  /// The `ORDER BY` terms, each with its `NULLS` placement.
  public var orderBy: [OrderingTerm] = []
  /// `LIMIT` / `OFFSET`.
  public var limit: LimitClause?

  /// Creates a statement selecting `columns` from `from`.
  public init(columns: [SQLExpression], from: TableReference?) {
    self.columns = columns
    self.from = from
  }
}

/// A table in a `FROM` or `JOIN`: a named table or a subquery, with the name columns are
/// qualified by.
public struct TableReference: Sendable, Hashable {
  /// Where the rows come from.
  public indirect enum Source: Sendable, Hashable {
    /// A table of the database, by name.
    case table(String)
    /// A parenthesized `SELECT`, named by the reference's alias.
    case subquery(SelectStatement)
  }

  /// Where the rows come from.
  public var source: Source
  /// The alias columns are qualified with, if it differs from the table's name.
  public var alias: String?

  /// A table of the database, optionally aliased.
  public init(name: String, alias: String? = nil) {
    self.source = .table(name)
    self.alias = alias
  }

  /// A subquery, named `alias`.
  public init(subquery: SelectStatement, alias: String) {
    self.source = .subquery(subquery)
    self.alias = alias
  }

  /// The name that qualifies this source's columns.
  public var qualifier: String {
    if let alias { return alias }
    switch source {
    case .table(let name): return name
    case .subquery: return ""
    }
  }
}

/// One `JOIN` of a `SELECT`.
public struct JoinClause: Sendable, Hashable {
  /// Which rows of the two sides are kept.
  public enum Kind: Sendable, Hashable {
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
  public enum Direction: Sendable, Hashable { case ascending, descending }
  /// Where `NULL` values go.
  public enum NullsPlacement: Sendable, Hashable { case first, last }

  /// The expression ordered by.
  public var expression: SQLExpression
  /// The direction.
  public var direction: Direction
  /// Where `NULL`s sort.
  public var nulls: NullsPlacement

  /// Creates a term; without an explicit placement `NULL` sorts as the smallest value (first when
  /// ascending, last when descending), as SQLite does.
  public init(_ expression: SQLExpression, _ direction: Direction, nulls: NullsPlacement? = nil) {
    self.expression = expression
    self.direction = direction
    self.nulls = nulls ?? (direction == .ascending ? .first : .last)
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
