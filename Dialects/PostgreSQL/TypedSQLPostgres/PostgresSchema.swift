import CLibPQ
import TypedSQLCore

// What migrations and schema verification need of PostgreSQL: an advisory lock so that two
// processes never migrate at once, the schema erased, and a table's declared columns.

extension PostgresDatabase: SchemaAwareDatabase {
  public var dialectFamily: DialectFamily { .postgres }

  /// Runs `body` in a transaction: PostgreSQL checks foreign keys as each statement runs, and
  /// its DDL is transactional, so a failed migration leaves nothing behind.
  ///
  /// SQL text the body runs with `execute(_:)` (a SQL migration's text) runs inside a
  /// `DO` block's `EXECUTE`, where the server refuses any transaction command before running
  /// it (savepoints included), so text that holds one applies nothing. The transaction is checked
  /// to be still open before the migration is recorded.
  public func runMigration(named name: String, _ body: (PostgresDatabase) throws -> Void) throws {
    try transaction { db in
      let outer = lock.withLock { () -> String? in
        defer { migrationRunning = name }
        return migrationRunning
      }
      defer { lock.withLock { migrationRunning = outer } }
      try body(db)
      guard lock.withLock({ connection.transactionStatus }) != PQTRANS_IDLE else {
        throw MigrationError.transactionControl(migration: name, statement: "a statement that ended its transaction")
      }
    }
  }

  /// Wraps SQL text that a migration runs so that the server refuses any transaction command in
  /// it before running any of it: `DO $…$ BEGIN EXECUTE $…$<text>$…$; END $…$`. `EXECUTE`
  /// runs several statements, each with its own errors, and PL/pgSQL cannot end or open a
  /// transaction (SQLSTATE 0A000, raised by `exec_stmt_dynexecute`).
  static func refusingTransactionControl(_ sql: String) -> String {
    let textTag = DollarQuote.tag("typedsql_migration", notIn: sql)
    let block = "EXECUTE " + textTag + sql + textTag + ";"
    let blockTag = DollarQuote.tag("typedsql_run", notIn: block)
    return "DO " + blockTag + " BEGIN " + block + " END " + blockTag
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

  /// The current schema, `current_schema()`: where an unqualified `CREATE TABLE` creates its
  /// table. The history is named in it, never found through `search_path`, where a temporary
  /// table (`pg_temp` comes first) or another schema's table of the same name could be read
  /// instead.
  public func migrationHistorySchema() throws -> String {
    guard let schema = try fetchOne(RenderedSQL(sql: "SELECT current_schema()::text"), as: String?.self) ?? nil else {
      throw PostgresError(
        sqlState: "3F000",  // invalid_schema_name
        message: "no schema of search_path exists, so there is none to migrate; create one or set search_path")
    }
    return schema
  }

  /// The current schema's indexes whose `indisvalid` is false: left by a
  /// `CREATE INDEX CONCURRENTLY` that failed, or being built by one now.
  public func invalidIndexes() throws -> [String] {
    try fetchAll(
      RenderedSQL(
        sql: """
          SELECT "c"."relname"::text FROM pg_index AS "i"
          JOIN pg_class AS "c" ON "c"."oid" = "i"."indexrelid"
          JOIN pg_namespace AS "n" ON "n"."oid" = "c"."relnamespace"
          WHERE NOT "i"."indisvalid" AND "n"."nspname" = current_schema()
          ORDER BY "c"."relname"
          """),
      as: String.self)
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
  /// Without a schema, of the table an unqualified name reads (`to_regclass`: a temporary table
  /// first, then `search_path` in order).
  public func declaredColumns(of table: String, schema: String?) throws -> [DeclaredColumn]? {
    let rows = try fetchAll(
      RenderedSQL(
        sql: """
          SELECT "a"."attname"::text, format_type("a"."atttypid", "a"."atttypmod"), NOT "a"."attnotnull",
            array_position("i"."indkey"::int2[], "a"."attnum")
          FROM pg_attribute AS "a"
          JOIN pg_class AS "c" ON "c"."oid" = "a"."attrelid"
          LEFT JOIN pg_index AS "i" ON "i"."indrelid" = "c"."oid" AND "i"."indisprimary"
          WHERE "c"."oid" = to_regclass(
              CASE WHEN $2::text IS NULL THEN quote_ident($1) ELSE quote_ident($2) || '.' || quote_ident($1) END)
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
