/// A `SELECT` built in Swift.
///
/// `Scope` is what builder closures receive: a table's columns (`$0`), or a tuple of them after
/// a join (`$0`, `$1`, …). `Row` says how each result row decodes.
///
/// ```swift
/// Reminder
///   .where { !$0.isCompleted && $0.priority == 2 }
///   .order { $0.title }
///   .limit(10)
/// // SELECT "reminders"."id", … FROM "reminders"
/// // WHERE ((NOT "reminders"."isCompleted") AND ("reminders"."priority" = ?1))
/// // ORDER BY "reminders"."title" LIMIT ?2
/// ```
///
/// Builder steps consume the select they are called on, so a chain moves one tree from step to
/// step rather than copying it at each; a select kept in a variable is copied as any value is.
@dynamicMemberLookup
public struct Select<Scope: Sendable, Row: QueryRow>: Statement {
  /// The column handles passed to builder closures.
  public let scope: Scope
  /// The statement's tree. Changing it forgets how the select was built (a lookup by key, which
  /// a database may run with SQL it kept, is no longer one).
  @inlinable
  public var select: SelectStatement {
    _read {
      if case .primaryKeyLookup = origin { yield wholeTree() } else { yield tree }
    }
    _modify {
      forgetOrigin()
      yield &tree
    }
  }

  /// The tree itself, but for the condition of a lookup by key, which waits in `origin` until
  /// the tree is read or changed. The builder steps below that every query takes (`where`,
  /// `order`, `limit`) change it directly, sparing the accessor's cost, after ``forgetOrigin()``.
  @usableFromInline
  var tree: SelectStatement
  /// How the select was built, while its tree is unchanged since; nil for any other way.
  @usableFromInline
  var origin: SelectOrigin?

  /// Wraps a tree whose result columns decode as `Row`.
  public init(scope: Scope, select: SelectStatement) {
    self.scope = scope
    self.tree = select
  }

  /// A select built as `origin`, with its tree.
  @usableFromInline
  init(scope: Scope, select: SelectStatement, origin: SelectOrigin) {
    self.scope = scope
    self.tree = select
    self.origin = origin
  }

  public var statementNode: SQLStatement {
    if case .primaryKeyLookup = origin { return .select(wholeTree()) }
    return .select(tree)
  }

  /// Whether the select runs nothing; a lookup's waiting key condition cannot change that.
  public var runsNothing: Bool { tree.runsNothing }

  public func render(in dialect: some Dialect) throws -> RenderedSQL {
    if case .primaryKeyLookup = origin { return try dialect.render(wholeTree()) }
    return try dialect.render(tree)
  }

  /// A lookup by primary key, unchanged since `find(key)` built it, takes the SQL its database
  /// kept for the last lookup of its table, exactly as rendering it would give, and binds its
  /// own key.
  @inlinable
  public func keptSQL(on database: some Database) throws -> RenderedSQL? {
    guard let memo = database.renderedStatementShapes else { return nil }
    return try keptSQL(in: memo, dialect: database.dialect)
  }

  /// The SQL `memo` kept for this select in `dialect`, or the select rendered with its shape
  /// kept: a lookup by key, or a select of a table's rows filtered and ordered by comparisons
  /// (see ``SelectStructure``); `nil` for any other select.
  @inlinable
  func keptSQL(in memo: RenderedStatementShapes, dialect: some Dialect) throws -> RenderedSQL? {
    guard dialect.rendersValuesByKind else { return nil }
    switch origin {
    case .primaryKeyLookup(let key, _):
      return try memo.renderedLookup(of: key, in: ObjectIdentifier(Row.self)) { try render(in: dialect) }
    case .wholeTable, .filteredTable:
      return try memo.renderedSelect(tree) { try render(in: dialect) }
    case nil:
      return nil
    }
  }

