import CSQLite
import TypedSQLCore

// What migrations and schema verification need of SQLite: foreign keys checked after each
// migration, the schema erased, and a table's declared columns.

extension SQLiteDatabase: SchemaAwareDatabase {
  /// `.sqlite`: migrations run their SQLite text on this database.
  public var dialectFamily: DialectFamily { .sqlite }

  /// Runs `body` in a transaction with foreign keys off, so that a migration can rebuild a table
  /// the way SQLite's `ALTER TABLE` documentation describes, then checks every foreign key with
  /// `PRAGMA foreign_key_check` before committing. Foreign keys are back on afterwards.
  ///
  /// An authorizer refuses, before it runs, any statement of `body` that would end or open the
  /// transaction (see `SQLiteTransactionGuard`).
  public func runMigration(named name: String, _ body: (SQLiteDatabase) throws -> Void) throws {
    try withForeignKeysOff {
      try transaction { db in
        let transactionGuard = SQLiteTransactionGuard()
        do {
          try withOpenHandle { handle in
            try transactionGuard.whileInstalled(on: handle) { try body(db) }
            // Belt and braces: the transaction this migration began is still the one open.
            if sqlite3_get_autocommit(handle) != 0 {
              throw MigrationError.transactionControl(migration: name, statement: "a statement that ended its transaction")
            }
          }
        } catch {
          if let statement = transactionGuard.refusedStatement {
            throw MigrationError.transactionControl(migration: name, statement: statement)
          }
          throw error
        }
        let violations = try db.fetchAll(RenderedSQL(sql: "PRAGMA foreign_key_check"), as: ForeignKeyCheckRow.self)
        guard violations.isEmpty else {
          throw MigrationError.foreignKeyViolations(migration: name, violations: violations.map(\.violation))
        }
      }
    }
  }

  /// Runs `body` holding the connection; each migration's transaction takes SQLite's write lock
  /// (`BEGIN IMMEDIATE`) before it reads whether another connection applied it meanwhile.
  public func withMigrationLock<Value>(_ body: () throws -> Value) throws -> Value {
    try withConnection(body)
  }

  /// `main`: the history is the main database's, never a `temp` table of the same name (which
  /// an unqualified name would find first).
  public func migrationHistorySchema() throws -> String { "main" }

  /// Drops every view and table of the main database (with their indexes and triggers), virtual
  /// tables first so that their own tables go with them. Each is dropped by its name in `main`:
  /// unqualified, a name would find a `temp` table of the same name first.
  public func eraseSchema() throws {
    try withForeignKeysOff {
      for kind in ["view", "virtual table", "table"] {
        let names = try fetchAll(
          RenderedSQL(
            sql: """
              SELECT "name" FROM "sqlite_schema" WHERE "name" NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND \
              CASE ?1 WHEN 'view' THEN "type" = 'view' WHEN 'virtual table' THEN "sql" LIKE 'CREATE VIRTUAL TABLE%' \
              ELSE "type" = 'table' END
              """,
            bindings: [.text(kind)]),
          as: String.self)
        for name in names {
          let drop = SQLStatement.raw([
            .text(kind == "view" ? "DROP VIEW IF EXISTS " : "DROP TABLE IF EXISTS "),
            .identifier("main"), .text("."), .identifier(name),
          ])
          try execute(try dialect.render(drop))
        }
      }
    }
  }

  /// Runs `body` holding the connection with foreign keys off, and turns them back on after it,
  /// whether it returns or throws. The setting cannot change inside a transaction, so it is left
  /// alone when the caller's transaction is open.
  private func withForeignKeysOff(_ body: () throws -> Void) throws {
    try withConnection {
      let enforced = try fetchOne(RenderedSQL(sql: "PRAGMA foreign_keys"), as: Int.self) == 1
      if enforced { try execute("PRAGMA foreign_keys = OFF") }
      let outcome = Result { try body() }
      if enforced { try execute("PRAGMA foreign_keys = ON") }
      try outcome.get()
    }
  }

  /// `pragma_table_xinfo`: each column (generated ones too) with its declared type (as written,
  /// `""` when none), whether it is `NOT NULL`, and its position in the primary key. Without a
  /// schema, of the table an unqualified name reads: a `temp` table before the main one.
  public func declaredColumns(of table: String, schema: String?) throws -> [DeclaredColumn]? {
    let rows = try fetchAll(
      RenderedSQL(
        sql: #"SELECT "name", "type", "notnull", "pk" FROM pragma_table_xinfo(?1, ?2) WHERE "hidden" <> 1 ORDER BY "cid""#,
        bindings: [.text(table), schema.map { .text($0) } ?? .null]),
      as: TableInfoRow.self)
    guard !rows.isEmpty else { return nil }
    return rows.map {
      DeclaredColumn(name: $0.name, type: $0.type, isNullable: !$0.notNull, primaryKeyPosition: $0.primaryKey > 0 ? $0.primaryKey : nil)
    }
  }
}

extension SQLiteDatabase {
  /// Whether a column declared `declaredType` holds `type`, by the column's affinity (SQLite's
  /// rules: `INT` → integer, `CHAR`/`CLOB`/`TEXT` → text, `BLOB` or nothing → none, `REAL`/
  /// `FLOA`/`DOUB` → real, anything else numeric). A column of no affinity, or `ANY` in a
  /// `STRICT` table, keeps any value as it is written.
  public func declaredType(_ declaredType: String, canStore type: StoredType) -> Bool {
    let declared = declaredType.uppercased()
    let affinity: String
    if declared.contains("INT") {
      affinity = "INTEGER"
    } else if declared.contains("CHAR") || declared.contains("CLOB") || declared.contains("TEXT") {
      affinity = "TEXT"
    } else if declared.isEmpty || declared.contains("BLOB") || declared == "ANY" {
      return true
    } else if declared.contains("REAL") || declared.contains("FLOA") || declared.contains("DOUB") {
      affinity = "REAL"
    } else {
      affinity = "NUMERIC"
    }
    switch type {
    case .integer, .boolean: return affinity == "INTEGER" || affinity == "NUMERIC"
    case .real: return affinity == "REAL" || affinity == "NUMERIC"
    case .text, .instant, .uuid, .json: return affinity == "TEXT"
    case .bytes, .binaryJSON: return false
    }
  }
}

/// A row of `PRAGMA foreign_key_check`: the table, the row's `rowid`, the parent table, and
/// which of the table's foreign keys.
private struct ForeignKeyCheckRow: QueryDecodable {
  let violation: ForeignKeyViolation

  init(decoder: inout some QueryDecoder) throws {
    let table = try decoder.decode(String.self)
    let rowid = try decoder.decode(Int?.self)
    let parent = try decoder.decode(String.self)
    decoder.skipColumns(1)
    violation = ForeignKeyViolation(table: table, rowid: rowid, parent: parent)
  }
}

/// A row of `pragma_table_info`.
private struct TableInfoRow: QueryDecodable {
  let name: String
  let type: String
  let notNull: Bool
  let primaryKey: Int

  init(decoder: inout some QueryDecoder) throws {
    name = try decoder.decode(String.self)
    type = try decoder.decode(String.self)
    notNull = try decoder.decode(Bool.self)
    primaryKey = try decoder.decode(Int.self)
  }
}
