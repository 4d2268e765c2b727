import Foundation

/// Any `Codable` value stored as JSON: text in SQLite, `jsonb` in PostgreSQL.
///
/// ```swift
/// @Table struct Reminder {
///   let id: Int
///   @Column(as: [String].JSONRepresentation.self) var notes: [String]
/// }
/// // INSERT … VALUES ('["Milk","Eggs","Bananas"]')
/// ```
///
/// The JSON is compact with sorted keys, so equal values give equal text.
public struct JSONRepresentation<Value: Codable & Sendable>: QueryRepresentable, QueryJSONValue {
  public typealias JSONDocument = Value
  public var queryOutput: Value
  public init(queryOutput: Value) { self.queryOutput = queryOutput }

  /// JSON compares by meaning, not spelling: `json(x)` in SQLite, `CAST(x AS jsonb)` in
  /// PostgreSQL.
  public static func wrapSQL(_ expression: SQLExpression) -> SQLExpression {
    .function(.json, [expression])
  }

  public static var jsonValueForms: [JSONValueForm] { [.json] }
  public static var storedType: StoredType? { .json }

  public var queryBinding: QueryBinding {
    do {
      return .json(String(decoding: try JSONCoding.encoder.encode(queryOutput), as: UTF8.self))
    } catch {
      return .invalid(QueryBindingError("cannot encode \(Value.self) as JSON: \(error)"))
    }
  }

  public init(decoder: inout some QueryDecoder) throws {
    let text = try decoder.decodeJSON()
    do {
      queryOutput = try JSONCoding.decoder.decode(Value.self, from: Data(text.utf8))
    } catch {
      throw decoder.conversionError(
        expected: Value.self, storedValue: "json(\(text)), which does not decode: \(error)")
    }
  }
}

/// A value stored as JSON, whose column offers the JSON functions.
public protocol QueryJSONValue {
  /// The Swift type of the JSON document: what typed paths (`\.tags[0]`) start from.
  associatedtype JSONDocument
}

extension Decodable where Self: Encodable & Sendable {
  /// This type stored as JSON: `@Column(as: [String].JSONRepresentation.self)`.
  public typealias JSONRepresentation = TypedSQLCore.JSONRepresentation<Self>
}

extension Optional where Wrapped: Codable & Sendable {
  /// An optional value stored as JSON, `NULL` for `nil`: `[String]?.JSONRepresentation` is
  /// `[String].JSONRepresentation?`, as in StructuredQueries. (The JSON of an optional would be a
  /// column that is never `NULL`, holding `null` for `nil`, and would fail to read a `NULL`.)
  public typealias JSONRepresentation = TypedSQLCore.JSONRepresentation<Wrapped>?
}

/// The encoder and decoder JSON columns share.
///
/// A date is ISO-8601 text (`"2024-05-01 09:30:00.000"`), as a date column's text and as a row
/// built as JSON in SQL write it, and as StructuredQueries stores it: so a `[Reminder]` built
/// with `jsonGroupArray()` decodes here, and a database written by StructuredQueries reads
/// back. A number still reads as a date, in seconds since 2001 (`Codable`'s default form).
enum JSONCoding {
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      guard ISO8601Text.canRepresent(date) else {
        throw EncodingError.invalidValue(
          date, EncodingError.Context(
            codingPath: encoder.codingPath, debugDescription: "only years 0001–9999 have ISO-8601 text"))
      }
      var container = encoder.singleValueContainer()
      try container.encode(ISO8601Text.string(from: date))
    }
    return encoder
  }()

  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      if let seconds = try? container.decode(Double.self) {
        return Date(timeIntervalSinceReferenceDate: seconds)
      }
      let text = try container.decode(String.self)
      guard let date = ISO8601Text.date(from: text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO-8601 date: \(text)")
      }
      return date
    }
    return decoder
  }()
}
