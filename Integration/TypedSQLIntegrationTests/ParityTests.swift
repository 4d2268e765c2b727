import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The parity suite: every portable check runs on a fresh SQLite database, on a fresh
/// PostgreSQL schema and (those MariaDB runs so far) on a fresh MariaDB database, with the same
/// fixture and the same expected rows.
@Suite struct ParityTests {
  @Test("SQLite", arguments: PortableCheck.allCases)
  func sqlite(check: PortableCheck) throws {
    try onSQLite(schema: sqliteRemindersSchema) { db in
      try insertRemindersFixture(db)
      try check.run(on: db)
    }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: PortableCheck.allCases)
  func postgres(check: PortableCheck) throws {
    try onPostgres(schema: postgresRemindersSchema) { db in
      try insertRemindersFixture(db)
      try check.run(on: db)
    }
  }

  @Test("MariaDB", .enabled(if: MySQLTestServer.suitesRun), arguments: PortableCheck.runOnMariaDB)
  func mariaDB(check: PortableCheck) throws {
    try onMySQL(schema: mysqlRemindersSchema) { db in
      try insertRemindersFixture(db)
      try check.run(on: db)
    }
  }

  /// A check MariaDB cannot run whole gets as far as the statement it refuses, and the refusal
  /// names the feature and the server.
  @Test("MariaDB refuses by name", .enabled(if: MySQLTestServer.suitesRun), arguments: PortableCheck.refusedOnMariaDB)
  func mariaDBRefusal(check: PortableCheck, feature: String) throws {
    try withMySQL { db throws in
      try db.execute(mysqlRemindersSchema)
      try insertRemindersFixture(db)
      let error = #expect(throws: DialectError.self) { try check.run(on: db) }
      #expect(error == .unsupported(feature: feature, dialect: db.dialect.name))
    }
  }
}

/// The portable checks of ``PortableQueryChecks``, by name, as test arguments.
enum PortableCheck: String, CaseIterable, Sendable {
  case selectAll, whereOperators, nullSafeComparison, selectColumnsAndTuples
  case orderWithNullsPlacement, limitAndOffset, joins, aggregatesAndGrouping, find
  case preparedStatements, preparedInserts, bulkInserts, insertDraftsAndRows, updates, deletes, transactions, hostileValuesRoundTrip
  case coalesceCaseAndCast, stringAggregate, upserts, commonTableExpressions, negationAndOptionalConditions
  case subqueries, aggregateFilters, windows, rowValues, aliases, composing, sixTables

  /// The checks that run on MariaDB: all but those it refuses.
  static let runOnMariaDB: [PortableCheck] = allCases.filter { check in
    !refusedOnMariaDB.contains { $0.check == check }
  }

  /// The checks MariaDB refuses, each with the feature its refusal names: what the server has no
  /// spelling for (`FULL JOIN`, `RETURNING` on an update, `WITH` before an update).
  static let refusedOnMariaDB: [(check: PortableCheck, feature: String)] = [
    (.updates, "UPDATE … RETURNING"),
    (.aliases, "UPDATE … RETURNING"),
    (.commonTableExpressions, "WITH on an UPDATE"),
    (.composing, "FULL JOIN"),
  ]

  func run(on db: some Database) throws {
    switch self {
    case .selectAll: try PortableQueryChecks.selectAll(db)
    case .whereOperators: try PortableQueryChecks.whereOperators(db)
    case .nullSafeComparison: try PortableQueryChecks.nullSafeComparison(db)
    case .selectColumnsAndTuples: try PortableQueryChecks.selectColumnsAndTuples(db)
    case .orderWithNullsPlacement: try PortableQueryChecks.orderWithNullsPlacement(db)
    case .limitAndOffset: try PortableQueryChecks.limitAndOffset(db)
    case .joins: try PortableQueryChecks.joins(db)
    case .aggregatesAndGrouping: try PortableQueryChecks.aggregatesAndGrouping(db)
    case .find: try PortableQueryChecks.find(db)
    case .preparedStatements: try PortableQueryChecks.preparedStatements(db)
    case .preparedInserts: try PortableQueryChecks.preparedInserts(db)
    case .bulkInserts: try PortableQueryChecks.bulkInserts(db)
    case .insertDraftsAndRows: try PortableQueryChecks.insertDraftsAndRows(db)
    case .updates: try PortableQueryChecks.updates(db)
    case .deletes: try PortableQueryChecks.deletes(db)
    case .transactions: try PortableQueryChecks.transactions(db)
    case .hostileValuesRoundTrip: try PortableQueryChecks.hostileValuesRoundTrip(db)
    case .coalesceCaseAndCast: try PortableQueryChecks.coalesceCaseAndCast(db)
    case .stringAggregate: try PortableQueryChecks.stringAggregate(db)
    case .upserts: try PortableQueryChecks.upserts(db)
    case .commonTableExpressions: try PortableQueryChecks.commonTableExpressions(db)
    case .negationAndOptionalConditions: try PortableQueryChecks.negationAndOptionalConditions(db)
    case .subqueries: try PortableQueryChecks.subqueries(db)
    case .aggregateFilters: try PortableQueryChecks.aggregateFilters(db)
    case .windows: try PortableQueryChecks.windows(db)
    case .rowValues: try PortableQueryChecks.rowValues(db)
    case .aliases: try PortableQueryChecks.aliases(db)
    case .composing: try PortableQueryChecks.composing(db)
    case .sixTables: try PortableQueryChecks.sixTables(db)
    }
  }
}
