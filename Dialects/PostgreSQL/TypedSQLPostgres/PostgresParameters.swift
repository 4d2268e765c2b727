import CLibPQ
import TypedSQLCore

/// A statement's bound values in libpq's wire form: a type OID each, values as text (bytes as
/// binary), laid out in one buffer so a single set of pointers serves the call.
struct PostgresParameters {
  /// The type OID of each value; `NULL` is sent untyped (0) so the server infers its type from
  /// where it is used.
  private(set) var types: [Oid] = []
  /// Starts with a spare byte so that even an empty value has an address: a null pointer
  /// would send `NULL`.
  private var buffer: [UInt8] = [0]
  private var offsets: [Int] = []
  private var lengths: [Int32] = []
  private var formats: [Int32] = []

  init(_ bindings: [QueryBinding]) throws {
    types.reserveCapacity(bindings.count)
    for binding in bindings {
      switch binding {
      case .null:
        append(type: 0, bytes: nil, format: 0)
      case .int(let value):
        append(type: PostgresType.int8, text: String(value))
      case .double(let value):
        append(type: PostgresType.float8, text: Self.text(for: value))
      case .text(let value):
        try append(type: PostgresType.text, checkedText: value)
      case .bool(let value):
        append(type: PostgresType.bool, text: value ? "t" : "f")
      case .blob(let bytes):
        append(type: PostgresType.bytea, bytes: bytes, format: 1)
      case .date(let value):
        append(type: PostgresType.timestamptz, text: ISO8601Text.string(from: value) + "+00")
      case .uuid(let value):
        append(type: PostgresType.uuid, text: value.uuidString.lowercased())
      case .json(let value), .jsonb(let value):
        try append(type: PostgresType.jsonb, checkedText: value)
      case .array(let elements):
        guard let array = PostgresArrayParameter.encode(elements) else {
          throw QueryBindingError("cannot send a list of values of different types as one PostgreSQL array")
        }
        append(type: array.type, text: array.text)
      case .invalid(let error):
        throw error
      }
    }
  }

  /// Appends text that came from the user. PostgreSQL's `text` and `jsonb` cannot hold a NUL
  /// byte and libpq reads a text parameter up to its first one, so such a value would reach the
  /// server cut short and could match other rows: it is refused instead.
  private mutating func append(type: Oid, checkedText text: String) throws {
    try Self.refuseNUL(in: text)
    append(type: type, text: text)
  }

  /// Throws for text holding a NUL byte, which PostgreSQL's `text` and `jsonb` cannot store.
  static func refuseNUL(in text: String) throws {
    guard !text.utf8.contains(0) else {
      throw QueryBindingError(
        "cannot bind text holding a NUL byte (U+0000) to PostgreSQL, whose text cannot store it:"
          + " \(String(reflecting: String(text.prefix(40))))")
    }
  }

  private mutating func append(type: Oid, text: String) {
    var bytes = Array(text.utf8)
    bytes.append(0)
    append(type: type, bytes: bytes, format: 0)
  }

  private mutating func append(type: Oid, bytes: [UInt8]?, format: Int32) {
    types.append(type)
    formats.append(format)
    if let bytes {
      offsets.append(buffer.count)
      lengths.append(Int32(bytes.count))
      buffer.append(contentsOf: bytes)
    } else {
      offsets.append(-1)
      lengths.append(0)
    }
  }

  /// PostgreSQL's text form of a double: shortest round-trip digits, and its spelling of the
  /// special values.
  static func text(for value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    return String(value)
  }

  /// Calls `body` with libpq's value pointers (nil for `NULL`), lengths and formats.
  func withUnsafeArguments<Result>(
    _ body: (
      _ values: UnsafePointer<UnsafePointer<CChar>?>?, _ lengths: UnsafePointer<Int32>?,
      _ formats: UnsafePointer<Int32>?
    ) throws -> Result
  ) rethrows -> Result {
    try buffer.withUnsafeBufferPointer { storage in
      let base = UnsafeRawPointer(storage.baseAddress)
      let values: [UnsafePointer<CChar>?] = offsets.map { offset in
        guard offset >= 0, let base else { return nil }
        return (base + offset).assumingMemoryBound(to: CChar.self)
      }
      return try values.withUnsafeBufferPointer { values in
        try lengths.withUnsafeBufferPointer { lengths in
          try formats.withUnsafeBufferPointer { formats in
            try body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
          }
        }
      }
    }
  }
}
