/// A Swift value that can be bound as a query parameter and read back from a column: the
/// protocol that gives any Swift type a place in a table.
///
/// The library conforms `Bool`, the integer types, `Double`, `Float`, `String`, `[UInt8]`,
/// `Data`, `Date`, `UUID` and optionals of them. A `RawRepresentable` type whose raw value is
/// bindable only needs to state the conformance:
///
/// ```swift
/// enum Priority: Int, QueryBindable { case low = 1, medium, high }
/// ```
///
/// Any other type provides four things:
/// - **bind**: ``queryBinding``, the value as the database receives it (its literal form, where
///   SQL is shown with values inline, follows from it);
/// - **decode**: ``QueryDecodable/init(decoder:)``, reading the stored form back, throwing
///   ``QueryDecoder/conversionError(expected:storedValue:)`` when it is malformed;
/// - optionally, **wrap**: ``QueryDecodable/wrapSQL(_:)``, an expression applied wherever the
///   value is compared or ordered.
///
/// ```swift
/// /// A due date kept as ISO-8601 text, compared as seconds since 1970.
/// struct DueDate: QueryBindable {
///   var date: Date
///   var queryBinding: QueryBinding { .text(ISO8601Text.string(from: date)) }
///   init(decoder: inout some QueryDecoder) throws {
///     let text = try decoder.decodeString()
///     guard let date = ISO8601Text.date(from: text) else {
///       throw decoder.conversionError(expected: DueDate.self, storedValue: text)
///     }
///     self.date = date
///   }
///   static func wrapSQL(_ expression: SQLExpression) -> SQLExpression {
///     .function(.unixEpoch, [expression])
///   }
/// }
/// // Invoice.where { $0.dueDate < DueDate(date: now) }
/// // SQLite:     WHERE (unixepoch("invoices"."dueDate") < unixepoch(?1))
/// // PostgreSQL: WHERE (extract(epoch FROM CAST("invoices"."dueDate" AS timestamptz)) < …)
/// ```
public protocol QueryBindable: QueryDecodable, QueryExpression, QueryProjection, Sendable
where QueryValue == Self, Row == Self {
  /// The value as the database receives it.
  var queryBinding: QueryBinding { get }
}

extension QueryBindable {
  /// A Swift value in a `select`, `returning` or insert's `select:` closure is selected bound:
  /// `Reminder.select { ($0.id, true) }` is `SELECT "reminders"."id", ?1`.
  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(.binding(queryBinding))
  }
}

extension Optional: QueryExpression where Wrapped: QueryBindable {
  public typealias QueryValue = Self
  @inlinable public var queryNode: SQLExpression { .binding(queryBinding) }
}

extension Optional: ColumnsArgument where Wrapped: QueryBindable {}

extension Optional: QueryProjection where Wrapped: QueryBindable {
  public typealias Row = Self
  public func appendSelection(to columns: inout [SQLExpression]) { columns.append(.binding(queryBinding)) }
}

extension Optional: QueryBindable where Wrapped: QueryBindable {
  @inlinable public var queryBinding: QueryBinding { self?.queryBinding ?? .null }
}

extension Bool: QueryBindable {
  public static var storageType: SQLType? { .boolean }

  public static var jsonValueForms: [JSONValueForm] { [.boolean] }
  @inlinable public var queryBinding: QueryBinding { .bool(self) }
  @inlinable @inline(__always)
  public init(decoder: inout some QueryDecoder) throws { self = try decoder.decodeBool() }
}

extension String: QueryBindable {
  public static var storageType: SQLType? { .text }
  @inlinable public var queryBinding: QueryBinding { .text(self) }
  @inlinable @inline(__always)
  public init(decoder: inout some QueryDecoder) throws { self = try decoder.decodeString() }
}

extension Double: QueryBindable {
  public static var storageType: SQLType? { .real }
  @inlinable public var queryBinding: QueryBinding { .double(self) }
  @inlinable @inline(__always)
  public init(decoder: inout some QueryDecoder) throws { self = try decoder.decodeDouble() }
}

extension Float: QueryBindable {
  public static var storageType: SQLType? { .real }
  @inlinable public var queryBinding: QueryBinding { .double(Double(self)) }
  @inlinable public init(decoder: inout some QueryDecoder) throws {
    self = Float(try QueryDecodingError.naming(Float.self) { try decoder.decodeDouble() })
  }
}

extension Array: QueryRow, WholeRow where Element == UInt8 {}

extension Array: QueryDecodable where Element == UInt8 {
  @inlinable public init(decoder: inout some QueryDecoder) throws { self = try decoder.decodeBytes() }

  public static var jsonValueForms: [JSONValueForm] { [.bytes] }
  public static var storedType: StoredType? { .bytes }
}

extension Array: QueryExpression where Element == UInt8 {
  public typealias QueryValue = Self
  @inlinable public var queryNode: SQLExpression { .binding(.blob(self)) }
}

extension Array: ColumnsArgument where Element == UInt8 {}

extension Array: QueryProjection where Element == UInt8 {
  public typealias Row = Self
  public func appendSelection(to columns: inout [SQLExpression]) { columns.append(.binding(queryBinding)) }
}

extension Array: QueryBindable where Element == UInt8 {
  @inlinable public var queryBinding: QueryBinding { .blob(self) }
}

/// An integer type bound as a 64-bit signed integer, the databases' widest: binding an unsigned
/// value past `Int64.max` fails with a `QueryBindingError`, and decoding a stored value that
/// does not fit the type throws.
public protocol QueryBindableInteger: QueryBindable, FixedWidthInteger {}

extension QueryBindableInteger {
  public static var storageType: SQLType? { .integer }

  @inlinable public var queryBinding: QueryBinding {
    guard let value = Int64(exactly: self) else {
      return .invalid(QueryBindingError("\(Self.self) \(self) is past Int64.max, the largest integer a database column holds"))
    }
    return .int(value)
  }

  @inlinable @inline(__always)
  public init(decoder: inout some QueryDecoder) throws {
    let stored = try QueryDecodingError.naming(Self.self) { try decoder.decodeInt64() }
    guard let value = Self(exactly: stored) else {
      throw decoder.conversionError(expected: Self.self, storedValue: "int(\(stored)), out of range")
    }
    self = value
  }
}

extension Int: QueryBindableInteger {}
extension Int8: QueryBindableInteger {}
extension Int16: QueryBindableInteger {}
extension Int32: QueryBindableInteger {}
extension Int64: QueryBindableInteger {}
extension UInt8: QueryBindableInteger {}
extension UInt16: QueryBindableInteger {}
extension UInt32: QueryBindableInteger {}
extension UInt: QueryBindableInteger {}
extension UInt64: QueryBindableInteger {}

extension QueryBindable where Self: RawRepresentable, RawValue: QueryBindable {
  public static var storageType: SQLType? { RawValue.storageType }

  public static var jsonValueForms: [JSONValueForm] { RawValue.jsonValueForms }

  @inlinable public var queryBinding: QueryBinding { rawValue.queryBinding }

  public init(decoder: inout some QueryDecoder) throws {
    let rawValue = try QueryDecodingError.naming(Self.self) { try RawValue(decoder: &decoder) }
    guard let value = Self(rawValue: rawValue) else {
      throw decoder.conversionError(
        expected: Self.self, storedValue: "\(rawValue.queryBinding), not a case of \(Self.self)")
    }
    self = value
  }
}
