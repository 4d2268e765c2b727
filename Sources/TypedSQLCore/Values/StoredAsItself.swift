import Foundation

/// A value stored in its default form: its own representation, so that `#bind(value)` of it is
/// the value, as for a column declared with `@Column(as:)`.
///
/// ```swift
/// Reminder.where { $0.id == #bind(id) }   // the same as `$0.id == id`
/// ```
public protocol StoredAsItself: QueryRepresentable where QueryOutput == Self {}

extension StoredAsItself {
  /// The value itself.
  @inlinable
  public init(queryOutput: Self) {
    self = queryOutput
  }

  /// The value itself.
  @inlinable
  public var queryOutput: Self { self }
}

extension Bool: StoredAsItself {}
extension String: StoredAsItself {}
extension Double: StoredAsItself {}
extension Float: StoredAsItself {}
extension Int: StoredAsItself {}
extension Int8: StoredAsItself {}
extension Int16: StoredAsItself {}
extension Int32: StoredAsItself {}
extension Int64: StoredAsItself {}
extension UInt8: StoredAsItself {}
extension UInt16: StoredAsItself {}
extension UInt32: StoredAsItself {}
extension UInt: StoredAsItself {}
extension UInt64: StoredAsItself {}
extension Array: QueryRepresentable, StoredAsItself where Element == UInt8 {}
extension Date: StoredAsItself {}
extension UUID: StoredAsItself {}
extension Data: StoredAsItself {}
extension URL: StoredAsItself {}
