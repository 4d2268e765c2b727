/// A database whose schema TypedSQL can migrate: what ``DatabaseMigrator`` needs from a driver,
/// besides reading the schema (``SchemaInspectingDatabase``). `SQLiteDatabase`,
/// `PostgresDatabase` and `MySQLDatabase` conform.
public protocol SchemaAwareDatabase: SchemaInspectingDatabase {
  /// Which family of SQL the database speaks: the key of a migration's text for it.
  var dialectFamily: DialectFamily { get }

  /// Runs one migration's `body` in a transaction, with the checks the database needs of what it
  /// left: SQLite turns foreign keys off for the migration (so a table can be rebuilt) and runs
  /// `PRAGMA foreign_key_check` before committing, throwing
  /// ``MigrationError/foreignKeyViolations(migration:violations:)`` and rolling back on any.
  ///
  /// Nothing `body` runs may end or open the transaction: a statement that would (`BEGIN`,
  /// `COMMIT`, `END`, `ROLLBACK`, a savepoint released or rolled back that the body did not
  /// open) is refused before it runs, with
  /// ``MigrationError/transactionControl(migration:statement:)``, and the migration rolls back.
  func runMigration(named name: String, _ body: (Self) throws -> Void) throws

  /// Runs `body` holding the lock that keeps two processes from migrating the same database at
  /// once: PostgreSQL takes an advisory lock; SQLite's own write lock serves, taken by each
  /// migration's transaction before it reads whether another process applied it meanwhile.
  func withMigrationLock<Result>(_ body: () throws -> Result) throws -> Result

  /// The schema of the migrator's history table, named in every statement that reads or writes
  /// it: SQLite's `main`, PostgreSQL's current schema (the first of `search_path` that exists).
  func migrationHistorySchema() throws -> String

  /// The indexes of the schema that are invalid: on PostgreSQL, those a `CREATE INDEX
  /// CONCURRENTLY` left behind when it failed, or is still building. A migration that runs
  /// outside a transaction does not run while there is one. Empty by default.
  func invalidIndexes() throws -> [String]

  /// Drops every table, view, trigger, index and sequence the database's schema holds: what a
  /// development database whose migrations changed is rebuilt from.
  func eraseSchema() throws

  /// The first statement of a migration's SQL that the database commits on its own, committing
  /// the open transaction first (MariaDB's and MySQL's `CREATE`, `ALTER`, `DROP`), or `nil` when
  /// every statement can run in the migration's transaction. `nil` by default: SQLite's and
  /// PostgreSQL's schema changes are transactional.
  func implicitlyCommittingStatement(in sql: String) -> ImplicitlyCommittingStatement?

  /// The declared type of the history table's `name` column, which is unique and compared byte
  /// for byte: `TEXT` by default.
  var migrationNameType: String { get }
}

extension SchemaAwareDatabase {
  public func invalidIndexes() throws -> [String] { [] }

  public func implicitlyCommittingStatement(in sql: String) -> ImplicitlyCommittingStatement? { nil }

  public var migrationNameType: String { "TEXT" }
}

/// A statement of a migration's SQL that the database commits on its own (see
/// ``SchemaAwareDatabase/implicitlyCommittingStatement(in:)``).
public struct ImplicitlyCommittingStatement: Sendable, Equatable {
  /// The statement's text.
  public var statement: String
  /// Whether it is the migration's only statement: it then runs alone, and the migration is
  /// recorded once it has.
  public var isOnlyStatement: Bool

  /// Describes `statement`, alone in its migration or not.
  public init(statement: String, isOnlyStatement: Bool) {
    self.statement = statement
    self.isOnlyStatement = isOnlyStatement
  }
}

/// A family of SQL dialects: SQLite, PostgreSQL, or one a driver outside TypedSQL names.
public struct DialectFamily: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// SQLite (`"SQLite"`): the family of `SQLiteDatabase`.
  public static let sqlite = DialectFamily(rawValue: "SQLite")
  /// PostgreSQL (`"PostgreSQL"`): the family of `PostgresDatabase`.
  public static let postgres = DialectFamily(rawValue: "PostgreSQL")
  /// MariaDB and MySQL (`"MySQL"`): the family of `MySQLDatabase`.
  public static let mysql = DialectFamily(rawValue: "MySQL")

  public var description: String { rawValue }
}
