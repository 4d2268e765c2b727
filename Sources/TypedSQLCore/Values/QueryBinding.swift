import Foundation

/// A value sent to the database as a bound parameter.
///
/// A binding is never spliced into SQL text: the renderer writes a placeholder for it and the
/// driver binds it in the database's own wire form (SQLite storage class, PostgreSQL type OID).
public enum QueryBinding: Hashable, Sendable {
  /// SQL `NULL`.
  case null
  /// A 64-bit signed integer.
  case int(Int64)
  /// A double-precision float.
  case double(Double)
  /// UTF-8 text.
  case text(String)
  /// Raw bytes: a SQLite `BLOB`, a PostgreSQL `bytea`.
  case blob([UInt8])
  /// A boolean: SQLite stores `1`/`0`, PostgreSQL a `boolean`.
  case bool(Bool)
  /// An instant: ISO-8601 text (`2024-01-02 03:04:05.678`, UTC) in SQLite, `timestamptz` in
  /// PostgreSQL.
  case date(Date)
  /// A UUID: lower-case text in SQLite, `uuid` in PostgreSQL.
  case uuid(UUID)
  /// JSON text: text in SQLite, `jsonb` in PostgreSQL.
  case json(String)
  /// A value that could not be turned into a binding; rendering the statement throws it.
  case invalid(QueryBindingError)
}

/// Why a Swift value could not be bound.
public struct QueryBindingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, e.g. `cannot encode [Double] as JSON: NaN`.
  public var message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

extension QueryBinding: CustomStringConvertible {
  /// A short, type-tagged description used in errors and test output, e.g. `int(2)` or `text("Milk")`.
  public var description: String {
    switch self {
    case .null: return "NULL"
    case .int(let value): return "int(\(value))"
    case .double(let value): return "double(\(value))"
    case .text(let value): return "text(\(String(reflecting: value)))"
    case .blob(let bytes): return "blob(\(bytes.count) bytes)"
    case .bool(let value): return "bool(\(value))"
    case .date(let value): return "date(\(ISO8601Text.string(from: value)))"
    case .uuid(let value): return "uuid(\(value.uuidString.lowercased()))"
    case .json(let value): return "json(\(value))"
    case .invalid(let error): return "invalid(\(error))"
    }
  }
}
