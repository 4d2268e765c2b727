import TypedSQLCore

// What migrations and schema verification need of PostgreSQL: an advisory lock so that two
// processes never migrate at once, the schema erased, and a table's declared columns.

extension PostgresDatabase: SchemaAwareDatabase {
  public var dialectFamily: DialectFamily { .postgres }

  /// Runs `body` in a transaction: PostgreSQL checks foreign keys as each statement runs, and
  /// its DDL is transactional, so a failed migration leaves nothing behind.
  public func runMigration(named name: String, _ body: (PostgresDatabase) throws -> Void) throws {
    try transaction(body)
  }

  /// Runs `body` holding a session advisory lock named after the current schema's migrations
  /// table: a second process that migrates the same schema waits until the first is done, then
  /// finds its migrations applied.
  public func withMigrationLock<Value>(_ body: () throws -> Value) throws -> Value {
    try withConnection {
      let key = "hashtext(current_schema() || '.typedsql_migrations')"
      try execute("SELECT pg_advisory_lock(\(key))")
      let outcome = Result { try body() }
      try execute("SELECT pg_advisory_unlock(\(key))")
      return try outcome.get()
    }
  }

  /// Drops the current schema with everything in it, and creates it again empty.
  public func eraseSchema() throws {
    try execute("""
      DO $typedsql_erase$ DECLARE "schema" text := current_schema(); BEGIN
      EXECUTE format('DROP SCHEMA %I CASCADE', "schema"); EXECUTE format('CREATE SCHEMA %I', "schema");
      END $typedsql_erase$
      """)
  }

  /// `pg_attribute`: each column's type as `format_type` spells it (`integer`, `text`,
  /// `timestamp with time zone`), whether it is `NOT NULL`, and its position in the primary key.
  public func declaredColumns(of table: String, schema: String?) throws -> [DeclaredColumn]? {
    let rows = try fetchAll(
      RenderedSQL(
        sql: """
          SELECT "a"."attname"::text, format_type("a"."atttypid", "a"."atttypmod"), NOT "a"."attnotnull",
            array_position("i"."indkey"::int2[], "a"."attnum")
          FROM pg_attribute AS "a"
          JOIN pg_class AS "c" ON "c"."oid" = "a"."attrelid"
          JOIN pg_namespace AS "n" ON "n"."oid" = "c"."relnamespace"
          LEFT JOIN pg_index AS "i" ON "i"."indrelid" = "c"."oid" AND "i"."indisprimary"
          WHERE "c"."relname" = $1 AND "n"."nspname" = coalesce($2, current_schema())::text
            AND "c"."relkind" IN ('r', 'p', 'v', 'm', 'f') AND "a"."attnum" > 0 AND NOT "a"."attisdropped"
          ORDER BY "a"."attnum"
          """,
        bindings: [.text(table), schema.map { .text($0) } ?? .null]),
      as: ColumnRow.self)
    guard !rows.isEmpty else { return nil }
    return rows.map(\.column)
  }
}

extension PostgresDatabase {
  /// Whether a column of `declaredType` (as `format_type` spells it) holds `type` as TypedSQL
  /// binds and reads it.
  public func declaredType(_ declaredType: String, canStore type: StoredType) -> Bool {
    let accepted: [String]
    switch type {
    case .integer: accepted = ["smallint", "integer", "bigint"]
    case .boolean: accepted = ["boolean"]
    case .real: accepted = ["real", "double precision", "numeric"]
    case .text: accepted = ["text", "character varying", "character", "citext", "name"]
    case .bytes: accepted = ["bytea"]
    case .instant: accepted = ["timestamp with time zone", "timestamp without time zone"]
    case .uuid: accepted = ["uuid"]
    case .json: accepted = ["jsonb", "json"]
    case .binaryJSON: accepted = ["jsonb"]
    }
    return accepted.contains { declaredType == $0 || declaredType.hasPrefix($0 + "(") }
  }
}

/// A row of the columns query.
private struct ColumnRow: QueryDecodable {
  let column: DeclaredColumn

  init(decoder: inout some QueryDecoder) throws {
    column = DeclaredColumn(
      name: try decoder.decode(String.self), type: try decoder.decode(String.self),
      isNullable: try decoder.decode(Bool.self), primaryKeyPosition: try decoder.decode(Int?.self))
  }
}
