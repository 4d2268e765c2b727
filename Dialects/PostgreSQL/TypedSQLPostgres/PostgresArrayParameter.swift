import CLibPQ
import TypedSQLCore

/// An `IN` list of bound values sent as one PostgreSQL array parameter: `x = ANY($1)` with `$1`
/// a `bigint[]`, instead of `x IN ($1, $2, …)`.
///
/// One parameter whatever the list's length, so a list of 100,000 keys stays far under libpq's
/// 65,535-parameter limit, and a query is one prepared statement for every list length. The
/// meaning is the same, `NULL`s included: `x = ANY(a)` is `x = a1 OR x = a2 …` and
/// `x <> ALL(a)` is `x <> a1 AND x <> a2 …`, as `IN` and `NOT IN` are. The parameter is sent
/// with its array type, so the planner sees a constant array: it uses an index on `x`, and
/// hashes a long list rather than scanning it for each row.
enum PostgresArrayParameter {
  /// The element type shared by every value of `list` that is not `NULL`, or nil unless every
  /// element is a bound value of one sendable type.
  static func elementType(of list: [SQLExpression]) -> Oid? {
    var type: Oid?
    for element in list {
      guard case .binding(let value) = element else { return nil }
      if value == .null { continue }
      guard let elementType = elementType(of: value), type == nil || type == elementType else { return nil }
      type = elementType
    }
    return type
  }

  /// The array's text form (`{1,2,NULL}`) and type OID, or nil for values that cannot be one
  /// array.
  static func encode(_ elements: [QueryBinding]) -> (text: String, type: Oid)? {
    var type: Oid?
    var texts: [String] = []
    texts.reserveCapacity(elements.count)
    for element in elements {
      if element == .null {
        texts.append("NULL")
        continue
      }
      guard let elementType = elementType(of: element), type == nil || type == elementType,
        let text = text(of: element)
      else { return nil }
      type = elementType
      texts.append(text)
    }
    guard let type, let arrayType = arrayTypes[type] else { return nil }
    return ("{" + texts.joined(separator: ",") + "}", arrayType)
  }

  /// The array type of each element type.
  private static let arrayTypes: [Oid: Oid] = [
    PostgresType.int8: 1016, PostgresType.float8: 1022, PostgresType.text: 1009,
    PostgresType.bool: 1000, PostgresType.bytea: 1001, PostgresType.uuid: 2951,
    PostgresType.timestamptz: 1185, PostgresType.jsonb: 3807,
  ]

  /// The type a value is sent as, or nil for one that cannot be an element: text holding a NUL
  /// byte is left to be bound on its own, where the driver refuses it by name.
  private static func elementType(of value: QueryBinding) -> Oid? {
    switch value {
    case .int: return PostgresType.int8
    case .double: return PostgresType.float8
    case .bool: return PostgresType.bool
    case .text(let text): return text.utf8.contains(0) ? nil : PostgresType.text
    case .json(let json), .jsonb(let json): return json.utf8.contains(0) ? nil : PostgresType.jsonb
    case .uuid: return PostgresType.uuid
    case .date: return PostgresType.timestamptz
    case .blob: return PostgresType.bytea
    case .null, .array, .invalid: return nil
    }
  }

  /// One element in an array literal.
  private static func text(of value: QueryBinding) -> String? {
    switch value {
    case .int(let value): return String(value)
    case .double(let value): return PostgresParameters.text(for: value)
    case .bool(let value): return value ? "t" : "f"
    case .text(let text), .json(let text), .jsonb(let text): return quoted(text)
    case .uuid(let uuid): return uuid.uuidString.lowercased()
    case .date(let date): return quoted(ISO8601Text.string(from: date) + "+00")
    case .blob(let bytes):
      return quoted("\\x" + bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined())
    case .null, .array, .invalid: return nil
    }
  }

  /// `"text"`, with backslashes and double quotes escaped: an element read exactly as written.
  private static func quoted(_ text: String) -> String {
    "\"" + text.escapingScalars(["\\", "\""], with: "\\") + "\""
  }
}
