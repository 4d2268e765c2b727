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
  /// JSON text to store in the database's binary JSON: SQLite's JSONB (`jsonb(?)`, 3.45 and
  /// later), PostgreSQL's `jsonb`.
  case jsonb(String)
  /// Values of one kind sent as one array parameter, where the database has arrays: a dialect
  /// makes it for an `IN` list on PostgreSQL (`x = ANY($1)`); SQLite refuses it.
  case array([QueryBinding])
  /// A value that could not be turned into a binding; rendering the statement throws it.
  case invalid(QueryBindingError)
}

extension QueryBinding {
  /// Whether two bindings send the same value: text and JSON compare by their UTF-8 bytes,
  /// doubles by bit pattern. Swift's `String ==` (canonical equivalence: `"\u{E9}"` equals
  /// `"e\u{301}"`) and `Double ==` (`0.0` equals `-0.0`) would let two different values share
  /// one placeholder, storing or matching bytes the user did not write.
  ///
  /// It switches over one operand and matches the other, rather than switching over a tuple of
  /// the two, which is built of copies of both.
  public static func == (lhs: QueryBinding, rhs: QueryBinding) -> Bool {
    switch lhs {
    case .null:
      if case .null = rhs { return true }
    case .int(let a):
      if case .int(let b) = rhs { return a == b }
    case .double(let a):
      if case .double(let b) = rhs { return a.bitPattern == b.bitPattern }
    case .text(let a):
      if case .text(let b) = rhs { return ExactText.haveSameUTF8(a, b) }
    case .json(let a):
      if case .json(let b) = rhs { return ExactText.haveSameUTF8(a, b) }
    case .jsonb(let a):
      if case .jsonb(let b) = rhs { return ExactText.haveSameUTF8(a, b) }
    case .blob(let a):
      if case .blob(let b) = rhs { return a == b }
    case .bool(let a):
      if case .bool(let b) = rhs { return a == b }
    case .date(let a):
      if case .date(let b) = rhs {
        return a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
      }
    case .uuid(let a):
      if case .uuid(let b) = rhs { return a == b }
    case .array(let a):
      if case .array(let b) = rhs { return a == b }
    case .invalid(let a):
      if case .invalid(let b) = rhs { return a == b }
    }
    return false
  }

  /// Hashes the value as ``==(_:_:)`` compares it: text by its UTF-8 bytes.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .int(let value): hasher.combine(1); hasher.combine(value)
    case .double(let value): hasher.combine(2); hasher.combine(value.bitPattern)
    case .text(let value): hasher.combine(3); ExactText.combineUTF8(of: value, into: &hasher)
    case .blob(let bytes): hasher.combine(4); hasher.combine(bytes)
    case .bool(let value): hasher.combine(5); hasher.combine(value)
    case .date(let value): hasher.combine(6); hasher.combine(value.timeIntervalSinceReferenceDate.bitPattern)
    case .uuid(let value): hasher.combine(7); hasher.combine(value)
    case .json(let value): hasher.combine(8); ExactText.combineUTF8(of: value, into: &hasher)
    case .jsonb(let value): hasher.combine(11); ExactText.combineUTF8(of: value, into: &hasher)
    case .array(let elements): hasher.combine(10); hasher.combine(elements)
    case .invalid(let error): hasher.combine(9); hasher.combine(error)
    }
  }
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
    case .jsonb(let value): return "jsonb(\(value))"
    case .array(let elements):
      let shown = elements.prefix(8).map(\.description).joined(separator: ", ")
      return elements.count > 8 ? "array(\(shown), … \(elements.count) values)" : "array(\(shown))"
    case .invalid(let error): return "invalid(\(error))"
    }
  }
}
