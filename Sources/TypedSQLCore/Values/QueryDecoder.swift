import Foundation

/// Reads the columns of one result row, left to right, by index.
///
/// Drivers implement this over their native row access (`sqlite3_column_*`, `PQgetvalue`). Each
/// `decode…` call reads the current column and moves to the next one; decoding never goes through
/// `Codable`. A column that holds `NULL` where a value is required, or a value of the wrong type,
/// throws a ``QueryDecodingError`` naming the column and the Swift type expected.
public protocol QueryDecoder {
  /// The zero-based index of the column the next `decode…` call reads.
  var columnIndex: Int { get }

  /// Whether the column `offset` places after the current one holds `NULL`; nothing is consumed.
  func isNull(atOffset offset: Int) -> Bool

  /// If the current column holds `NULL`, consumes it and returns `true`; otherwise consumes
  /// nothing. A driver may remember what it read about the column for the decode that follows.
  mutating func decodeNil() -> Bool

  /// Moves past `count` columns without reading them.
  mutating func skipColumns(_ count: Int)

  /// Reads the current column as a 64-bit integer.
  mutating func decodeInt64() throws -> Int64
  /// Reads the current column as a double.
  mutating func decodeDouble() throws -> Double
  /// Reads the current column as text.
  mutating func decodeString() throws -> String
  /// Reads the current column as bytes.
  mutating func decodeBytes() throws -> [UInt8]
  /// Reads the current column as a boolean (SQLite `0`/`1`, PostgreSQL `boolean`).
  mutating func decodeBool() throws -> Bool
  /// Reads the current column as an instant (SQLite ISO-8601 text, PostgreSQL `timestamptz`).
  mutating func decodeDate() throws -> Date
  /// Reads the current column as a UUID (SQLite text, PostgreSQL `uuid`).
  mutating func decodeUUID() throws -> UUID
  /// Reads the current column as JSON text (SQLite text, PostgreSQL `json`/`jsonb`).
  mutating func decodeJSON() throws -> String

  /// An error for the column just read, whose stored value could not become `expected`.
  ///
  /// Types that convert a primitive further (an `Int32` from an `Int64`, an enum from its raw
  /// value) call this when the conversion fails.
  func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError
}

extension QueryDecoder {
  /// Reads ISO-8601 text: how SQLite stores a date.
  public mutating func decodeDate() throws -> Date {
    let text = try decodeString()
    guard let date = ISO8601Text.date(from: text) else {
      throw conversionError(expected: Date.self, storedValue: "text(\(String(reflecting: text))), not a date")
    }
    return date
  }

  /// Reads UUID text in either case: how SQLite stores a UUID.
  public mutating func decodeUUID() throws -> UUID {
    let text = try decodeString()
    guard let uuid = UUID(uuidString: text) else {
      throw conversionError(expected: UUID.self, storedValue: "text(\(String(reflecting: text))), not a UUID")
    }
    return uuid
  }

  /// Reads JSON stored as text.
  public mutating func decodeJSON() throws -> String {
    try decodeString()
  }

  /// Reads the current column as `type`.
  @inlinable @inline(__always)
  public mutating func decode<Value: QueryDecodable>(_ type: Value.Type = Value.self) throws -> Value {
    try Value(decoder: &self)
  }

  /// Reads the current column in the representation `type` and returns the value it stands
  /// for, or `nil` for `NULL`: StructuredQueries' `decode(_:)`.
  ///
  /// ```swift
  /// date = try decoder.decode(Date.ISO8601Representation.self)   // a Date?
  /// ```
  ///
  /// Where nothing asks for an optional, `decode(_:)` reads the type itself.
  @_disfavoredOverload @inlinable @inline(__always)
  public mutating func decode<Representation: QueryRepresentable>(
    _ type: Representation.Type
  ) throws -> Representation.QueryOutput? {
    try Representation?(decoder: &self)?.queryOutput
  }

  /// Reads one column per type, left to right, each in its representation: StructuredQueries'
  /// `decodeColumns(_:)`.
  ///
  /// ```swift
  /// let (id, title, dueAt) = try decoder.decodeColumns((Int, String, Date.UnixTimeRepresentation?).self)
  /// ```
  @inlinable @inline(__always)
  public mutating func decodeColumns<each Representation: QueryRepresentable>(
    _ types: (repeat each Representation).Type
  ) throws -> (repeat (each Representation).QueryOutput) {
    try (repeat (each Representation)(decoder: &self).queryOutput)
  }

  /// If the current column holds `NULL`, consumes it and returns `true`; otherwise consumes nothing.
  @inlinable
  public mutating func decodeNil() -> Bool {
    guard isNull(atOffset: 0) else { return false }
    skipColumns(1)
    return true
  }
}
