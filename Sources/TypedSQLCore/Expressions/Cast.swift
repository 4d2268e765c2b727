import Foundation

/// A Swift type a value can be cast to with `cast(as:)`, and the portable SQL
/// type that stands for it.
public protocol QueryCastable: QueryBindable {
  /// The portable type `CAST` names.
  static var castType: SQLType { get }
}

extension Int: QueryCastable { public static var castType: SQLType { .integer } }
extension Int64: QueryCastable { public static var castType: SQLType { .integer } }
extension Double: QueryCastable { public static var castType: SQLType { .real } }
extension String: QueryCastable { public static var castType: SQLType { .text } }
extension Bool: QueryCastable { public static var castType: SQLType { .boolean } }
extension Date: QueryCastable { public static var castType: SQLType { .timestamp } }

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull == Value {
  /// `CAST(self AS type)`, with each database's name for the type, meaning what SQLite's `CAST`
  /// means on every database: a `Double` becomes an `Int` by truncation, text becomes a number by
  /// its longest numeric prefix (0 when there is none), a `Bool` is 0 or 1 (`"1"` as text), and a
  /// number becomes a `Bool` by comparison with zero. Casts that cannot mean the same (a `Double`
  /// to text on PostgreSQL, a `Date` to or from a number) are refused by name. Without `as:` the
  /// type is the one the context asks for (`$0.fib.cast(as: Double.self) / $0.prevFib.cast()`).
  public func cast<Target: QueryCastable>(as type: Target.Type = Target.self) -> SQLQueryExpression<Target> {
    SQLQueryExpression<Target>(node: .cast(node, Target.castType, from: Value.storageType))
  }
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// `CAST(self AS type)` to an optional type, StructuredQueries' `cast(as: Int?.self)`: the same
  /// cast as to `Int`, whose `NULL` stays `NULL`.
  public func cast<Target: QueryCastable>(as type: Target?.Type) -> SQLQueryExpression<Target?> {
    SQLQueryExpression<Target?>(node: .cast(node, Target.castType, from: Value.storageType))
  }

  /// `CAST(self AS type)` of an optional value: `NULL` stays `NULL`.
  @_disfavoredOverload
  public func cast<Target: QueryCastable>(as type: Target.Type = Target.self) -> SQLQueryExpression<Target?> {
    SQLQueryExpression<Target?>(node: .cast(node, Target.castType, from: Value.storageType))
  }
}
