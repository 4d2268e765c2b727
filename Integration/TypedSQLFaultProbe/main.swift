// A process the migration fault tests run, kill at random moments and race against another:
//
//   TypedSQLFaultProbe migrate  sqlite <path> | postgres <address>   applies the history, prints "applied N"
//   TypedSQLFaultProbe state    sqlite <path> | postgres <address>   prints "K <fingerprint>"
//   TypedSQLFaultProbe expected sqlite        | postgres <address>   prints the state after each K
//   TypedSQLFaultProbe connect  <address>   connects to PostgreSQL, prints "<seconds> <SQLSTATE>"
//                                           ("connected" for a connection); for a test that
//                                           gives the probe a resolver that never answers
//
// The history is seven migrations that create, fill, alter and rebuild tables of thousands of
// rows. A database's state is the number of migrations its history records and a fingerprint
// of its tables: their columns, row counts and sums. The tests check that every state a killed
// migration leaves is exactly "K migrations applied" for some K.

import Foundation
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// The history every probe migrates.
func faultMigrator(first count: Int = 7) -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  let steps: [(inout DatabaseMigrator) -> Void] = [
    {
      $0.registerMigration("Create accounts", sql: """
        CREATE TABLE "accounts" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "balance" INTEGER NOT NULL)
        """)
    },
    {
      $0.registerMigration("Seed accounts", sql: """
        INSERT INTO "accounts" WITH RECURSIVE "seq" ("n") AS (SELECT 1 UNION ALL SELECT "n" + 1 FROM "seq" WHERE "n" < 4000)
        SELECT "n", 'account ' || "n", "n" * 10 FROM "seq"
        """)
    },
    {
      $0.registerMigration("Create transfers", sql: """
        CREATE TABLE "transfers" ("id" INTEGER PRIMARY KEY, "account" INTEGER NOT NULL REFERENCES "accounts" ("id"), \
        "amount" INTEGER NOT NULL); CREATE INDEX "transfers_account" ON "transfers" ("account")
        """)
    },
    {
      $0.registerMigration("Seed transfers") { db in
        for batch in 0..<8 {
          try db.execute("""
            INSERT INTO "transfers" WITH RECURSIVE "seq" ("n") AS (SELECT 1 UNION ALL SELECT "n" + 1 FROM "seq" WHERE "n" < 1000)
            SELECT \(batch * 1000) + "n", 1 + ("n" * 7) % 4000, "n" % 97 FROM "seq"
            """)
        }
      }
    },
    {
      $0.registerMigration("Add currency", sql: """
        ALTER TABLE "accounts" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'EUR'; UPDATE "accounts" SET "balance" = "balance" + 1
        """)
    },
    {
      $0.registerMigration("Archive even transfers", sql: """
        CREATE TABLE "archive" AS SELECT "id", "account", "amount" FROM "transfers" WHERE "id" % 2 = 0; \
        DELETE FROM "transfers" WHERE "id" % 2 = 0
        """)
    },
    {
      $0.registerMigration("Totals", sql: """
        CREATE TABLE "totals" ("account" INTEGER PRIMARY KEY, "total" INTEGER NOT NULL); \
        INSERT INTO "totals" SELECT "account", sum("amount") FROM "transfers" GROUP BY "account"
        """)
    },
  ]
  for step in steps.prefix(count) { step(&migrator) }
  return migrator
}

/// The tables the history creates, each with the column whose values the fingerprint sums.
let fingerprintedTables = [("accounts", "balance"), ("transfers", "amount"), ("archive", "amount"), ("totals", "total")]

/// How many migrations the database records, and a fingerprint of its tables.
func state(of db: some SchemaAwareDatabase) throws -> String {
  let recorded = try db.declaredColumns(of: "typedsql_migrations", schema: nil) == nil
    ? 0 : try faultMigrator().appliedMigrations(db).count
  var parts: [String] = []
  for (table, summed) in fingerprintedTables {
    guard let columns = try db.declaredColumns(of: table, schema: nil) else {
      parts.append("\(table):-")
      continue
    }
    let totals = try db.fetchOne(
      RenderedSQL(sql: #"SELECT CAST(count(*) AS TEXT) || '/' || CAST(coalesce(sum("\#(summed)"), 0) AS TEXT) FROM "\#(table)""#),
      as: String.self)
    parts.append("\(table):\(columns.map(\.name).joined(separator: ",")):\(totals ?? "?")")
  }
  return "\(recorded) " + parts.joined(separator: " ")
}

/// Runs `body` on the database the arguments name.
func withDatabase(_ arguments: ArraySlice<String>, _ body: (any SchemaAwareDatabase) throws -> Void) throws {
  switch arguments.first {
  case "sqlite" where arguments.count == 2: try body(try SQLiteDatabase(path: arguments.last!, busyTimeout: .seconds(60)))
  case "sqlite" where arguments.count == 1: try body(try SQLiteDatabase())
  case "postgres" where arguments.count == 2: try body(try PostgresDatabase(url: arguments.last!))
  default: throw ProbeError.usage
  }
}

enum ProbeError: Error { case usage }

let arguments = CommandLine.arguments.dropFirst()
do {
  switch arguments.first {
  case "migrate":
    try withDatabase(arguments.dropFirst()) { db in print("applied \(try faultMigrator().migrate(db).count)") }
  case "state":
    try withDatabase(arguments.dropFirst()) { db in print(try state(of: db)) }
  case "expected":
    try withDatabase(arguments.dropFirst()) { db in
      for count in 0...7 {
        if count > 0 { try faultMigrator(first: count).migrate(db) }
        print(try state(of: db))
      }
    }
  case "connect" where arguments.count == 2:
    let started = Date()
    var outcome = "connected"
    do {
      _ = try PostgresDatabase(url: arguments.last!)
    } catch let error as PostgresError {
      outcome = error.sqlState
    }
    print(String(format: "%.1f", Date().timeIntervalSince(started)), outcome)
  default:
    throw ProbeError.usage
  }
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
