/// A `CASE` expression, built one `when` at a time and finished by `else`.
///
/// ```swift
/// Reminder.select {
///   Case(when: $0.priority == 3, then: "high").when($0.priority == 2, then: "medium").else("low")
/// }
/// // CASE WHEN ("reminders"."priority" = ?1) THEN ?2 WHEN … ELSE ?5 END
/// ```
///
/// SQLite's `iif` is spelled as a `CASE` on every database.
public struct Case<Value: QueryDecodable>: Sendable {
  private var branches: [CaseBranch]

  /// `CASE WHEN condition THEN value`.
  public init(when condition: QueryExpression<Bool>, then value: QueryExpression<Value>) {
    branches = [CaseBranch(condition: condition.node, value: value.node)]
  }

  /// Another `WHEN condition THEN value`, tried in order.
  public func when(_ condition: QueryExpression<Bool>, then value: QueryExpression<Value>) -> Self {
    var copy = self
    copy.branches.append(CaseBranch(condition: condition.node, value: value.node))
    return copy
  }

  /// `ELSE value END`: the value when no condition holds.
  public func `else`(_ value: QueryExpression<Value>) -> QueryExpression<Value> {
    QueryExpression(node: .caseWhen(branches, else: value.node))
  }

  /// `END` with no `ELSE`: `NULL` when no condition holds.
  public func end() -> QueryExpression<Value.Nullable> {
    QueryExpression(node: .caseWhen(branches, else: nil))
  }
}

extension Case where Value: QueryBindable {
  /// `CASE WHEN condition THEN value`, with a bound value.
  public init(when condition: QueryExpression<Bool>, then value: Value) {
    self.init(when: condition, then: QueryExpression(value: value))
  }

  /// Another `WHEN condition THEN value`, with a bound value.
  public func when(_ condition: QueryExpression<Bool>, then value: Value) -> Self {
    when(condition, then: QueryExpression(value: value))
  }

  /// `ELSE value END`, with a bound value.
  public func `else`(_ value: Value) -> QueryExpression<Value> {
    self.else(QueryExpression(value: value))
  }
}

/// `iif(condition, then, else)`, spelled as `CASE WHEN condition THEN … ELSE … END`.
public func iif<Value: QueryBindable>(
  _ condition: QueryExpression<Bool>, then value: Value, else otherwise: Value
) -> QueryExpression<Value> {
  Case(when: condition, then: value).else(otherwise)
}
