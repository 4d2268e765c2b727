import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite
import TypedSQLTestServers

/// The live databases a test body runs on: a fresh in-memory SQLite database and a fresh schema
/// of the PostgreSQL test server, each created from the schema and seeded. In CI a missing
/// PostgreSQL server fails the test instead of skipping it.
enum LiveDatabase: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite, postgres

  var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

  /// Runs `body` on a fresh, seeded database of this kind.
  func run(_ body: (any Database) throws -> Void) throws {
    switch self {
    case .sqlite:
      let db = try SQLiteDatabase()
      try db.execute(sqliteSchema)
      try seed(db)
      try body(db)
    case .postgres:
      guard PostgresTestServer.suitesRun else { return }
      try withPostgres { db in
        try db.execute(postgresSchema)
        try seed(db)
        try body(db)
      }
    }
  }
}

extension LiveDatabase {
  /// Runs `trigger` on SQLite; on PostgreSQL checks TypedSQL's refusal of a temporary trigger
  /// and runs `permanent`, the same trigger made with `createTrigger`.
  func create<T: Table>(
    _ trigger: CreateTrigger<T>, orOnPostgreSQL permanent: CreateTrigger<T>, _ db: any Database
  ) throws {
    if self == .sqlite {
      try trigger.execute(db)
    } else {
      // PostgreSQL has no temporary triggers: TypedSQL refuses one by name. The same trigger,
      // not temporary, lets the rows be checked on PostgreSQL too.
      #expect(throws: DialectError.self) { try trigger.execute(db) }
      try permanent.execute(db)
    }
  }
}
