import Foundation
import TypedSQLPostgres
import TypedSQLTestServers
import TypedSQLSQLite
import Synchronization

/// Counts the parity test bodies that ran to completion on each database and prints the tally
/// when the test process exits, so the output says how many ran where.
final class IntegrationRunCounter: Sendable {
  static let shared = IntegrationRunCounter()

  private let counts = Mutex<[String: Int]>([:])

  private init() {
    atexit {
      let counts = IntegrationRunCounter.shared.counts.withLock { $0 }
      let tally = counts.keys.sorted().map { "\(counts[$0]!) on \($0)" }.joined(separator: ", ")
      print("Parity test bodies completed: \(tally.isEmpty ? "none" : tally)")
    }
  }

  /// Records one completed test body on `database`.
  func record(_ database: String) {
    counts.withLock { $0[database, default: 0] += 1 }
  }
}

/// Runs a test body on a fresh in-memory SQLite database created from `schema`, and counts it.
func onSQLite(schema: String, _ body: (SQLiteDatabase) throws -> Void) throws {
  let db = try SQLiteDatabase()
  try db.execute(schema)
  try body(db)
  IntegrationRunCounter.shared.record("SQLite")
}

/// Runs a test body in a fresh schema on the PostgreSQL test server, created from `schema`, and
/// counts it.
func onPostgres(schema: String, _ body: (PostgresDatabase) throws -> Void) throws {
  try withPostgres { db in
    try db.execute(schema)
    try body(db)
  }
  IntegrationRunCounter.shared.record("PostgreSQL")
}
