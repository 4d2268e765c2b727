// A Swift value on the left of an operator, as StructuredQueries allows: `1 + $0.id`,
// `1 < $0.id`. Arithmetic keeps the operands' order; a comparison is the mirrored one
// (`1 < $0.id` is `"id" > ?1`), which selects the same rows.

extension SQLQueryExpression where Value: QueryBindable, Value.NonNull: Numeric {
  /// `lhs + rhs`.
  @_disfavoredOverload
  public static func + (lhs: Value, rhs: Self) -> Self {
    Self(node: .binary(.binding(lhs.queryBinding), .add, rhs.node))
  }
  /// `lhs - rhs`.
  @_disfavoredOverload
  public static func - (lhs: Value, rhs: Self) -> Self {
    Self(node: .binary(.binding(lhs.queryBinding), .subtract, rhs.node))
  }
  /// `lhs * rhs`.
  @_disfavoredOverload
  public static func * (lhs: Value, rhs: Self) -> Self {
    Self(node: .binary(.binding(lhs.queryBinding), .multiply, rhs.node))
  }
}

extension SQLQueryExpression where Value: QueryBindable {
  /// `lhs < rhs`, as `rhs > lhs`.
  @_disfavoredOverload
  public static func < (lhs: Value, rhs: Self) -> SQLQueryExpression<Bool> { rhs.gt(lhs) }
  /// `lhs > rhs`, as `rhs < lhs`.
  @_disfavoredOverload
  public static func > (lhs: Value, rhs: Self) -> SQLQueryExpression<Bool> { rhs.lt(lhs) }
  /// `lhs <= rhs`, as `rhs >= lhs`.
  @_disfavoredOverload
  public static func <= (lhs: Value, rhs: Self) -> SQLQueryExpression<Bool> { rhs.gte(lhs) }
  /// `lhs >= rhs`, as `rhs <= lhs`.
  @_disfavoredOverload
  public static func >= (lhs: Value, rhs: Self) -> SQLQueryExpression<Bool> { rhs.lte(lhs) }
}

extension String {
  /// The 1-based position of the first occurrence of a column's text in this string, 0 when it
  /// does not occur: StructuredQueries' `"Jr".instr($0.name)` (SQLite `instr`, PostgreSQL
  /// `strpos`).
  public func instr(_ other: SQLQueryExpression<String>) -> SQLQueryExpression<Int> {
    SQLQueryExpression<Int>(node: .function(.position, [.binding(.text(self)), other.node]))
  }

  /// The position of an optional column's text in this string, `NULL` for `NULL`.
  public func instr(_ other: SQLQueryExpression<String?>) -> SQLQueryExpression<Int?> {
    SQLQueryExpression<Int?>(node: .function(.position, [.binding(.text(self)), other.node]))
  }
}
