/// The kind of SQL value a Swift type stores in a column, whatever each database calls it:
/// what schema verification checks a live column's declared type against.
public enum StoredType: String, Sendable, Hashable {
  /// A whole number: SQLite `INTEGER`, PostgreSQL `smallint`/`integer`/`bigint`.
  case integer
  /// A floating-point number: SQLite `REAL`, PostgreSQL `real`/`double precision`.
  case real
  /// Text: SQLite `TEXT`, PostgreSQL `text`/`varchar`.
  case text
  /// Bytes: SQLite `BLOB`, PostgreSQL `bytea`.
  case bytes
  /// A Boolean: SQLite `INTEGER` 0/1, PostgreSQL `boolean`.
  case boolean
  /// An instant: SQLite ISO-8601 `TEXT`, PostgreSQL `timestamptz`.
  case instant
  /// A UUID: SQLite `TEXT`, PostgreSQL `uuid`.
  case uuid
  /// JSON: SQLite `TEXT`, PostgreSQL `jsonb`.
  case json
  /// Binary JSON: SQLite JSONB (`BLOB`), PostgreSQL `jsonb`.
  case binaryJSON

  /// The kind of value of a portable SQL type.
  init(_ type: SQLType) {
    switch type {
    case .integer: self = .integer
    case .real: self = .real
    case .text: self = .text
    case .blob: self = .bytes
    case .boolean: self = .boolean
    case .timestamp: self = .instant
    }
  }
}

/// What a Swift type stores in one column it spans.
public struct StoredColumn: Sendable, Hashable {
  /// The kind of value, or `nil` for a type that does not say (a custom `QueryBindable`).
  public var type: StoredType?
  /// Whether the Swift type allows `NULL`; `nil` when it is not known (a definition written by
  /// hand).
  public var isOptional: Bool?
  /// The Swift type's name, for reports.
  public var swiftType: String

  /// Creates the description of one stored column.
  public init(type: StoredType?, isOptional: Bool?, swiftType: String) {
    self.type = type
    self.isOptional = isOptional
    self.swiftType = swiftType
  }
}