  /// Makes `tree` the whole statement, adding a lookup's waiting key condition, and forgets how
  /// the select was built: called before the tree changes.
  @inlinable
  mutating func forgetOrigin() {
    if case .primaryKeyLookup = origin { tree = wholeTree() }
    origin = nil
  }

  /// ``forgetOrigin()``, but a table's rows stay a ``SelectOrigin/filteredTable``: called
  /// before a `WHERE` condition or `ORDER BY` terms are added.
  @inlinable
  mutating func filterOrigin() {
    switch origin {
    case .wholeTable, .filteredTable: origin = .filteredTable
    default: forgetOrigin()
    }
  }

  /// This select of a whole table, as the lookup of its row whose primary key is `key`.
  @inlinable
  consuming func lookingUp(_ key: QueryBinding, in table: LookedUpTable) -> Self {
    origin = .primaryKeyLookup(key, table: table)
    return self
  }

  /// The statement's whole tree: `tree`, with a lookup's waiting key condition.
  @usableFromInline
  func wholeTree() -> SelectStatement {
    var whole = tree
    if let condition = lookupCondition { whole.filter = SQLExpression.and(whole.filter.take(), condition) }
    return whole
  }

  /// A lookup's waiting key condition, `"id" = ?` as `find` writes it; nil for any other select.
  @usableFromInline
  var lookupCondition: SQLExpression? {
    guard case .primaryKeyLookup(let key, let table) = origin else { return nil }
    func condition<Looked: PrimaryKeyedTable>(of _: Looked.Type) -> SQLExpression {
      Looked.columns.hasPrimaryKey(expression: .binding(key)).queryNode
    }
    return condition(of: table.type)
  }

  /// Adds a `WHERE` condition; several are joined with `AND`.
  @inlinable
  public consuming func `where`(_ predicate: (Scope) -> some QueryExpression<Bool>) -> Self {
    let condition = predicate(scope).queryNode
    return filtered(by: condition)
  }

  /// Adds a `WHERE` condition chosen in the closure with `if`, `switch` or `for` (see
  /// ``ConditionBuilder``); none when it gives none. Several are joined with `AND`.
  public consuming func `where`(@ConditionBuilder _ predicate: (Scope) -> SQLExpression?) -> Self {
    let condition = predicate(scope)
    return filtered(by: condition)
  }

  /// This query with `condition`, if any, joined to its `WHERE` condition with `AND`.
  @inlinable
  consuming func filtered(by condition: SQLExpression?) -> Self {
    if let condition {
      filterOrigin()
      tree.filter = SQLExpression.and(tree.filter.take(), condition)
    }
    return self
  }

  /// Adds an optional `WHERE` condition, such as a Boolean column of an outer join: a row whose
  /// condition is `NULL` is left out, as one whose condition is false.
  @_disfavoredOverload
  public consuming func `where`(_ predicate: (Scope) -> some QueryExpression<Bool?>) -> Self {
    self.where { SQLQueryExpression<Bool>(node: predicate($0).queryNode) }
  }

  /// Selects `count(*)`: the number of rows this query returns (per group, when grouped).
  ///
  /// A query whose rows are narrowed after grouping (`LIMIT`, `OFFSET`, `DISTINCT`, a compound)
  /// is counted as a subquery, so the count is of the rows it returns:
  /// `SELECT count(*) FROM (SELECT … LIMIT ?1) AS "counted"`.
  public func count() -> Select<Scope, Int> {
    counting(.countAll)
  }

  /// Selects `count(*) FILTER (WHERE …)`: the number of this query's rows where `filter` holds,
  /// per group when grouped. A query narrowed after grouping (see ``count()``) cannot be counted
  /// this way, since its rows are counted outside it: rendering it throws.
  public func count(filter: (Scope) -> some QueryExpression<Bool>) -> Select<Scope, Int> {
    guard !isNarrowed else {
      let error = QueryBindingError(
        "count(filter:) of a query narrowed by LIMIT, OFFSET, DISTINCT or a compound: add the condition with where before narrowing it")
      return counting(.binding(.invalid(error)))
    }
    return counting(.aggregate(.count, .raw([.text("*")]), distinct: false, filter: filter(scope).queryNode))
  }

