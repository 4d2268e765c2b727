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
    }
  }
}
