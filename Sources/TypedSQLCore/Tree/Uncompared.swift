/// A value kept beside a tree's data that takes no part in its equality or hash: a cache, such
/// as the ``SharedSelectList`` a select's columns came from.
public struct Uncompared<Value: Sendable>: Sendable, Hashable {
  /// The value.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    self.value = value
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  public func hash(into hasher: inout Hasher) {}
}
