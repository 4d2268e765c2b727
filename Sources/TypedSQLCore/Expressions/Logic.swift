extension SQLQueryExpression where Value == Bool {
  /// `lhs AND rhs`.
  @inlinable
  public static func && (lhs: Self, rhs: Self) -> Self {
    Self(node: .binary(lhs.node, .and, rhs.node))
  }

  /// `lhs OR rhs`.
  @inlinable
  public static func || (lhs: Self, rhs: Self) -> Self {
    Self(node: .binary(lhs.node, .or, rhs.node))
  }
}

/// `NOT operand`.
///
/// A global function rather than a member of `SQLQueryExpression`: in an update,
/// `$0.isCompleted = !$0.isCompleted` can also read the column as the Swift `Bool` an update
/// assigns, and the type checker settles on the standard library's `!` for that reading before
/// it weighs a member; a global overload is weighed beside it.
@inlinable
public prefix func ! (operand: SQLQueryExpression<Bool>) -> SQLQueryExpression<Bool> {
  SQLQueryExpression<Bool>(node: .not(operand.node))
}

/// `NOT operand` of an optional condition: `NULL` stays `NULL`.
@inlinable
public prefix func ! (operand: SQLQueryExpression<Bool?>) -> SQLQueryExpression<Bool?> {
  SQLQueryExpression<Bool?>(node: .not(operand.node))
}

// Conditions of any expression type, such as one declared as `some QueryExpression<Bool>`,
// combine with methods and `!` (the operators `&&` and `||` stay on ``SQLQueryExpression``:
// overloads on the protocol would make every condition slow to type-check):
//
//   extension Reminder.TableColumns {
//     var isPastDue: some QueryExpression<Bool> { !isCompleted && dueDate < Date() }
//   }
//   Reminder.where { $0.isPastDue.and(!$0.isFlagged) }

extension QueryExpression where QueryValue == Bool {
  /// `self AND other`.
  @inlinable
  public func and(_ other: some QueryExpression<Bool>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(node: .binary(queryNode, .and, other.queryNode))
  }

  /// `self OR other`.
  @inlinable
  public func or(_ other: some QueryExpression<Bool>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(node: .binary(queryNode, .or, other.queryNode))
  }

  /// `NOT self`.
  @inlinable
  public func not() -> SQLQueryExpression<Bool> { SQLQueryExpression(node: .not(queryNode)) }
}

/// `NOT operand`, for a condition of any expression type.
@inlinable
public prefix func ! (operand: some QueryExpression<Bool>) -> SQLQueryExpression<Bool> {
  operand.not()
}
