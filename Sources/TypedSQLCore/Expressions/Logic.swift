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
