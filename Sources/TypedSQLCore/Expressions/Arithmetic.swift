extension QueryExpression where Value: QueryBindable, Value.NonNull: Numeric {
  /// `lhs + rhs`.
  public static func + (lhs: Self, rhs: Value) -> Self {
    Self(node: .binary(lhs.node, .add, .binding(rhs.queryBinding)))
  }
  /// `lhs - rhs`.
  public static func - (lhs: Self, rhs: Value) -> Self {
    Self(node: .binary(lhs.node, .subtract, .binding(rhs.queryBinding)))
  }
  /// `lhs + rhs`.
  public static func + (lhs: Self, rhs: Self) -> Self { Self(node: .binary(lhs.node, .add, rhs.node)) }
  /// `lhs - rhs`.
  public static func - (lhs: Self, rhs: Self) -> Self { Self(node: .binary(lhs.node, .subtract, rhs.node)) }
  /// `lhs * rhs`.
  public static func * (lhs: Self, rhs: Self) -> Self { Self(node: .binary(lhs.node, .multiply, rhs.node)) }
}

extension QueryExpression where Value == String {
  /// String concatenation: `lhs || rhs`.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(node: .binary(lhs.node, .concatenate, rhs.node))
  }
  /// String concatenation with a value: `lhs || ?`.
  public static func + (lhs: Self, rhs: String) -> Self {
    Self(node: .binary(lhs.node, .concatenate, .binding(.text(rhs))))
  }
}
