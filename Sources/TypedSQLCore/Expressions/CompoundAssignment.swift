// Assignments that read the column they write, for `update` closures, in Swift's own spelling:
//
//   Reminder.update {
//     $0.title += " Copy"          // "title" = ("reminders"."title" || ?1)
//     $0.priority *= 2             // "priority" = ("reminders"."priority" * ?2)
//     $0.isCompleted.toggle()      // "isCompleted" = (NOT "reminders"."isCompleted")
//   }
//
// `Updates` hands out a column as an expression (its favoured subscript), so these operators, on
// expressions, win over the standard library's; a plain Swift value assigned with `=` goes
// through its other subscript.

extension SQLQueryExpression where Value: QueryBindable, Value.NonNull: Numeric {
  /// `lhs = lhs + rhs`.
  public static func += (lhs: inout Self, rhs: Value) { lhs = lhs + rhs }
  /// `lhs = lhs + rhs`.
  public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// `lhs = lhs - rhs`.
  public static func -= (lhs: inout Self, rhs: Value) { lhs = lhs - rhs }
  /// `lhs = lhs - rhs`.
  public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// `lhs = lhs * rhs`.
  public static func *= (lhs: inout Self, rhs: Value) { lhs = lhs * rhs }
  /// `lhs = lhs * rhs`.
  public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
  /// `lhs = lhs / rhs`; a zero `rhs` throws when the statement is rendered, unless the column is
  /// optional.
  public static func /= (lhs: inout Self, rhs: Value) { lhs = lhs / rhs }
  /// `lhs = lhs / rhs`: where `rhs` is zero the column is set to `NULL`, which a `NOT NULL`
  /// column refuses with the database's error.
  public static func /= (lhs: inout Self, rhs: Self) { lhs = Self(node: (lhs / rhs).node) }

  /// Negates the value: `self = -self`.
  public mutating func negate() { self = -self }
}

extension SQLQueryExpression where Value: QueryBindable, Value.NonNull: BinaryInteger {
  /// `lhs = lhs & rhs`.
  public static func &= (lhs: inout Self, rhs: Value) { lhs = lhs & rhs }
  /// `lhs = lhs & rhs`.
  public static func &= (lhs: inout Self, rhs: Self) { lhs = lhs & rhs }
  /// `lhs = lhs | rhs`.
  public static func |= (lhs: inout Self, rhs: Value) { lhs = lhs | rhs }
  /// `lhs = lhs | rhs`.
  public static func |= (lhs: inout Self, rhs: Self) { lhs = lhs | rhs }
  /// `lhs = lhs << amount`.
  public static func <<= (lhs: inout Self, amount: Int) { lhs = lhs << amount }
  /// `lhs = lhs >> amount`.
  public static func >>= (lhs: inout Self, amount: Int) { lhs = lhs >> amount }
}

extension SQLQueryExpression where Value == String {
  /// `lhs = lhs || rhs`.
  public static func += (lhs: inout Self, rhs: String) { lhs = lhs + rhs }
  /// `lhs = lhs || rhs`.
  public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }

  /// Appends `text`: `self = self || text`.
  public mutating func append(_ text: String) { self = self + text }

  /// Appends the value of `other`: `self = self || other`.
  public mutating func append(_ other: Self) { self = self + other }

  /// Appends `text`: `self = self || text`.
  public mutating func append(contentsOf text: String) { self = self + text }
}

extension SQLQueryExpression where Value == Bool {
  /// Negates the value: `self = NOT self`.
  public mutating func toggle() { self = !self }
}
