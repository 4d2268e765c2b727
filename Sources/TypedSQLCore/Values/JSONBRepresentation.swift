import Foundation

/// Any `Codable` value stored in the database's binary JSON: SQLite's JSONB (a blob SQLite's JSON
/// functions read without parsing text; SQLite 3.45 and later), PostgreSQL's `jsonb`.
///
/// ```swift
/// @Table struct Profile {
///   let id: Int
///   @Column(as: Settings.JSONBRepresentation.self) var settings: Settings
/// }
/// // SQLite:     INSERT … VALUES (?1, jsonb(?2))   -- ?2 = '{"theme":"dark"}'
/// // PostgreSQL: INSERT … VALUES ($1, $2)          -- $2 = '{"theme":"dark"}'::jsonb
/// ```
///
/// It offers the same JSON functions as ``JSONRepresentation``. An older SQLite refuses to store
/// it with a ``DialectError`` naming JSONB and the version it needs; values read back decode
/// whether the column holds JSONB or JSON text.
public struct JSONBRepresentation<Value: Codable & Sendable>: QueryRepresentable, QueryJSONValue {
  public typealias JSONDocument = Value
  public var queryOutput: Value
  public init(queryOutput: Value) { self.queryOutput = queryOutput }

  /// JSON compares by meaning, not spelling: `json(x)` in SQLite (which also reads JSONB),
  /// `CAST(x AS jsonb)` in PostgreSQL.
  public static func wrapSQL(_ expression: SQLExpression) -> SQLExpression {
    .function(.json, [expression])
  }

  public static var jsonValueForms: [JSONValueForm] { [.binaryJSON] }
  public static var storedType: StoredType? { .binaryJSON }

  public var queryBinding: QueryBinding {
    switch JSONRepresentation(queryOutput: queryOutput).queryBinding {
    case .json(let text): .jsonb(text)
    case let other: other
    }
  }

  public init(decoder: inout some QueryDecoder) throws {
    queryOutput = try JSONRepresentation<Value>(decoder: &decoder).queryOutput
  }
}

extension Decodable where Self: Encodable & Sendable {
  /// This type stored as binary JSON: `@Column(as: Settings.JSONBRepresentation.self)`.
  public typealias JSONBRepresentation = TypedSQLCore.JSONBRepresentation<Self>
}

extension Optional where Wrapped: Codable & Sendable {
  /// An optional value stored as binary JSON, `NULL` for `nil`: `Settings?.JSONBRepresentation`
  /// is `Settings.JSONBRepresentation?` (see `Optional.JSONRepresentation`).
  public typealias JSONBRepresentation = TypedSQLCore.JSONBRepresentation<Wrapped>?
}
