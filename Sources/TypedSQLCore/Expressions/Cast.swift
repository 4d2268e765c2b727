import Foundation

/// A Swift type a value can be cast to with ``QueryExpression/cast(as:)``, and the portable SQL
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

extension QueryExpression where Value: QueryDecodable, Value.NonNull == Value {
  /// `CAST(self AS type)`, with each database's name for the type.
  public func cast<Target: QueryCastable>(as type: Target.Type) -> QueryExpression<Target> {
    QueryExpression<Target>(node: .cast(node, Target.castType))
  }
}

extension QueryExpression where Value: QueryDecodable {
  /// `CAST(self AS type)` of an optional value: `NULL` stays `NULL`.
  @_disfavoredOverload
  public func cast<Target: QueryCastable>(as type: Target.Type) -> QueryExpression<Target?> {
    QueryExpression<Target?>(node: .cast(node, Target.castType))
  }
}
