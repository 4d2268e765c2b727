extension QueryExpression where Value == Bool {
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

  /// `NOT operand`.
  @inlinable
  public static prefix func ! (operand: Self) -> Self {
    Self(node: .not(operand.node))
  }
}
