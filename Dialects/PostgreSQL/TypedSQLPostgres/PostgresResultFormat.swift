import CLibPQ

/// The format a named statement's rows are asked for: binary when every column of its result
/// is of a type the row decoder reads in binary, text otherwise.
///
/// The server describes a statement's columns as it prepares it (in the same round trip), and
/// they cannot change while it exists: the server refuses to run it once they would, and the
/// connection prepares it again. libpq asks for one format for a whole result, so a statement
/// with one column of another type (a `numeric`, a `real`, a `tsvector`, a type of the user's)
/// reads text. Statements prepared unnamed, and those of a pipelined batch, read text.
enum PostgresResultFormat {
  /// Text, libpq's format 0.
  case text
  /// Binary, libpq's format 1.
  case binary

  /// The format to ask libpq for.
  var libpqFormat: Int32 { self == .binary ? 1 : 0 }

  /// The format for the statement `description` describes (`PQdescribePrepared`'s result).
  static func chosen(for description: OpaquePointer) -> PostgresResultFormat {
    let columnCount = PQnfields(description)
    guard columnCount > 0 else { return .text }
    for column in 0..<columnCount where !readsBinary(PQftype(description, column)) {
      return .text
    }
    return .binary
  }

  /// Whether the row decoder reads values of type `oid` in binary exactly as it reads their
  /// text: integers, `double precision`, Booleans, text, bytes, JSON, instants and UUIDs.
  ///
  /// `real` is left out on purpose: its text is the shortest spelling of the `float4`, which
  /// reads as the nearest double to that spelling, while its binary value widens exactly.
  static func readsBinary(_ oid: Oid) -> Bool {
    switch oid {
    case PostgresType.bool, PostgresType.bytea, PostgresType.name, PostgresType.int8, PostgresType.int2,
      PostgresType.int4, PostgresType.text, PostgresType.float8, PostgresType.bpchar, PostgresType.varchar,
      PostgresType.json, PostgresType.jsonb, PostgresType.date, PostgresType.timestamp,
      PostgresType.timestamptz, PostgresType.uuid:
      return true
    default:
      return false
    }
  }
}
