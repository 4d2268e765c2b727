// Comparisons between expressions and values. An expression compares with a value of its own
// type, or with another expression whose type differs at most by being optional, so
// `$0.remindersListID == $1.id` type-checks for `Int?` against `Int`.

extension SQLQueryExpression where Value: QueryDecodable {
  /// `self op other`, each side wrapped as `Value` asks (``QueryDecodable/wrapSQL(_:)``).
  @inlinable
  func compared(_ op: BinaryOperator, _ other: SQLExpression) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .binary(Value.wrapSQL(node), op, Value.wrapSQL(other)))
  }

  /// `self = other`.
  @inlinable
  public func eq<Other: QueryDecodable>(_ other: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { compared(.equal, other.node) }
  /// `self <> other`.
  @inlinable
  public func neq<Other: QueryDecodable>(_ other: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { compared(.notEqual, other.node) }
  /// `self < other`.
  @inlinable
  public func lt<Other: QueryDecodable>(_ other: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { compared(.lessThan, other.node) }
  /// `self > other`.
  @inlinable
  public func gt<Other: QueryDecodable>(_ other: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { compared(.greaterThan, other.node) }
  /// `self <= other`.
  @inlinable
  public func lte<Other: QueryDecodable>(_ other: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { compared(.lessThanOrEqual, other.node) }
  /// `self >= other`.
  @inlinable
  public func gte<Other: QueryDecodable>(_ other: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { compared(.greaterThanOrEqual, other.node) }

  /// Null-safe equality: true when both sides are equal or both are `NULL`.
  ///
  /// SQLite spells it `a IS b`; PostgreSQL `a IS NOT DISTINCT FROM b`, which no index serves.
  /// When neither side's Swift type is optional, neither can be `NULL` and the comparison is a
  /// plain `a = b` on both.
  @inlinable
  public func `is`<Other: QueryDecodable>(_ other: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull {
    if isNeverNull && other.isNeverNull { return compared(.equal, other.node) }
    return SQLQueryExpression<Bool>(node: .isDistinctFrom(Value.wrapSQL(node), Value.wrapSQL(other.node), negated: true))
  }

  /// Null-safe inequality: true when the sides differ, counting `NULL` as a value.
  ///
  /// SQLite spells it `a IS NOT b`; PostgreSQL `a IS DISTINCT FROM b`. When neither side's
  /// Swift type is optional, it is a plain `a <> b` on both.
  @inlinable
  public func isNot<Other: QueryDecodable>(_ other: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull {
    if isNeverNull && other.isNeverNull { return compared(.notEqual, other.node) }
    return SQLQueryExpression<Bool>(node: .isDistinctFrom(Value.wrapSQL(node), Value.wrapSQL(other.node), negated: false))
  }
}

// The comparisons again, with an operand of the receiver's own type: an implicit member there,
// `$0.startsAt.lt(.now(.days(-7)))`, needs a concrete type to be found in. As with the operators,
// the ordering ones win over the Swift-value forms, so `.lt(.now)` is the database's now, while
// `eq` and `neq` give way to them, so `.eq(.now)` binds Swift's `Date.now`, as `==` does.

extension SQLQueryExpression where Value: QueryDecodable {
  /// `self = other`.
  @inlinable @_disfavoredOverload
  public func eq(_ other: Self) -> SQLQueryExpression<Bool> { compared(.equal, other.node) }
  /// `self <> other`.
  @inlinable @_disfavoredOverload
  public func neq(_ other: Self) -> SQLQueryExpression<Bool> { compared(.notEqual, other.node) }
  /// `self < other`.
  @inlinable
  public func lt(_ other: Self) -> SQLQueryExpression<Bool> { compared(.lessThan, other.node) }
  /// `self > other`.
  @inlinable
  public func gt(_ other: Self) -> SQLQueryExpression<Bool> { compared(.greaterThan, other.node) }
  /// `self <= other`.
  @inlinable
  public func lte(_ other: Self) -> SQLQueryExpression<Bool> { compared(.lessThanOrEqual, other.node) }
  /// `self >= other`.
  @inlinable
  public func gte(_ other: Self) -> SQLQueryExpression<Bool> { compared(.greaterThanOrEqual, other.node) }
}

extension SQLQueryExpression where Value: QueryBindable {
  /// `self = value`; comparing with `nil` renders `IS NULL`.
  @inlinable
  public func eq(_ value: Value) -> SQLQueryExpression<Bool> {
    let binding = value.queryBinding
    if binding == .null { return SQLQueryExpression<Bool>(node: .isNull(node, negated: false)) }
    return compared(.equal, .binding(binding))
  }
  /// `self <> value`; comparing with `nil` renders `IS NOT NULL`.
  @inlinable
  public func neq(_ value: Value) -> SQLQueryExpression<Bool> {
    let binding = value.queryBinding
    if binding == .null { return SQLQueryExpression<Bool>(node: .isNull(node, negated: true)) }
    return compared(.notEqual, .binding(binding))
  }
  /// `self < value`.
  @inlinable @_disfavoredOverload
  public func lt(_ value: Value) -> SQLQueryExpression<Bool> { compared(.lessThan, .binding(value.queryBinding)) }
  /// `self > value`.
  @inlinable @_disfavoredOverload
  public func gt(_ value: Value) -> SQLQueryExpression<Bool> { compared(.greaterThan, .binding(value.queryBinding)) }
  /// `self <= value`.
  @inlinable @_disfavoredOverload
  public func lte(_ value: Value) -> SQLQueryExpression<Bool> {
    compared(.lessThanOrEqual, .binding(value.queryBinding))
  }
  /// `self >= value`.
  @inlinable @_disfavoredOverload
  public func gte(_ value: Value) -> SQLQueryExpression<Bool> {
    compared(.greaterThanOrEqual, .binding(value.queryBinding))
  }
  /// Null-safe equality with a value: `$0.priority.is(nil)` finds rows whose priority is `NULL`
  /// (`IS NULL`).
  @inlinable
  public func `is`(_ value: Value) -> SQLQueryExpression<Bool> {
    if value.queryBinding == .null { return SQLQueryExpression<Bool>(node: .isNull(node, negated: false)) }
    return `is`(SQLQueryExpression(value: value))
  }
  /// Null-safe inequality with a value: `$0.priority.isNot(nil)` finds rows with a priority
  /// (`IS NOT NULL`).
  @inlinable
  public func isNot(_ value: Value) -> SQLQueryExpression<Bool> {
    if value.queryBinding == .null { return SQLQueryExpression<Bool>(node: .isNull(node, negated: true)) }
    return isNot(SQLQueryExpression(value: value))
  }
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// `lhs = rhs`.
  @inlinable
  public static func == <Other: QueryDecodable>(lhs: Self, rhs: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { lhs.eq(rhs) }
  /// `lhs <> rhs`.
  @inlinable
  public static func != <Other: QueryDecodable>(lhs: Self, rhs: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { lhs.neq(rhs) }
  /// `lhs < rhs`.
  @inlinable
  public static func < <Other: QueryDecodable>(lhs: Self, rhs: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { lhs.lt(rhs) }
  /// `lhs > rhs`.
  @inlinable
  public static func > <Other: QueryDecodable>(lhs: Self, rhs: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { lhs.gt(rhs) }
  /// `lhs <= rhs`.
  @inlinable
  public static func <= <Other: QueryDecodable>(lhs: Self, rhs: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { lhs.lte(rhs) }
  /// `lhs >= rhs`.
  @inlinable
  public static func >= <Other: QueryDecodable>(lhs: Self, rhs: SQLQueryExpression<Other>) -> SQLQueryExpression<Bool>
  where Other.NonNull == Value.NonNull { lhs.gte(rhs) }

  // The same four, with a right-hand side of the left's own type: an implicit member there,
  // `$0.startsAt < .now(.days(-7))`, needs a concrete type to be found in.

  /// `lhs < rhs`.
  @inlinable
  public static func < (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.lt(rhs) }
  /// `lhs > rhs`.
  @inlinable
  public static func > (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.gt(rhs) }
  /// `lhs <= rhs`.
  @inlinable
  public static func <= (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.lte(rhs) }
  /// `lhs >= rhs`.
  @inlinable
  public static func >= (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.gte(rhs) }
}

extension SQLQueryExpression where Value: QueryBindable {
  /// `lhs = rhs`; `== nil` renders `IS NULL`.
  @inlinable
  public static func == (lhs: Self, rhs: Value) -> SQLQueryExpression<Bool> { lhs.eq(rhs) }
  /// `lhs <> rhs`; `!= nil` renders `IS NOT NULL`.
  @inlinable
  public static func != (lhs: Self, rhs: Value) -> SQLQueryExpression<Bool> { lhs.neq(rhs) }
  /// `lhs < rhs`.
  @inlinable @_disfavoredOverload
  public static func < (lhs: Self, rhs: Value) -> SQLQueryExpression<Bool> { lhs.lt(rhs) }
  /// `lhs > rhs`.
  @inlinable @_disfavoredOverload
  public static func > (lhs: Self, rhs: Value) -> SQLQueryExpression<Bool> { lhs.gt(rhs) }
  /// `lhs <= rhs`.
  @inlinable @_disfavoredOverload
  public static func <= (lhs: Self, rhs: Value) -> SQLQueryExpression<Bool> { lhs.lte(rhs) }
  /// `lhs >= rhs`.
  @inlinable @_disfavoredOverload
  public static func >= (lhs: Self, rhs: Value) -> SQLQueryExpression<Bool> { lhs.gte(rhs) }
}
