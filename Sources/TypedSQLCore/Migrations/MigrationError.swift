/// Why a ``DatabaseMigrator`` did not migrate a database.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Two registered migrations have the same name.
  case duplicateName(String)
  /// A migration the database applied is no longer registered, or was renamed.
  case appliedMigrationMissing(name: String, position: Int)
  /// A migration the database applied is registered at another position.
  case appliedMigrationMoved(name: String, appliedPosition: Int, registeredPosition: Int)
  /// The text of a migration the database applied has changed since.
  case appliedMigrationChanged(name: String)
  /// A registered migration has no text for the database's dialect.
  case noSQL(migration: String, dialect: DialectFamily)
  /// A migration left rows whose foreign keys point at no row; it was rolled back.
  case foreignKeyViolations(migration: String, violations: [ForeignKeyViolation])
  /// A migration failed; it was rolled back, and the ones after it did not run.
  case failed(migration: String, message: String)
  /// A migration's SQL would have ended or opened a transaction (`BEGIN`, `COMMIT`, `END`,
  /// `ROLLBACK`, or a savepoint it did not open itself): the rest of it would have run on its own,
  /// outside the migration's transaction. Nothing of it was applied.
  case transactionControl(migration: String, statement: String)
  /// A migration holds a statement the database commits on its own (MariaDB's and MySQL's
  /// `CREATE`, `ALTER`, `DROP`) beside other statements: it could not be undone if it failed
  /// midway. Nothing of it was applied.
  case implicitCommit(migration: String, statement: String)
  /// A migration that runs outside a transaction found indexes left invalid in the schema, the
  /// remains of a `CREATE INDEX CONCURRENTLY` that failed (or one still being built): it did not
  /// run.
  case invalidIndexes(migration: String, indexes: [String])

  public var description: String {
    switch self {
    case .duplicateName(let name):
      "two migrations are named \(name)"
    case .appliedMigrationMissing(let name, let position):
      "migration \(name), applied at position \(position), is no longer registered: it was renamed or removed"
    case .appliedMigrationMoved(let name, let applied, let registered):
      "migration \(name) was applied at position \(applied) but is registered at position \(registered): migrations were reordered"
    case .appliedMigrationChanged(let name):
      "migration \(name) was applied, and its text has changed since; add a new migration instead"
    case .noSQL(let migration, let dialect):
      "migration \(migration) has no SQL for \(dialect)"
    case .foreignKeyViolations(let migration, let violations):
      "migration \(migration) left foreign keys that point at no row: "
        + violations.map(\.description).joined(separator: "; ")
    case .failed(let migration, let message):
      "migration \(migration) failed: \(message)"
    case .transactionControl(let migration, let statement):
      "migration \(migration) runs \(statement), which would end or open its transaction and apply the rest"
        + " on its own; nothing was applied. Each migration runs in a transaction of its own: remove the"
        + " statement, or register the migration with runsInTransaction: false"
    case .implicitCommit(let migration, let statement):
      "migration \(migration) runs \(statement) beside other statements, and the database commits the open"
        + " transaction before and after such a statement: a failure midway would leave the migration half"
        + " applied, so nothing was applied. Give each such statement a migration of its own (it runs alone,"
        + " and is recorded once it has), or register the migration with runsInTransaction: false"
    case .invalidIndexes(let migration, let indexes):
      "migration \(migration) runs outside a transaction, and the schema holds invalid indexes, left by a"
        + " CREATE INDEX CONCURRENTLY that failed (or still being built): \(indexes.joined(separator: ", "))."
        + " Drop them (DROP INDEX CONCURRENTLY) and migrate again"
    }
  }
}

/// A row whose foreign key points at no row, as SQLite's `PRAGMA foreign_key_check` reports it.
public struct ForeignKeyViolation: Sendable, Hashable, CustomStringConvertible {
  /// The table of the row.
  public var table: String
  /// The row's `rowid`, when it has one.
  public var rowid: Int?
  /// The table the foreign key refers to.
  public var parent: String

  /// Creates a violation: row `rowid` of `table` refers to no row of `parent`.
  public init(table: String, rowid: Int?, parent: String) {
    self.table = table
    self.rowid = rowid
    self.parent = parent
  }

  public var description: String {
    "row \(rowid.map(String.init) ?? "?") of \(table) refers to no row of \(parent)"
  }
}
