import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite

/// The JSON checks on SQLite, PostgreSQL and MariaDB.
@Suite struct JSONTests {
  enum Check: String, CaseIterable, Sendable {
    case eachShelfWithItsItems, rowsAsObjects, wideRows, badDocumentsFailClearly, editsOfDocuments
    case elementsAsRows, membersAsRows, typedPaths, datesInDocuments, rowsIntoJSONRepresentation, renamedColumnsAsCodingKeys
    case enumCases

    func run(on db: some Database) throws {
      switch self {
      case .eachShelfWithItsItems: try JSONChecks.eachShelfWithItsItems(db)
      case .rowsAsObjects: try JSONChecks.rowsAsObjects(db)
      case .wideRows: try JSONChecks.wideRows(db)
      case .badDocumentsFailClearly: try JSONChecks.badDocumentsFailClearly(db)
      case .editsOfDocuments: try JSONChecks.editsOfDocuments(db)
      case .elementsAsRows: try JSONChecks.elementsAsRows(db)
      case .membersAsRows: try JSONChecks.membersAsRows(db)
      case .typedPaths: try JSONChecks.typedPaths(db)
      case .datesInDocuments: try JSONChecks.datesInDocuments(db)
      case .rowsIntoJSONRepresentation: try JSONChecks.rowsIntoJSONRepresentation(db)
      case .renamedColumnsAsCodingKeys: try JSONChecks.renamedColumnsAsCodingKeys(db)
      case .enumCases: try JSONChecks.enumCases(db)
      }
    }
  }

  @Test("SQLite", arguments: Check.allCases)
  func sqlite(check: Check) throws {
    try onSQLite(schema: sqliteJSONSchema) { try check.run(on: $0) }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: Check.allCases)
  func postgres(check: Check) throws {
    try onPostgres(schema: postgresJSONSchema) { try check.run(on: $0) }
  }

  @Test("MariaDB", .enabled(if: MySQLTestServer.suitesRun), arguments: Check.allCases)
  func mariaDB(check: Check) throws {
    try onMySQL(schema: mysqlJSONSchema) { try check.run(on: $0) }
  }
}
