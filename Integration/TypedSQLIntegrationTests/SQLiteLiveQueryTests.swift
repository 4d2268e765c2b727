import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
@testable import TypedSQLSQLite

/// Live queries on SQLite: a connection and a pool on a file, and an in-memory connection.
@Suite struct SQLiteLiveQueryTests {
  /// A new database file holding the Reminders fixture; it is deleted after `body`.
  func withRemindersFile(_ body: (String) async throws -> Void) async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("typedsql-live-\(UUID().uuidString).db").path
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    do {
      let setup = try SQLiteDatabase(path: path)
      try makeRemindersDatabase(setup, schema: sqliteRemindersSchema)
      setup.close()
    }
    try await body(path)
  }

  enum Access: String, CaseIterable, CustomTestStringConvertible {
    case connection, pool, inMemory
    var testDescription: String { rawValue }
  }

  /// Runs `body` on a new database of the Reminders fixture reached through `access`, with
  /// whether it follows its commits.
  func withDatabase(
    _ access: Access,
    _ body: (any LiveQueryDatabase, @escaping @Sendable () -> Bool) async throws -> Void
  ) async throws {
    switch access {
    case .inMemory:
      let db = try SQLiteDatabase()
      try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
      try await body(db, { db.isAnnouncingCommits })
    case .connection:
      try await withRemindersFile { path in
        let db = try SQLiteDatabase(path: path)
        try await body(db, { db.isAnnouncingCommits })
      }
    case .pool:
      try await withRemindersFile { path in
        let pool = try SQLiteDatabasePool(path: path)
        try await body(pool, { pool.isAnnouncingCommits })
      }
    }
  }

  @Test(arguments: Access.allCases)
  func firstValueThenEachCommit(_ access: Access) async throws {
    try await withDatabase(access) { db, _ in try await LiveQueryChecks.firstValueThenEachCommit(on: db) }
  }

  @Test(arguments: Access.allCases)
  func nothingAfterRollback(_ access: Access) async throws {
    try await withDatabase(access) { db, _ in try await LiveQueryChecks.nothingAfterRollback(on: db) }
  }

  @Test(arguments: Access.allCases)
  func unrelatedTableReRunsNothing(_ access: Access) async throws {
    try await withDatabase(access) { db, _ in try await LiveQueryChecks.unrelatedTableReRunsNothing(on: db) }
  }

  @Test(arguments: Access.allCases)
  func unrelatedTableReRunsNothingAfterARead(_ access: Access) async throws {
    try await withDatabase(access) { db, _ in
      try await LiveQueryChecks.unrelatedTableReRunsNothing(on: db, afterARead: true)
    }
  }

  @Test(arguments: Access.allCases)
  func handWrittenSQLAndSeveralStatements(_ access: Access) async throws {
    try await withDatabase(access) { db, _ in try await LiveQueryChecks.handWrittenSQLAndSeveralStatements(on: db) }
  }

  @Test(arguments: Access.allCases)
  func joinHearsEitherTable(_ access: Access) async throws {
    try await withDatabase(access) { db, _ in try await LiveQueryChecks.joinHearsEitherTable(on: db) }
  }

  @Test(arguments: Access.allCases)
  func burstOfCommitsEndsCurrent(_ access: Access) async throws {
    try await withDatabase(access) { db, _ in try await LiveQueryChecks.burstOfCommitsEndsCurrent(on: db) }
  }

  @Test(arguments: Access.allCases)
  func cancellationReleases(_ access: Access) async throws {
    try await withDatabase(access) { db, isFollowing in
      try await LiveQueryChecks.cancellationReleases(on: db, isFollowingCommits: isFollowing)
    }
  }

  /// A commit by another connection to the file, which no hook of this one hears, is heard by
  /// polling within a bounded delay.
  @Test(arguments: [Access.connection, .pool])
  func anotherConnectionsCommitIsHeard(_ access: Access) async throws {
    try await withDatabase(access) { db, _ in
      let titles = LiveQueryChecks.observeOpenTitles(db)
      defer { titles.cancel() }
      try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
      let path = (db as? SQLiteDatabase)?.path ?? (db as? SQLiteDatabasePool)?.path ?? ""
      let other = try SQLiteDatabase(path: path)
      try await other.write { db in
        try Reminder.insert { Reminder.Draft(title: "Elsewhere", remindersListID: 1) }.execute(db)
      }
      try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report", "Elsewhere"])
    }
  }

  /// Writes the update hook cannot hear are heard all the same: a `WITHOUT ROWID` table written
  /// again and again by a statement the writer cached, and by one the user prepared, before the
  /// live query started; a table emptied by a `DELETE` without `WHERE` (SQLite's truncate
  /// optimization); and rows deleted by a foreign key's cascade. A pool, whose writer runs
  /// nothing but these writes: its statements stay as they were first prepared.
  @Test func writesTheUpdateHookMisses() async throws {
    try await withRemindersFile { path in
      let pool = try SQLiteDatabasePool(path: path)
      let insertPair = #"INSERT INTO "pairs" VALUES (?, 1)"#
      let emptyPairs = try Self.onWriter(of: pool) { db in
        try db.execute(#"CREATE TABLE "pairs" ("key" TEXT PRIMARY KEY, "value" INTEGER NOT NULL) WITHOUT ROWID"#)
        try db.execute(RenderedSQL(sql: insertPair, bindings: [.text("a")]))
        return try db.prepare(RenderedSQL(sql: #"DELETE FROM "pairs""#))
      }
      let pairs = LiveQueryRecorder { _ in
        pool.observe { db in
          try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "pairs""#), as: Int.self) ?? -1
        }
      }
      defer { pairs.cancel() }
      try await pairs.waitForLast(equalTo: 1)
      for (count, key) in ["b", "c", "d"].enumerated() {
        try Self.onWriter(of: pool) { db in try db.execute(RenderedSQL(sql: insertPair, bindings: [.text(key)])) }
        try await pairs.waitForLast(equalTo: count + 2)
      }
      for round in 1...2 {
        try Self.onWriter(of: pool) { db in
          try db.execute(emptyPairs, arguments: UnsafeBufferPointer(start: nil, count: 0))
          try db.execute(RenderedSQL(sql: insertPair, bindings: [.text("round \(round)")]))
        }
        try await pairs.waitForLast(equalTo: 1)
        try Self.onWriter(of: pool) { db in
          try db.execute(emptyPairs, arguments: UnsafeBufferPointer(start: nil, count: 0))
        }
        try await pairs.waitForLast(equalTo: 0)
      }

      let tags = LiveQueryRecorder { _ in pool.observe { db in try ReminderTag.count().fetchOne(db) ?? -1 } }
      defer { tags.cancel() }
      try await tags.waitForLast(equalTo: 3)
      try await pool.write { db in try Reminder.find(1).delete().execute(db) }
      try await tags.waitForLast(equalTo: 2)
      try await pool.write { db in try ReminderTag.delete().execute(db) }
      try await tags.waitForLast(equalTo: 0)
    }
  }

  /// A fetch that fails ends the live query with its error, and releases the hooks; a commit
  /// after that reaches nobody.
  @Test func aFailingFetchEndsTheLiveQueryWithItsError() async throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    let missing = db.observe { db in
      try db.fetchAll(RenderedSQL(sql: #"SELECT "title" FROM "nowhere""#), as: String.self)
    }
    await #expect(throws: SQLiteError.self) {
      for try await _ in missing {}
    }
    try await LiveQueryChecks.waitUntil("the hooks are gone") { !db.isAnnouncingCommits }

    // A table dropped under a live query: the re-run fails, and the live query ends.
    let titles = LiveQueryChecks.observeOpenTitles(db)
    try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
    try await db.write { db in try db.execute(#"DROP TABLE "remindersTags"; DROP TABLE "reminders""#) }
    try await titles.waitUntilFinished()
    #expect(titles.error is SQLiteError)
    try await LiveQueryChecks.waitUntil("the hooks are gone") { !db.isAnnouncingCommits }
  }

  /// The migration that adds PostgreSQL's live-query triggers runs nothing on SQLite, whose
  /// hooks need none, and is recorded all the same, so one migrator serves both databases.
  @Test func liveQueryTriggersMigrationIsOnlyRecorded() throws {
    let db = try SQLiteDatabase()
    try db.execute(sqliteRemindersSchema)
    var migrator = DatabaseMigrator()
    migrator.registerLiveQueryTriggers("Announce changes", for: [Reminder.self, RemindersList.self])
    #expect(try migrator.migrate(db) == ["Announce changes"])
    #expect(try migrator.appliedMigrations(db).map(\.name) == ["Announce changes"])
    let triggers = try db.fetchOne(RenderedSQL(sql: "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'"), as: Int.self)
    #expect(triggers == 0)
    #expect(try migrator.migrate(db) == [])
  }

  /// Runs `body` on the pool's writer, outside a transaction, blocking.
  static func onWriter<Result>(of pool: SQLiteDatabasePool, _ body: (SQLiteDatabase) throws -> Result) throws -> Result {
    try pool.writeWithoutTransaction(body)
  }
}
