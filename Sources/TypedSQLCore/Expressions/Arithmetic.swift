extension SQLQueryExpression where Value: QueryBindable, Value.NonNull: Numeric {
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
  /// `lhs * rhs`.
  public static func * (lhs: Self, rhs: Value) -> Self {
    Self(node: .binary(lhs.node, .multiply, .binding(rhs.queryBinding)))
  }
  /// `lhs / rhs`: truncated toward zero for integers; `NULL` when `rhs` is zero, on every
  /// database (PostgreSQL, where dividing by zero is an error, divides by `NULLIF(rhs, 0)`), so
  /// the quotient is optional.
  public static func / (lhs: Self, rhs: Self) -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression<Value.Nullable>(node: .binary(lhs.node, divisionOperator, rhs.node))
  }
  /// `lhs / rhs` by a Swift value, of the operands' type: a constant other than zero never gives
  /// `NULL`. Dividing a non-optional expression by zero, whose SQL would give the `NULL` the type
  /// cannot hold, throws when the statement is rendered (divide by an expression for a `NULL`).
  public static func / (lhs: Self, rhs: Value) -> Self {
    Self(node: .binary(lhs.node, divisionOperator, lhs.binding(ofDivisor: rhs)))
  }

  /// ``BinaryOperator/integerDivide`` for integers, ``BinaryOperator/divide`` for reals.
  static var divisionOperator: BinaryOperator {
    Value.NonNull.self is any BinaryInteger.Type ? .integerDivide : .divide
  }
  /// `-operand`.
  public static prefix func - (operand: Self) -> Self { Self(node: .negate(operand.node)) }
  /// `+operand`: the operand itself.
  public static prefix func + (operand: Self) -> Self { operand }

  /// The binding of a Swift divisor of this expression: invalid when it is zero and the
  /// quotient's type cannot hold the `NULL` that dividing by zero gives.
  func binding(ofDivisor divisor: Value) -> SQLExpression {
    let binding = divisor.queryBinding
    let isZero: Bool
    switch binding {
    case .int(let value): isZero = value == 0
    case .double(let value): isZero = value == 0
    default: isZero = false
    }
    guard isZero, isNeverNull else { return .binding(binding) }
    return .binding(.invalid(QueryBindingError(
      "/ 0: dividing by zero gives NULL, which \(Value.self) cannot hold; divide by an"
        + " expression, or an optional value, for a quotient that may be NULL")))
  }
}

