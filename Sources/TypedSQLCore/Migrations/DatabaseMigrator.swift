import Foundation

/// Creates and evolves a database's schema through named migrations, applied in the order they
/// are registered, each once, each in its own transaction, and recorded in the database's
/// `typedsql_migrations` table.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// migrator.registerMigration("Create reminders", sql: """
///   CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL)
///   """)
/// migrator.registerMigration(
///   "Add due dates",
///   sqlite: #"ALTER TABLE "reminders" ADD COLUMN "dueDate" TEXT"#,
///   postgres: #"ALTER TABLE "reminders" ADD COLUMN "dueDate" timestamptz"#)
/// migrator.registerMigration("Seed") { db in
///   try Reminder.insert { Reminder.Draft(title: "Welcome") }.execute(db)
/// }
/// let applied = try migrator.migrate(db)     // the names of the migrations that ran
/// ```
///
/// A migration that was applied must never change: `migrate` refuses to run, naming it, when one
/// was renamed, removed, moved or (for SQL migrations, by checksum) edited. Names are compared
/// byte for byte, so a migration renamed to a canonically equivalent spelling is reported too. Add
/// a new migration instead, or, while developing, set ``eraseDatabaseOnSchemaChange`` to rebuild
/// the database.
///
/// Each migration is all or nothing: it is recorded in the same transaction as its work, and
/// nothing it runs may end that transaction (``MigrationError/transactionControl(migration:statement:)``).
/// A migration that cannot run in a transaction (PostgreSQL's `CREATE INDEX CONCURRENTLY`,
/// SQLite's `VACUUM`) is registered with `runsInTransaction: false`: it is recorded once it has
/// run, and if it fails midway what it did stays and it runs again on the next `migrate`.
/// MariaDB and MySQL commit each schema change on its own: there a migration whose only
/// statement is one runs like that, and one that holds one beside other statements is refused
/// (``MigrationError/implicitCommit(migration:statement:)``).
public struct DatabaseMigrator: Sendable {
  /// What a migration runs.
  enum Body: Sendable {
    /// SQL text for each dialect family (one text for every family under `nil`).
    case sql([DialectFamily?: String])
    /// Swift code.
    case code(@Sendable (any Database) throws -> Void)
  }

  struct Migration: Sendable {
    let name: String
    let body: Body
    var runsInTransaction = true
  }

  private var migrations: [Migration] = []

  /// Whether a database whose applied migrations no longer match the registered ones is erased
  /// and migrated from scratch, rather than refused: for development only, since it deletes
  /// every row.
  public var eraseDatabaseOnSchemaChange = false

  /// A migrator with no migrations.
  public init() {}

  /// Registers a migration that runs `sql` (one or several statements) on every database.
  ///
  /// It runs in a transaction of its own unless `runsInTransaction` is false, for statements
  /// that a database refuses inside one (`CREATE INDEX CONCURRENTLY`, `VACUUM`): then each
  /// statement commits as it runs, the migration is recorded once all have, and one that fails
  /// midway leaves what ran before it, and runs again from its start on the next `migrate`.
  /// Keep such a migration to one statement, or to statements that can run twice
  /// (`IF NOT EXISTS`).
  public mutating func registerMigration(_ name: String, runsInTransaction: Bool = true, sql: String) {
    migrations.append(Migration(name: name, body: .sql([nil: sql]), runsInTransaction: runsInTransaction))
  }

  /// Registers a migration that runs `sqlite` on SQLite and `postgres` on PostgreSQL, in a
  /// transaction of its own unless `runsInTransaction` is false (see
  /// ``registerMigration(_:runsInTransaction:sql:)``).
  public mutating func registerMigration(_ name: String, runsInTransaction: Bool = true, sqlite: String, postgres: String) {
    migrations.append(Migration(
      name: name, body: .sql([.sqlite: sqlite, .postgres: postgres]), runsInTransaction: runsInTransaction))
  }

  /// Registers a migration that runs `sqlite` on SQLite, `postgres` on PostgreSQL and `mysql` on
  /// MariaDB and MySQL, in a transaction of its own unless `runsInTransaction` is false (see
  /// ``registerMigration(_:runsInTransaction:sql:)``).
  ///
  /// An empty text runs nothing on its databases: the migration is only recorded there.
  ///
  /// MariaDB and MySQL commit each schema change on its own: a migration whose only statement
  /// is one runs it, then is recorded; one that holds one beside other statements is refused
  /// (``MigrationError/implicitCommit(migration:statement:)``) unless `runsInTransaction` is false.
  public mutating func registerMigration(
    _ name: String, runsInTransaction: Bool = true, sqlite: String, postgres: String, mysql: String
  ) {
    migrations.append(Migration(
      name: name, body: .sql([.sqlite: sqlite, .postgres: postgres, .mysql: mysql]),
      runsInTransaction: runsInTransaction))
  }

  /// Registers a migration written in Swift: typed statements, or SQL chosen at run time. Its
  /// code cannot be checksummed, so only its name and position are checked once it is applied.
  ///
  /// It runs in a transaction of its own unless `runsInTransaction` is false: then each statement
  /// commits as it runs, as with ``registerMigration(_:runsInTransaction:sql:)``. On MariaDB and
  /// MySQL, a schema change (which those servers commit on its own) is refused inside the
  /// transaction (``MigrationError/implicitCommit(migration:statement:)``).
  public mutating func registerMigration(
    _ name: String, runsInTransaction: Bool = true, _ body: @escaping @Sendable (any Database) throws -> Void
  ) {
    migrations.append(Migration(name: name, body: .code(body), runsInTransaction: runsInTransaction))
  }

