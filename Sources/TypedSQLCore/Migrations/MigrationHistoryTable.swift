/// The table where ``DatabaseMigrator`` records the migrations it applied, named with its schema
/// in every statement: `"main"."typedsql_migrations"` on SQLite, the current schema's on
/// PostgreSQL.
///
/// Unqualified, the name would be looked up in the database's search order (SQLite's `temp`
/// before `main`, PostgreSQL's `pg_temp` and then `search_path`), and a table of the same name
/// there, a temporary one say, would be read and written as the history instead.
struct MigrationHistoryTable {
  let reference: TableReference

  /// The history table in `schema`.
  init(schema: String) {
    reference = TableReference(name: AppliedMigration.tableName, schema: schema)
  }

  /// Creates the table unless it exists, in SQL every database reads, with the `name` column's
  /// type the database gives.
  func create(in db: some SchemaAwareDatabase) throws {
    let statement = SQLStatement.raw([
      .text("CREATE TABLE IF NOT EXISTS "), .identifier(reference.schema ?? ""), .text("."),
      .identifier(AppliedMigration.tableName),
      .text(#" ("position" INTEGER PRIMARY KEY, "name" "# + db.migrationNameType),
      .text(#" NOT NULL UNIQUE, "checksum" TEXT NOT NULL, "appliedAt" TEXT NOT NULL)"#),
    ])
    try db.execute(try db.dialect.render(statement))
  }

  /// Every record, in the order the migrations were applied.
  func records(in db: some Database) throws -> [AppliedMigration] {
    var select = selectRecords()
    select.orderBy = [OrderingTerm(column("position"), .ascending, isNeverNull: true)]
    return try db.fetchAll(try db.dialect.render(select), as: AppliedMigration.self)
  }

  /// The record at `position`, if a migration was applied there.
  func record(at position: Int, in db: some Database) throws -> AppliedMigration? {
    var select = selectRecords()
    select.filter = .binary(column("position"), .equal, .binding(.int(Int64(position))))
    return try db.fetchOne(try db.dialect.render(select), as: AppliedMigration.self)
  }

  /// Records `migration` as applied.
  func insert(_ migration: AppliedMigration, in db: some Database) throws {
    var values = ColumnValues(reservingCapacity: AppliedMigration.TableColumns.columnNames.count)
    migration.encodeColumns(into: &values)
    let insert = InsertStatement(
      table: reference, columns: AppliedMigration.TableColumns.columnNames, rows: [values.values])
    try db.execute(try db.dialect.render(.insert(insert)))
  }

  private func selectRecords() -> SelectStatement {
    SelectStatement(columns: AppliedMigration.TableColumns.columnNames.map(column), from: reference)
  }

  private func column(_ name: String) -> SQLExpression {
    .column(ColumnReference(qualifier: AppliedMigration.tableName, name: name))
  }
}