extension SQLQueryExpression where Value: QueryBindable, Value.NonNull: BinaryInteger {
  /// `lhs % rhs`: the remainder, with the sign of `lhs`; `NULL` when `rhs` is zero, so the
  /// remainder is optional, as StructuredQueries types it.
  public static func % (lhs: Self, rhs: Self) -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression<Value.Nullable>(node: .binary(lhs.node, .modulo, rhs.node))
  }
  /// `lhs % rhs` by a Swift value: optional, `NULL` when `rhs` is zero.
  public static func % (lhs: Self, rhs: Value) -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression<Value.Nullable>(node: .binary(lhs.node, .modulo, .binding(rhs.queryBinding)))
  }
  /// `lhs & rhs`.
  public static func & (lhs: Self, rhs: Self) -> Self { Self(node: .binary(lhs.node, .bitwiseAnd, rhs.node)) }
  /// `lhs & rhs`.
  public static func & (lhs: Self, rhs: Value) -> Self {
    Self(node: .binary(lhs.node, .bitwiseAnd, .binding(rhs.queryBinding)))
  }
  /// `lhs | rhs`.
  public static func | (lhs: Self, rhs: Self) -> Self { Self(node: .binary(lhs.node, .bitwiseOr, rhs.node)) }
  /// `lhs | rhs`.
  public static func | (lhs: Self, rhs: Value) -> Self {
    Self(node: .binary(lhs.node, .bitwiseOr, .binding(rhs.queryBinding)))
  }
  /// `lhs ^ rhs`, exclusive or: PostgreSQL's `#`; SQLite has no operator for it and computes
  /// `(lhs | rhs) - (lhs & rhs)`.
  public static func ^ (lhs: Self, rhs: Self) -> Self { Self(node: .binary(lhs.node, .bitwiseXor, rhs.node)) }
  /// `lhs ^ rhs`.
  public static func ^ (lhs: Self, rhs: Value) -> Self {
    Self(node: .binary(lhs.node, .bitwiseXor, .binding(rhs.queryBinding)))
  }
  /// `lhs << amount`, as SQLite shifts: a negative amount shifts right, and 64 or more gives 0.
  public static func << (lhs: Self, amount: Int) -> Self { lhs.shifted(left: true, by: amount) }
  /// `lhs >> amount`, arithmetic: a negative amount shifts left, and 64 or more gives 0, or -1
  /// for a negative value.
  public static func >> (lhs: Self, amount: Int) -> Self { lhs.shifted(left: false, by: amount) }
  /// `lhs << amount` by an expression's amount, as SQLite shifts (see `<<` by an `Int`), on every
  /// database: PostgreSQL, whose shift of a bigint by 64 or more, or by a negative amount, means
  /// something else, computes SQLite's meaning from the amount.
  public static func << (lhs: Self, amount: SQLQueryExpression<Int>) -> Self {
    Self(node: .binary(lhs.node, .shiftLeft, amount.node))
  }
  /// `lhs >> amount` by an expression's amount, as SQLite shifts (see `>>` by an `Int`).
  public static func >> (lhs: Self, amount: SQLQueryExpression<Int>) -> Self {
    Self(node: .binary(lhs.node, .shiftRight, amount.node))
  }
  /// `lhs << amount` by an optional amount: `NULL` when the amount is.
  public static func << (lhs: Self, amount: SQLQueryExpression<Int?>) -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression<Value.Nullable>(node: .binary(lhs.node, .shiftLeft, amount.node))
  }
  /// `lhs >> amount` by an optional amount: `NULL` when the amount is.
  public static func >> (lhs: Self, amount: SQLQueryExpression<Int?>) -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression<Value.Nullable>(node: .binary(lhs.node, .shiftRight, amount.node))
  }
  /// `~operand`, the bitwise complement.
  public static prefix func ~ (operand: Self) -> Self { Self(node: .bitwiseNot(operand.node)) }

  /// The shift, with the amount brought to 0...63 the way SQLite treats the others, so that
  /// every database computes the same.
  private func shifted(left: Bool, by amount: Int) -> Self {
    let isLeft = amount < 0 ? !left : left
    let distance = amount.magnitude
    if distance >= 64 {
      // Every bit shifted out: 0 to the left; the sign's copies to the right.
      return isLeft ? self * Self(node: .binding(.int(0))) : Self(node: .binary(node, .shiftRight, .binding(.int(63))))
    }
    return Self(node: .binary(node, isLeft ? .shiftLeft : .shiftRight, .binding(.int(Int64(distance)))))
  }
}

extension SQLQueryExpression where Value: QueryBindable {
  /// `self BETWEEN lower AND upper`.
  public func between(_ lower: Value, and upper: Value) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .between(Value.wrapSQL(node), lower: Value.wrapSQL(.binding(lower.queryBinding)), upper: Value.wrapSQL(.binding(upper.queryBinding))))
  }

  /// `self BETWEEN lower AND upper`, with bounds computed in SQL.
  public func between(_ lower: Self, and upper: Self) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .between(Value.wrapSQL(node), lower: Value.wrapSQL(lower.node), upper: Value.wrapSQL(upper.node)))
  }
}

extension SQLQueryExpression where Value == String {
  /// String concatenation: `lhs || rhs`.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(node: .binary(lhs.node, .concatenate, rhs.node))
  }
  /// String concatenation with a value: `lhs || ?`.
  public static func + (lhs: Self, rhs: String) -> Self {
    Self(node: .binary(lhs.node, .concatenate, .binding(.text(rhs))))
  }
}
