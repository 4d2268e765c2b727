import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
@testable import TypedSQLPostgres

/// Live queries on PostgreSQL, through a connection and a pool: the triggers of
/// `registerLiveQueryTriggers` announce commits, and a listening connection hears them.
@Suite(.enabled(if: PostgresTestServer.suitesRun))
struct PostgresLiveQueryTests {
  enum Access: String, CaseIterable, CustomTestStringConvertible {
    case connection, pool
    var testDescription: String { rawValue }
  }

  /// Runs `body` on a schema of its own holding the Reminders fixture, whose tables announce
  /// their commits, reached through `access`; with the schema's address (naming the test's
  /// connections by an `application_name` of their own) and whether the database listens.
  func withDatabase(
    _ access: Access,
    _ body: (any LiveQueryDatabase, String, @escaping @Sendable () -> Bool) async throws -> Void
  ) async throws {
    try await withPostgresSchema(postgresRemindersSchema) { schemaAddress in
      let name = "live_\(UUID().uuidString.prefix(8).lowercased())"
      let address =
        schemaAddress.hasPrefix("postgres")
        ? schemaAddress + (schemaAddress.contains("?") ? "&" : "?") + "application_name=\(name)"
        : schemaAddress + " application_name=\(name)"
      let setup = try PostgresDatabase(url: address)
      var migrator = DatabaseMigrator()
      migrator.registerLiveQueryTriggers(
        "Announce the reminders' commits", for: [RemindersList.self, Reminder.self, Tag.self, ReminderTag.self])
      try migrator.migrate(setup)
      try insertRemindersFixture(setup)
      setup.close()
      switch access {
      case .connection:
        let db = try PostgresDatabase(url: address)
        defer { db.close() }
        try await body(db, address, { db.isListeningForChanges })
      case .pool:
        let pool = try PostgresConnectionPool(url: address)
        defer { pool.close() }
        try await body(pool, address, { pool.isListeningForChanges })
      }
    }
  }

  @Test(arguments: Access.allCases)
  func firstValueThenEachCommit(_ access: Access) async throws {
    try await withDatabase(access) { db, _, _ in try await LiveQueryChecks.firstValueThenEachCommit(on: db) }
  }

  @Test(arguments: Access.allCases)
  func nothingAfterRollback(_ access: Access) async throws {
    try await withDatabase(access) { db, _, _ in try await LiveQueryChecks.nothingAfterRollback(on: db) }
  }

  @Test(arguments: Access.allCases)
  func unrelatedTableReRunsNothing(_ access: Access) async throws {
    try await withDatabase(access) { db, _, _ in try await LiveQueryChecks.unrelatedTableReRunsNothing(on: db) }
  }

  /// PostgreSQL 15's statistics of a transaction also count the reads of the connection's
  /// earlier transactions, until the server flushes them: a fetch takes only the tables whose
  /// scans grew while it ran.
  @Test(arguments: Access.allCases)
  func unrelatedTableReRunsNothingAfterARead(_ access: Access) async throws {
    try await withDatabase(access) { db, _, _ in
      try await LiveQueryChecks.unrelatedTableReRunsNothing(on: db, afterARead: true)
    }
  }

  @Test(arguments: Access.allCases)
  func handWrittenSQLAndSeveralStatements(_ access: Access) async throws {
    try await withDatabase(access) { db, _, _ in try await LiveQueryChecks.handWrittenSQLAndSeveralStatements(on: db) }
  }

  @Test(arguments: Access.allCases)
  func joinHearsEitherTable(_ access: Access) async throws {
    try await withDatabase(access) { db, _, _ in try await LiveQueryChecks.joinHearsEitherTable(on: db) }
  }

  @Test(arguments: Access.allCases)
  func burstOfCommitsEndsCurrent(_ access: Access) async throws {
    try await withDatabase(access) { db, _, _ in try await LiveQueryChecks.burstOfCommitsEndsCurrent(on: db) }
  }

  @Test(arguments: Access.allCases)
  func cancellationReleases(_ access: Access) async throws {
    try await withDatabase(access) { db, address, isListening in
      try await LiveQueryChecks.cancellationReleases(on: db, isFollowingCommits: isListening)
      // The listening connection is gone from the server too.
      let admin = try PostgresDatabase(url: address)
      defer { admin.close() }
      try await LiveQueryChecks.waitUntil("the server has no listening connection left") {
        try Self.listenerProcesses(seenBy: admin).isEmpty
      }
    }
  }

  /// A commit by another client, through a connection the live query's database never used,
  /// is heard: the server notifies every listener.
  @Test(arguments: Access.allCases)
  func anotherClientsCommitIsHeard(_ access: Access) async throws {
    try await withDatabase(access) { db, address, _ in
      let titles = LiveQueryChecks.observeOpenTitles(db)
      defer { titles.cancel() }
      try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
      let other = try PostgresDatabase(url: address)
      defer { other.close() }
      try other.execute(#"INSERT INTO "reminders" ("title", "remindersListID") VALUES ('Elsewhere', 1)"#)
      try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report", "Elsewhere"])
    }
  }

  /// The server ends the listening connection (`pg_terminate_backend`), and a commit comes while
  /// it is away: the listener connects again and every live query re-runs, so the commit is
  /// seen.
  @Test(arguments: Access.allCases)
  func listenerTerminatedByTheServerReconnects(_ access: Access) async throws {
    try await withDatabase(access) { db, address, _ in
      let titles = LiveQueryChecks.observeOpenTitles(db)
      defer { titles.cancel() }
      try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
      let admin = try PostgresDatabase(url: address)
      defer { admin.close() }
      let listeners = try Self.listenerProcesses(seenBy: admin)
      try #require(listeners.count == 1)
      // Ended and written in one transaction: the notification goes out as the listener dies.
      try admin.transaction { admin in
        _ = try admin.fetchOne(
          RenderedSQL(sql: "SELECT pg_terminate_backend(\(listeners[0]))"), as: Bool.self)
        try Reminder.insert { Reminder.Draft(title: "Meanwhile", remindersListID: 1) }.execute(admin)
      }
      try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report", "Meanwhile"])
      try await LiveQueryChecks.waitUntil("a new listening connection is open") {
        let now = try Self.listenerProcesses(seenBy: admin)
        return now.count == 1 && now != listeners
      }
      // And the new connection hears the next commit.
      try await db.write { db in
        try Reminder.where { $0.title == "Meanwhile" }.delete().execute(db)
      }
      try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
    }
  }

  /// The process ids of the test's listening connections (its `application_name`), as the
  /// server sees them.
  static func listenerProcesses(seenBy admin: PostgresDatabase) throws -> [Int] {
    try admin.fetchAll(
      RenderedSQL(sql: """
        SELECT "pid" FROM "pg_stat_activity"
        WHERE "application_name" = current_setting('application_name') AND "query" LIKE 'LISTEN %'
          AND "pid" <> pg_backend_pid()
        ORDER BY "pid"
        """),
      as: Int.self)
  }
}
