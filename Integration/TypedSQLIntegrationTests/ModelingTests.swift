import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The modeling checks on SQLite, PostgreSQL and MariaDB.
@Suite struct ModelingTests {
  enum Check: String, CaseIterable, Sendable {
    case columnGroups, optionalGroupsAndGroupAssignments, selectionsOfJoinedTables, ephemeralColumns
    case generatedColumns, emptyWrites, rowsOfDefaults, safeSQLStrings, defaultScopes, lazilyInitializedColumns
    case compositePrimaryKeys, rowDecoderForms

    func run(on db: some Database) throws {
      switch self {
      case .columnGroups: try ModelingChecks.columnGroups(db)
      case .optionalGroupsAndGroupAssignments: try ModelingChecks.optionalGroupsAndGroupAssignments(db)
      case .selectionsOfJoinedTables: try ModelingChecks.selectionsOfJoinedTables(db)
      case .ephemeralColumns: try ModelingChecks.ephemeralColumns(db)
      case .generatedColumns: try ModelingChecks.generatedColumns(db)
      case .emptyWrites: try ModelingChecks.emptyWrites(db)
      case .rowsOfDefaults: try ModelingChecks.rowsOfDefaults(db)
      case .safeSQLStrings: try ModelingChecks.safeSQLStrings(db)
      case .defaultScopes: try ModelingChecks.defaultScopes(db)
      case .lazilyInitializedColumns: try ModelingChecks.lazilyInitializedColumns(db)
      case .compositePrimaryKeys: try ModelingChecks.compositePrimaryKeys(db)
      case .rowDecoderForms: try ModelingChecks.rowDecoderForms(db)
      }
    }
  }

  @Test("SQLite", arguments: Check.allCases)
  func sqlite(check: Check) throws {
    try onSQLite(schema: sqliteModelingSchema) { try check.run(on: $0) }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: Check.allCases)
  func postgres(check: Check) throws {
    try onPostgres(schema: postgresModelingSchema) { try check.run(on: $0) }
  }

  /// Every check but `rowsOfDefaults`, whose table has a generated column computed from its
  /// `AUTO_INCREMENT` key, which MariaDB refuses to declare (error 1901).
  @Test("MariaDB", .enabled(if: MySQLTestServer.suitesRun), arguments: Check.allCases.filter { $0 != .rowsOfDefaults })
  func mariaDB(check: Check) throws {
    try onMySQL(schema: mysqlModelingSchema) { try check.run(on: $0) }
  }
}
