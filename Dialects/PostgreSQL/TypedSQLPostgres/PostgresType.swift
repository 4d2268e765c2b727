import CLibPQ

/// The type OIDs of PostgreSQL's built-in types the driver sends and reads: constants that the
/// row decoder's inlined reads compare in the module that declares a row.
@usableFromInline
enum PostgresType {
  @inlinable static var bool: Oid { 16 }
  @inlinable static var bytea: Oid { 17 }
  @inlinable static var name: Oid { 19 }
  @inlinable static var int8: Oid { 20 }
  @inlinable static var int2: Oid { 21 }
  @inlinable static var int4: Oid { 23 }
  @inlinable static var text: Oid { 25 }
  @inlinable static var float4: Oid { 700 }
  @inlinable static var float8: Oid { 701 }
  @inlinable static var unknown: Oid { 705 }
  @inlinable static var bpchar: Oid { 1042 }
  @inlinable static var varchar: Oid { 1043 }
  @inlinable static var numeric: Oid { 1700 }
  @inlinable static var json: Oid { 114 }
  @inlinable static var jsonb: Oid { 3802 }
  @inlinable static var date: Oid { 1082 }
  @inlinable static var timestamp: Oid { 1114 }
  @inlinable static var timestamptz: Oid { 1184 }
  @inlinable static var uuid: Oid { 2950 }
  @inlinable static var tsvector: Oid { 3614 }
}

/// A readable name for a type OID, for errors.
func typeName(_ oid: Oid) -> String {
  switch oid {
  case PostgresType.bool: return "boolean"
  case PostgresType.bytea: return "bytea"
  case PostgresType.name: return "name"
  case PostgresType.int8: return "bigint"
  case PostgresType.int2: return "smallint"
  case PostgresType.int4: return "integer"
  case PostgresType.text: return "text"
  case PostgresType.float4: return "real"
  case PostgresType.float8: return "double precision"
  case PostgresType.unknown: return "unknown"
  case PostgresType.bpchar: return "character"
  case PostgresType.varchar: return "character varying"
  case PostgresType.numeric: return "numeric"
  case PostgresType.json: return "json"
  case PostgresType.jsonb: return "jsonb"
  case PostgresType.date: return "date"
  case PostgresType.timestamp: return "timestamp"
  case PostgresType.timestamptz: return "timestamptz"
  case PostgresType.uuid: return "uuid"
  case PostgresType.tsvector: return "tsvector"
  default: return "type \(oid)"
  }
}
