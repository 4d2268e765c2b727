/// The start of a `CASE` expression: `Case()` for the searched form, whose branches are
/// conditions, or `Case(base)` for the simple form, whose branches are values compared to `base`.
///
/// ```swift
/// Reminder.select {
///   Case().when($0.priority == 3, then: "high").when($0.priority == 2, then: "medium").else("low")
/// }
/// // CASE WHEN ("reminders"."priority" = ?1) THEN ?2 WHEN … ELSE ?5 END
///
/// Reminder.select { Case($0.priority).when(3, then: "high").when(2, then: "medium").else("low") }
/// // CASE "reminders"."priority" WHEN ?1 THEN ?2 WHEN … ELSE ?5 END
/// ```
///
/// A simple `CASE` compares with `=`, so a `NULL` base matches no branch.
public struct Case<Base: QueryDecodable>: Sendable {
  private let base: SQLExpression?

  /// `CASE base WHEN …`: branches that compare their value to `base`, an expression or a Swift
  /// value (`Case(5)`), bound.
  public init(_ base: some QueryExpression<Base>) {
    self.base = base.queryNode
  }

  /// `WHEN key THEN value`: the first branch.
  public func when<Value: QueryDecodable>(_ key: some QueryExpression<Base>, then value: some QueryExpression<Value>) -> Cases<Base, Value> {
    Cases(base: base, branches: [CaseBranch(condition: key.queryNode, value: value.queryNode)])
  }
}

extension Case where Base == Bool {
  /// `CASE WHEN …`: branches that each hold a condition.
  public init() {
    base = nil
  }
}

extension Case where Base: QueryBindable {
  /// `WHEN key THEN value`, with a bound key.
  public func when<Value: QueryDecodable>(_ key: Base, then value: some QueryExpression<Value>) -> Cases<Base, Value> {
    when(SQLQueryExpression(value: key), then: value)
  }

  /// `WHEN key THEN value`, with a bound key and value.
  public func when<Value: QueryBindable>(_ key: Base, then value: Value) -> Cases<Base, Value> {
    when(SQLQueryExpression(value: key), then: SQLQueryExpression(value: value))
  }
}

extension Case {
  /// `WHEN key THEN value`, with a bound value.
  public func when<Value: QueryBindable>(_ key: some QueryExpression<Base>, then value: Value) -> Cases<Base, Value> {
    when(key, then: SQLQueryExpression(value: value))
  }
}

/// A `CASE` expression with at least one branch: an expression itself, `CASE … END`, whose value
/// is `NULL` when no branch matches, or finished by `else` with the value when none does.
///
/// ```swift
/// Item.select { Case($0.shelfID).when(1, then: "kitchen") }   // String?
/// ```
public struct Cases<Base: QueryDecodable, Value: QueryDecodable>: Sendable {
  fileprivate let base: SQLExpression?
  fileprivate var branches: [CaseBranch]

  /// Another `WHEN key THEN value`, tried in order: a condition in the searched form, a value
  /// compared to the base in the simple form.
  public func when(_ key: some QueryExpression<Base>, then value: some QueryExpression<Value>) -> Self {
    var copy = self
    copy.branches.append(CaseBranch(condition: key.queryNode, value: value.queryNode))
    return copy
  }

  /// `ELSE value END`: the value when no branch matches.
  public func `else`(_ value: some QueryExpression<Value>) -> SQLQueryExpression<Value> {
    SQLQueryExpression(node: .caseWhen(base: base, branches, else: value.queryNode))
  }

  /// `END` with no `ELSE`: `NULL` when no branch matches.
  public func end() -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression(node: .caseWhen(base: base, branches, else: nil))
  }
}

extension Cases where Base: QueryBindable {
  /// Another `WHEN key THEN value`, with a bound key.
  public func when(_ key: Base, then value: some QueryExpression<Value>) -> Self {
    when(SQLQueryExpression(value: key), then: value)
  }
}

extension Cases where Base: QueryBindable, Value: QueryBindable {
  /// Another `WHEN key THEN value`, with a bound key and value.
  public func when(_ key: Base, then value: Value) -> Self {
    when(SQLQueryExpression(value: key), then: SQLQueryExpression(value: value))
  }
}

extension Cases where Value: QueryBindable {
  /// Another `WHEN key THEN value`, with a bound value.
  public func when(_ key: some QueryExpression<Base>, then value: Value) -> Self {
    when(key, then: SQLQueryExpression(value: value))
  }

  /// `ELSE value END`, with a bound value.
  public func `else`(_ value: Value) -> SQLQueryExpression<Value> {
    self.else(SQLQueryExpression(value: value))
  }
}

extension Cases: QueryExpression {
  /// `NULL` when no branch matches.
  public typealias QueryValue = Value.Nullable

  public var queryNode: SQLExpression { .caseWhen(base: base, branches, else: nil) }
}

extension Cases: QueryProjection where Value.Nullable: QueryDecodable {
  public typealias Row = Value.Nullable

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(queryNode)
  }
}

/// A `CASE` with no `ELSE` aggregated, as StructuredQueries writes it:
/// `Case().when($0.title.length() > 5, then: $0.title).groupConcat()`. Each aggregate is that of
/// the same expression after ``Cases/end()``, whose `NULL`s (the rows no branch matches)
/// aggregates skip.
extension Cases {
  /// `count(CASE … END)`: the rows a branch matches (see `count(distinct:filter:)`).
  public func count(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Int> {
    values.count(distinct: distinct, filter: filter)
  }

  /// `min(CASE … END)` (see `min(filter:)`).
  public func min(filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Value.Nullable> {
    values.min(filter: filter)
  }

  /// `max(CASE … END)` (see `max(filter:)`).
  public func max(filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Value.Nullable> {
    values.max(filter: filter)
  }

  /// The values of the branches joined by `separator` (see `groupConcat(_:distinct:order:filter:)`).
  public func groupConcat(
    _ separator: String = ",", distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<String?> {
    SQLQueryExpression<String?>(
      node: .aggregate(
        .groupConcat(separator: .binding(.text(separator))), queryNode, distinct: distinct, filter: filter?.queryNode,
        orderBy: order.map(\.orderingTerm)))
  }

  /// The `CASE` as an expression of its branches' values, whose aggregates are these: each
  /// returns `NULL` (or 0 for a count) when no row has a value, so the rows no branch matches need
  /// no type of their own.
  fileprivate var values: SQLQueryExpression<Value> { SQLQueryExpression(node: queryNode) }
}

extension Cases where Value.NonNull: Numeric {
  /// `sum(CASE … END)` (see `sum(distinct:filter:)`).
  public func sum(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Value.Nullable> {
    values.sum(distinct: distinct, filter: filter)
  }

  /// `total(CASE … END)` (see `total(distinct:filter:)`).
  public func total(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Double> {
    values.total(distinct: distinct, filter: filter)
  }

  /// `avg(CASE … END)` (see `avg(distinct:filter:)`).
  public func avg(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Double?> {
    values.avg(distinct: distinct, filter: filter)
  }
}

/// `iif(condition, then, else)`, spelled as `CASE WHEN condition THEN … ELSE … END`.
public func iif<Value: QueryBindable>(
  _ condition: some QueryExpression<Bool>, then value: Value, else otherwise: Value
) -> SQLQueryExpression<Value> {
  Case().when(condition, then: value).else(otherwise)
}
