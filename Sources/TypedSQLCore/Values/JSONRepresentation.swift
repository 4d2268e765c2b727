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
public struct JSONRepresentation<Value: Codable & Sendable>: QueryRepresentable {
  public var queryOutput: Value
  public init(queryOutput: Value) { self.queryOutput = queryOutput }

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

extension Decodable where Self: Encodable & Sendable {
  /// This type stored as JSON: `@Column(as: [String].JSONRepresentation.self)`.
  public typealias JSONRepresentation = TypedSQLCore.JSONRepresentation<Self>
}

/// The encoder and decoder JSON columns share.
enum JSONCoding {
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
  static let decoder = JSONDecoder()
}
