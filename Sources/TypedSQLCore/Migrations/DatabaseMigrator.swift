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
/// was renamed, removed, moved or (for SQL migrations, by checksum) edited. Add a new migration
/// instead, or, while developing, set ``eraseDatabaseOnSchemaChange`` to rebuild the database.
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
  }

  private var migrations: [Migration] = []

  /// Whether a database whose applied migrations no longer match the registered ones is erased
  /// and migrated from scratch, rather than refused: for development only, since it deletes
  /// every row.
  public var eraseDatabaseOnSchemaChange = false

  /// A migrator with no migrations.
  public init() {}

  /// Registers a migration that runs `sql` (one or several statements) on every database.
  public mutating func registerMigration(_ name: String, sql: String) {
    migrations.append(Migration(name: name, body: .sql([nil: sql])))
  }

  /// Registers a migration that runs `sqlite` on SQLite and `postgres` on PostgreSQL.
  public mutating func registerMigration(_ name: String, sqlite: String, postgres: String) {
    migrations.append(Migration(name: name, body: .sql([.sqlite: sqlite, .postgres: postgres])))
  }

  /// Registers a migration written in Swift: typed statements, or SQL chosen at run time. Its
  /// code cannot be checksummed, so only its name and position are checked once it is applied.
  public mutating func registerMigration(_ name: String, _ body: @escaping @Sendable (any Database) throws -> Void) {
    migrations.append(Migration(name: name, body: .code(body)))
  }

  /// The names of the registered migrations, in order.
  public var migrationNames: [String] { migrations.map(\.name) }

  /// Applies the registered migrations `db` has not applied yet, in order, and returns their
  /// names. A migration that fails is rolled back; those before it stay applied.
  @discardableResult
  public func migrate(_ db: some SchemaAwareDatabase) throws -> [String] {
    try checkNamesAreUnique()
    return try db.withMigrationLock {
      try db.execute(AppliedMigration.createTableSQL)
      var applied = try appliedMigrations(db)
      if let mismatch = firstMismatch(applied, family: db.dialectFamily) {
        guard eraseDatabaseOnSchemaChange else { throw mismatch }
        try db.eraseSchema()
        try db.execute(AppliedMigration.createTableSQL)
        applied = []
      }
      var ran: [String] = []
      for position in applied.count..<migrations.count {
        try apply(migrations[position], at: position, to: db)
        ran.append(migrations[position].name)
      }
      return ran
    }
  }

  /// The migrations `db` applied, in order.
  public func appliedMigrations(_ db: some Database) throws -> [AppliedMigration] {
    try AppliedMigration.order { $0.position }.fetchAll(db)
  }

  private func apply(_ migration: Migration, at position: Int, to db: some SchemaAwareDatabase) throws {
    let sql = try self.sql(of: migration, for: db.dialectFamily)
    let record = AppliedMigration(
      position: position, name: migration.name, checksum: Self.checksum(of: sql),
      appliedAt: ISO8601Text.string(from: Date()))
    do {
      try db.runMigration(named: migration.name) { db in
        switch (migration.body, sql) {
        case (.code(let body), _): try body(db)
        case (.sql, let sql?): try db.execute(sql)
        case (.sql, nil): break  // `sql(of:for:)` threw already
        }
        try AppliedMigration.insert { record }.execute(db)
      }
    } catch let error as MigrationError {
      throw error
    } catch {
      throw MigrationError.failed(migration: migration.name, message: "\(error)")
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
    var seen: Set<String> = []
    for migration in migrations where !seen.insert(migration.name).inserted {
      throw MigrationError.duplicateName(migration.name)
    }
  }

  /// The first way the applied migrations differ from the registered ones, if any.
  private func firstMismatch(_ applied: [AppliedMigration], family: DialectFamily) -> MigrationError? {
    for record in applied {
      guard let registered = migrations.firstIndex(where: { $0.name == record.name }) else {
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