  /// The names of the registered migrations, in order.
  public var migrationNames: [String] { migrations.map(\.name) }

  /// Applies the registered migrations `db` has not applied yet, in order, and returns their
  /// names. A migration that fails is rolled back; those before it stay applied. A migration
  /// another process applied meanwhile is not applied again, nor returned.
  @discardableResult
  public func migrate(_ db: some SchemaAwareDatabase) throws -> [String] {
    try checkNamesAreUnique()
    return try db.withMigrationLock {
      let history = MigrationHistoryTable(schema: try db.migrationHistorySchema())
      try history.create(in: db)
      var applied = try history.records(in: db)
      if let mismatch = firstMismatch(applied, family: db.dialectFamily) {
        guard eraseDatabaseOnSchemaChange else { throw mismatch }
        try db.eraseSchema()
        try history.create(in: db)
        applied = []
      }
      var ran: [String] = []
      for position in applied.count..<migrations.count {
        if try apply(migrations[position], at: position, to: db, history: history) {
          ran.append(migrations[position].name)
        }
      }
      return ran
    }
  }

  /// The migrations `db` applied, in order.
  public func appliedMigrations(_ db: some SchemaAwareDatabase) throws -> [AppliedMigration] {
    try MigrationHistoryTable(schema: try db.migrationHistorySchema()).records(in: db)
  }

  /// Applies `migration` and records it, unless another process applied it since the history
  /// was read; returns whether this call applied it.
  private func apply(
    _ migration: Migration, at position: Int, to db: some SchemaAwareDatabase, history: MigrationHistoryTable
  ) throws -> Bool {
    let sql = try self.sql(of: migration, for: db.dialectFamily)
    let record = AppliedMigration(
      position: position, name: migration.name, checksum: Self.checksum(of: sql),
      appliedAt: ISO8601Text.string(from: Date()))
    do {
      var runsInTransaction = migration.runsInTransaction
      if runsInTransaction, let sql, let commit = db.implicitlyCommittingStatement(in: sql) {
        // A schema change alone commits itself, and is recorded once it has; beside other
        // statements, a failure would leave the migration half applied.
        guard commit.isOnlyStatement else {
          throw MigrationError.implicitCommit(migration: migration.name, statement: commit.statement)
        }
        runsInTransaction = false
      }
      guard runsInTransaction else {
        let invalid = try db.invalidIndexes()
        guard invalid.isEmpty else { throw MigrationError.invalidIndexes(migration: migration.name, indexes: invalid) }
        if try isApplied(at: position, by: db, history: history) { return false }
        try run(migration, sql: sql, on: db)
        try history.insert(record, in: db)
        return true
      }
      var appliedElsewhere = false
      try db.runMigration(named: migration.name) { db in
        // The transaction holds the database's write lock (SQLite) or the migration lock
        // (PostgreSQL): a record another process wrote since the history was read shows now.
        appliedElsewhere = try isApplied(at: position, by: db, history: history)
        guard !appliedElsewhere else { return }
        try run(migration, sql: sql, on: db)
        try history.insert(record, in: db)
      }
      return !appliedElsewhere
    } catch let error as MigrationError {
      throw error
    } catch {
      throw MigrationError.failed(migration: migration.name, message: "\(error)")
    }
  }

  /// Whether a migration is recorded at `position`: one of the registered migrations, applied by
  /// another process (anything else is a history that differs, and throws).
  private func isApplied(at position: Int, by db: some SchemaAwareDatabase, history: MigrationHistoryTable) throws -> Bool {
    guard let record = try history.record(at: position, in: db) else { return false }
    if let mismatch = firstMismatch([record], family: db.dialectFamily) { throw mismatch }
    return true
  }

  /// Runs the work of `migration`: its Swift code, or its SQL for the database.
  private func run(_ migration: Migration, sql: String?, on db: some Database) throws {
    switch (migration.body, sql) {
    case (.code(let body), _): try body(db)
    case (.sql, let sql?) where sql.isEmpty: break  // a migration for other databases only
    case (.sql, let sql?): try db.execute(sql)
    case (.sql, nil): break  // `sql(of:for:)` threw already
    }
  }

  /// The SQL `migration` runs on a database of `family`, or `nil` for one written in Swift.
  private func sql(of migration: Migration, for family: DialectFamily) throws -> String? {
    guard case .sql(let texts) = migration.body else { return nil }
    guard let sql = texts[family] ?? texts[nil] else {
      throw MigrationError.noSQL(migration: migration.name, dialect: family)
    }
    return sql
  }

  /// The checksum recorded for a migration's SQL; empty for one written in Swift.
  private static func checksum(of sql: String?) -> String {
    sql.map(AppliedMigration.checksum(of:)) ?? ""
  }

  private func checkNamesAreUnique() throws {
    var seen: Set<ExactText> = []
    for migration in migrations where !seen.insert(ExactText(migration.name)).inserted {
      throw MigrationError.duplicateName(migration.name)
    }
  }

  /// The first way the applied migrations differ from the registered ones, if any.
  private func firstMismatch(_ applied: [AppliedMigration], family: DialectFamily) -> MigrationError? {
    for record in applied {
      guard let registered = migrations.firstIndex(where: { ExactText.haveSameUTF8($0.name, record.name) }) else {
        return .appliedMigrationMissing(name: record.name, position: record.position)
      }
      guard registered == record.position else {
        return .appliedMigrationMoved(name: record.name, appliedPosition: record.position, registeredPosition: registered)
      }
      let sql = try? self.sql(of: migrations[registered], for: family)
      if Self.checksum(of: sql ?? nil) != record.checksum {
        return .appliedMigrationChanged(name: record.name)
      }
    }
    return nil
  }
}