  /// Whether rows are narrowed after grouping, so that counting them needs a subquery.
  private var isNarrowed: Bool {
    select.limit != nil || select.isDistinct || select.modifier != nil || !select.compound.isEmpty
  }

  /// This query's rows counted by `counter`, a `count(*)` with or without a filter.
  private func counting(_ counter: SQLExpression) -> Select<Scope, Int> {
    var statement = select
    if isNarrowed {
      statement = SelectStatement(
        columns: [counter], from: TableReference(subquery: select, alias: "counted"))
    } else {
      statement.columns = [counter]
      // Order changes no count; PostgreSQL would refuse an ungrouped column in it.
      if statement.groupBy.isEmpty { statement.orderBy = [] }
    }
    return Select<Scope, Int>(scope: scope, select: statement)
  }

  /// `SELECT DISTINCT`.
  @inlinable
  public consuming func distinct(_ isDistinct: Bool = true) -> Self {
    select.isDistinct = isDistinct
    return self
  }

  /// Appends `ORDER BY` terms: expressions (ascending) or `asc`/`desc` terms.
  public consuming func order<First: QueryOrdering, each Rest: QueryOrdering>(
    by terms: (Scope) -> (First, repeat each Rest)
  ) -> Self {
    ordered(by: orderingTerms(of: terms, from: scope))
  }

  /// Appends `ORDER BY` terms chosen in the closure with `if` or `switch` (see
  /// ``OrderingBuilder``); none when it gives none.
  @inlinable
  public consuming func order(@OrderingBuilder by terms: (Scope) -> [OrderingTerm]) -> Self {
    ordered(by: terms(scope))
  }

  /// This query with `terms` appended to its `ORDER BY` terms; the first terms are taken as
  /// they are, rather than copied into a new array. Inlinable with the `order` steps, so that
  /// a select of the caller's table changes in place rather than through its generic type.
  @inlinable
  consuming func ordered(by terms: [OrderingTerm]) -> Self {
    filterOrigin()
    if tree.orderBy.isEmpty { tree.orderBy = terms } else { tree.orderBy.append(contentsOf: terms) }
    return self
  }

  /// Appends `GROUP BY` terms.
  ///
  /// The terms are any projections: a column, an expression, a whole table's columns. (Taking
  /// them as projections rather than as expressions also keeps Swift 6.3 from crashing on a
  /// two-parameter closure after a join, `group { list, _ in list.id }`.)
  public consuming func group<First: QueryProjection, each Rest: QueryProjection>(
    by terms: (Scope) -> (First, repeat each Rest)
  ) -> Self {
    select.groupBy.append(contentsOf: selection(of: terms, from: scope))
    return self
  }

  /// Adds a `HAVING` condition; several are joined with `AND`.
  @inlinable
  public consuming func having(_ predicate: (Scope) -> some QueryExpression<Bool>) -> Self {
    let condition = predicate(scope).queryNode
    return narrowedAfterGrouping(by: condition)
  }

  /// Adds a `HAVING` condition chosen in the closure with `if`, `switch` or `for` (see
  /// ``ConditionBuilder``); none when it gives none. Several are joined with `AND`.
  public consuming func having(@ConditionBuilder _ predicate: (Scope) -> SQLExpression?) -> Self {
    let condition = predicate(scope)
    return narrowedAfterGrouping(by: condition)
  }

  /// This query with `condition`, if any, joined to its `HAVING` condition with `AND`.
  @usableFromInline
  consuming func narrowedAfterGrouping(by condition: SQLExpression?) -> Self {
    if let condition {
      select.having = SQLExpression.and(select.having.take(), condition)
    }
    return self
  }

