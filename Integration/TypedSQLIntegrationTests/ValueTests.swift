import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// Every value representation, round-tripped and filtered on SQLite, on PostgreSQL and (JSON
/// refused by name there) on MariaDB.
@Suite struct ValueTests {
  enum Check: String, CaseIterable, Sendable {
    case dateRoundTrips, dateFilters, uuidRoundTripsAndFilters, jsonRoundTrips, jsonFunctions
    case rawValuesRoundTripAndFilter, unbindableValuesFailTheirRowAlone, narrowAndUnsignedIntegers
    case bulkLoadsEveryValue, missingColumnsAreErrors

    func run(on db: some Database) throws {
      switch self {
      case .dateRoundTrips: try ValueChecks.dateRoundTrips(db)
      case .dateFilters: try ValueChecks.dateFilters(db)
      case .uuidRoundTripsAndFilters: try ValueChecks.uuidRoundTripsAndFilters(db)
      case .jsonRoundTrips: try ValueChecks.jsonRoundTrips(db)
      case .jsonFunctions: try ValueChecks.jsonFunctions(db)
      case .rawValuesRoundTripAndFilter: try ValueChecks.rawValuesRoundTripAndFilter(db)
      case .unbindableValuesFailTheirRowAlone: try ValueChecks.unbindableValuesFailTheirRowAlone(db)
      case .narrowAndUnsignedIntegers: try ValueChecks.narrowAndUnsignedIntegers(db)
      case .bulkLoadsEveryValue: try ValueChecks.bulkLoadsEveryValue(db)
      case .missingColumnsAreErrors: try ValueChecks.missingColumnsAreErrors(db)
      }
    }
  }

  @Test("SQLite", arguments: Check.allCases)
  func sqlite(check: Check) throws {
    try onSQLite(schema: sqliteValueSchema) { try check.run(on: $0) }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: Check.allCases)
  func postgres(check: Check) throws {
    try onPostgres(schema: postgresValueSchema) { try check.run(on: $0) }
  }

  @Test("MariaDB", .enabled(if: MySQLTestServer.suitesRun), arguments: Check.allCases)
  func mariaDB(check: Check) throws {
    try onMySQL(schema: mysqlValueSchema) { try check.run(on: $0) }
  }

  @Test func undecodableValuesOnSQLite() throws {
    let db = try SQLiteDatabase()
    try db.execute(sqliteValueSchema)
    try ValueChecks.undecodableValuesAreNamedErrors(db, insert: """
      INSERT INTO "tokens" VALUES (10, 'c0ffee00-0000-0000-0000-000000000000', 'not-a-uuid', X'00', NULL);
      INSERT INTO "events" VALUES (10, '2024-01-01 00:00:00.000', 'yesterday', 0, 2440587.5, NULL);
      INSERT INTO "documents" VALUES (10, '[]', '"not an object"', NULL);
      INSERT INTO "chores" VALUES (10, 'archived', NULL);
      """)
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func undecodableValuesOnPostgres() throws {
    try withPostgres { db in
      try db.execute(postgresValueSchema)
      try ValueChecks.undecodableValuesAreNamedErrors(db, insert: """
        INSERT INTO "tokens" VALUES (10, 'c0ffee00-0000-0000-0000-000000000000', 'not-a-uuid', '\\x00', NULL);
        INSERT INTO "events" VALUES (10, '2024-01-01 00:00:00Z', 'yesterday', 0, 2440587.5, NULL);
        INSERT INTO "documents" VALUES (10, '[]', '"not an object"', NULL);
        INSERT INTO "chores" VALUES (10, 'archived', NULL);
        """)
    }
  }
}
