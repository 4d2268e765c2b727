extension QueryExpression where Value == Bool {
  /// `lhs AND rhs`.
  public static func && (lhs: Self, rhs: Self) -> Self {
    Self(node: .binary(lhs.node, .and, rhs.node))
  }

  /// `lhs OR rhs`.
  public static func || (lhs: Self, rhs: Self) -> Self {
    Self(node: .binary(lhs.node, .or, rhs.node))
  }

  /// `NOT operand`.
  public static prefix func ! (operand: Self) -> Self {
    Self(node: .not(operand.node))
  }
}
