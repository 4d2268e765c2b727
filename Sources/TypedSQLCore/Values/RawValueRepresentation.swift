/// Stores a `RawRepresentable` value as its raw value, for a type that does not conform to
/// ``QueryBindable`` itself (one from another module, say):
///
/// ```swift
/// enum Mood: String { case calm, busy }     // no QueryBindable conformance
/// @Table struct Day {
///   let id: Int
///   @Column(as: Mood.RawRepresentation.self) var mood: Mood
/// }
/// ```
///
/// A stored raw value that names no case of the type fails to decode, naming both.
public struct RawValueRepresentation<Value: RawRepresentable & Sendable>: QueryRepresentable
where Value.RawValue: QueryBindable {
  public var queryOutput: Value
  public init(queryOutput: Value) { self.queryOutput = queryOutput }

  public static var storageType: SQLType? { Value.RawValue.storageType }

  public static var jsonValueForms: [JSONValueForm] { Value.RawValue.jsonValueForms }

  @inlinable public var queryBinding: QueryBinding { queryOutput.rawValue.queryBinding }

  public init(decoder: inout some QueryDecoder) throws {
    let rawValue = try QueryDecodingError.naming(Value.self) { try Value.RawValue(decoder: &decoder) }
    guard let value = Value(rawValue: rawValue) else {
      throw decoder.conversionError(
        expected: Value.self, storedValue: "\(rawValue.queryBinding), not a case of \(Value.self)")
    }
    queryOutput = value
  }
}

extension RawRepresentable where Self: Sendable, RawValue: QueryBindable {
  /// This type stored as its raw value: `@Column(as: Mood.RawRepresentation.self)`.
  public typealias RawRepresentation = RawValueRepresentation<Self>
}
