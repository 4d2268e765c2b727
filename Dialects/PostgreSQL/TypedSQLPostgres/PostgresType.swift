import CLibPQ

/// The type OIDs of PostgreSQL's built-in types the driver sends and reads.
enum PostgresType {
  static let bool: Oid = 16
  static let bytea: Oid = 17
  static let name: Oid = 19
  static let int8: Oid = 20
  static let int2: Oid = 21
  static let int4: Oid = 23
  static let text: Oid = 25
  static let float4: Oid = 700
  static let float8: Oid = 701
  static let unknown: Oid = 705
  static let bpchar: Oid = 1042
  static let varchar: Oid = 1043
  static let numeric: Oid = 1700
  static let json: Oid = 114
  static let jsonb: Oid = 3802
  static let date: Oid = 1082
  static let timestamp: Oid = 1114
  static let timestamptz: Oid = 1184
  static let uuid: Oid = 2950
  static let tsvector: Oid = 3614
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