  /// At most `count` rows, after skipping `offset` rows.
  @inlinable
  public consuming func limit(_ count: Int, offset: Int? = nil) -> Self {
    forgetOrigin()
    // One access that changes the clause in place, which the optimizer inlines; reading the
    // clause apart cost an out-of-line read and its frame's allocation.
    func limiting(_ limit: inout LimitClause?) {
      let skipped: SQLExpression? = if let offset { .binding(.int(Int64(offset))) } else { limit?.offset }
      limit = LimitClause(count: .binding(.int(Int64(count))), offset: skipped)
    }
    limiting(&tree.limit)
    return self
  }

  /// Skips `offset` rows (with no maximum unless ``limit(_:offset:)-(Int,_)`` sets one).
  @inlinable
  public consuming func offset(_ offset: Int) -> Self {
    select.limit = LimitClause(count: select.limit?.count, offset: .binding(.int(Int64(offset))))
    return self
  }
}

extension SQLExpression {
  /// `a AND b AND …` of `conditions`, in order; `true` when there are none.
  static func conjunction(of conditions: [SQLExpression]) -> SQLExpression {
    conditions.dropFirst().reduce(conditions.first ?? .binding(.bool(true))) { .binary($0, .and, $1) }
  }

  /// `existing AND condition`, or `condition` alone, or `existing` when it already requires
  /// `condition` (a default scope's condition, met again in the scope written from the table's
  /// entry points).
  @inlinable
  static func and(_ existing: SQLExpression?, _ condition: SQLExpression) -> SQLExpression {
    guard let existing else { return condition }
    if existing.requires(condition) { return existing }
    return .binary(existing, .and, condition)
  }

  /// Whether this condition is `condition`, or an `AND` of terms one of which is. Trees are
  /// compared exactly: `==` compares their names as Swift strings, by canonical equivalence, so a
  /// match is confirmed on their descriptions' bytes (two columns whose names differ only in
  /// their bytes are two columns).
  @usableFromInline
  func requires(_ condition: SQLExpression) -> Bool {
    if self == condition { return String(reflecting: self).utf8.elementsEqual(String(reflecting: condition).utf8) }
    if case .binary(let lhs, .and, let rhs) = self { return lhs.requires(condition) || rhs.requires(condition) }
    return false
  }
}

/// How a ``Select`` was built, where a database may use it. (Not nested in the generic `Select`,
/// whose nested types' metadata would be looked up at run time on every use.)
@usableFromInline
enum SelectOrigin: Sendable {
  /// All the table's rows: `unscoped`, the start of a table without a default scope.
  case wholeTable
  /// A table's rows filtered or ordered since it was a ``wholeTable``, by `where` and `order`
  /// alone: its tree is the table's shared columns and name, a `WHERE` condition and `ORDER BY`
  /// terms, and nothing else, so that a database may run it with SQL it kept for a select of the
  /// same structure (see ``SelectStructure``).
  case filteredTable
  /// The row of `table`, which has no default scope, whose one-column key is this value:
  /// `find(key)`, whose tree the table's type fixes but for the key, so that a database may run
  /// it with SQL it kept (see ``RenderedStatementShapes``). The select's stored tree is the
  /// whole table's: the key's condition is built only when the tree is read or changed, which a
  /// lookup run with kept SQL never does.
  case primaryKeyLookup(QueryBinding, table: LookedUpTable)
}

/// The table a ``SelectOrigin/primaryKeyLookup(_:table:)`` reads, by its type, to build the key's
/// condition wherever the select is read. Sendable because the type is only asked for its column
/// handles and its key column, which `@Table` writes as constants of the type.
@usableFromInline
struct LookedUpTable: @unchecked Sendable {
  @usableFromInline
  let type: any PrimaryKeyedTable.Type

  @usableFromInline
  init(_ type: any PrimaryKeyedTable.Type) {
    self.type = type
  }
}
