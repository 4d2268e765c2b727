import Foundation

// Dates and UUIDs in their default representations: ISO-8601 text and lower-case text in SQLite,
// `timestamptz` and `uuid` in PostgreSQL. Other representations are chosen per column with
// `@Column(as:)`.

extension Date: QueryBindable {
  public static var storageType: SQLType? { .timestamp }

  /// An instant: `.date`, or an invalid binding outside years 0001–9999, which have no ISO-8601
  /// text form.
  @inlinable public var queryBinding: QueryBinding {
    guard ISO8601Text.canRepresent(self) else {
      return .invalid(
        QueryBindingError(
          "the date \(timeIntervalSince1970) s from 1970 is outside years 0001–9999 and has no ISO-8601 text form"))
    }
    return .date(self)
  }

  @inlinable @inline(__always)
  public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decodeDate()
  }
}

extension UUID: QueryBindable {
  public var queryBinding: QueryBinding { .uuid(self) }
  public static var storedType: StoredType? { .uuid }

  public init(decoder: inout some QueryDecoder) throws {
    self = try QueryDecodingError.naming(UUID.self) { try decoder.decodeUUID() }
  }
}

extension Data: QueryRow {}

extension Data: QueryBindable {
  public var queryBinding: QueryBinding { .blob(Array(self)) }

  public static var jsonValueForms: [JSONValueForm] { [.bytes] }
  public static var storedType: StoredType? { .bytes }

  public init(decoder: inout some QueryDecoder) throws {
    self = Data(try decoder.decodeBytes())
  }
}

extension URL: QueryBindable {
  /// A URL stored as its absolute string.
  public var queryBinding: QueryBinding { .text(absoluteString) }

  public init(decoder: inout some QueryDecoder) throws {
    let text = try decoder.decodeString()
    guard let url = URL(string: text) else {
      throw decoder.conversionError(expected: URL.self, storedValue: "text(\(String(reflecting: text))), not a URL")
    }
    self = url
  }
}
