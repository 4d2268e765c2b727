import Foundation
import TypedSQLCore

// What migrations need of MariaDB and MySQL: a named lock so that two processes never migrate
// the same database at once, statements checked before they run (these servers commit the open
// transaction before and after each schema change), and the database erased.

extension MySQLDatabase: SchemaAwareDatabase {
  public var dialectFamily: DialectFamily { .mysql }

  /// Runs `body` in a transaction. These servers commit each schema change on its own
  /// (`CREATE`, `ALTER`, `DROP`, …), committing the transaction first: so every statement the
  /// body runs is read before it runs, and one that would commit or end the transaction is
  /// refused (`MigrationError.implicitCommit`,
  /// `MigrationError.transactionControl`) and the migration rolls back.
  /// A migration whose only statement is a schema change is run outside a transaction by the
  /// migrator instead (see `implicitlyCommittingStatement(in:)`).
  public func runMigration(named name: String, _ body: (MySQLDatabase) throws -> Void) throws {
    try transaction { db in
      let outer = lock.withLock { () -> String? in
        defer { migrationRunning = name }
        return migrationRunning
      }
      defer { lock.withLock { migrationRunning = outer } }
      try body(db)
    }
  }

  /// The first statement of `sql` that the server commits on its own, or that would end or
  /// open the migration's transaction (which the transaction then refuses, by name).
  public func implicitlyCommittingStatement(in sql: String) -> ImplicitlyCommittingStatement? {
    let statements = MySQLScript(sql).statements
    guard let first = statements.first(where: { $0.transactionEffect == .commitsImplicitly }) else { return nil }
    return ImplicitlyCommittingStatement(statement: first.excerpt, isOnlyStatement: statements.count == 1)
  }

  /// Runs `body` holding a named lock (`GET_LOCK`) on the current database's migrations: a
  /// second process that migrates the same database waits until the first is done, then finds
  /// its migrations applied. The name holds a hash of the database's name, as the server limits
  /// names to 64 characters (and MariaDB compares them ignoring case); the lock is the session's,
  /// so the commits of the migrations do not release it.
  public func withMigrationLock<Value>(_ body: () throws -> Value) throws -> Value {
    try withConnection {
      let database = try migrationHistorySchema()
      let name = "CONCAT('typedsql_migrations:', LEFT(SHA2(?, 256), 40))"
      // A year: MariaDB refuses a negative timeout, which MySQL reads as no limit.
      let acquired = try fetchOne(
        RenderedSQL(sql: "SELECT GET_LOCK(\(name), 31536000)", bindings: [.text(database)]), as: Int?.self)
      guard acquired == 1 else {
        // GET_LOCK returns 0 when its timeout passes: the server's lock-wait timeout, 1205.
        throw MySQLError(
          code: 1205, sqlState: "HY000", message: "could not take the migration lock of database \(database)", sql: nil)
      }
      let outcome = Result { try body() }
      _ = try fetchOne(RenderedSQL(sql: "SELECT RELEASE_LOCK(\(name))", bindings: [.text(database)]), as: Int?.self)
      return try outcome.get()
    }
  }

  /// The current database, `DATABASE()`: where unqualified names create their tables.
  public func migrationHistorySchema() throws -> String {
    guard let database = try fetchOne(RenderedSQL(sql: "SELECT DATABASE()"), as: String?.self) ?? nil else {
      throw MySQLError(
        code: 1046, sqlState: "3D000",
        message: "no database selected, so there is none to migrate; name one in the address", sql: nil)
    }
    return database
  }

  /// Text compared by its bytes, with no padding, and short enough for a unique index.
  public var migrationNameType: String {
    let collation = dialect.server.flavor == .mariaDB ? "utf8mb4_nopad_bin" : "utf8mb4_0900_bin"
    return "VARCHAR(768) CHARACTER SET utf8mb4 COLLATE \(collation)"
  }

  /// Drops every table, view and sequence of the current database (their triggers and indexes
  /// go with them), with foreign keys unchecked meanwhile.
  public func eraseSchema() throws {
    let objects = try fetchAll(
      RenderedSQL(
        sql: """
          SELECT "TABLE_NAME", "TABLE_TYPE" FROM "information_schema"."TABLES"
          WHERE CAST("TABLE_SCHEMA" AS BINARY) = CAST(DATABASE() AS BINARY)
          """),
      as: TupleRow<String, String>.self)
    try withConnection {
      try execute("SET FOREIGN_KEY_CHECKS = 0")
      let outcome = Result {
        for (name, type) in objects {
          let kind = type == "VIEW" ? "VIEW" : type == "SEQUENCE" ? "SEQUENCE" : "TABLE"
          let quoted = "`" + name.replacingOccurrences(of: "`", with: "``") + "`"
          try execute("DROP \(kind) IF EXISTS \(quoted)")
        }
      }
      try execute("SET FOREIGN_KEY_CHECKS = 1")
      try outcome.get()
    }
  }
}
