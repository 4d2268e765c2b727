import CSQLite
import Foundation
import TypedSQLCore

extension SQLiteDatabase: LiveQueryDatabase {
  /// The results of `fetch` now, and again after each commit that may change them.
  ///
  /// Commits on this connection are heard through SQLite's hooks and announced as soon as they
  /// are done; a fetch is re-run only when a table it read changed. Commits by another
  /// connection or process on the same file are heard by polling `PRAGMA data_version` every
  /// ``commitPollingInterval`` (they re-run every live query of the connection). Fetches run on
  /// this connection, one at a time with its other work. See `LiveQuery`.
  public func observe<Value: Sendable>(
    _ fetch: @escaping @Sendable (SQLiteDatabase) throws -> Value,
    skippingDuplicatesBy isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) -> LiveQuery<Value> {
    liveQuery(isDuplicate: isDuplicate) { [self] in try await readRecordingTables(fetch) }
  }

  /// A live query of `fetch`, which returns its value and the tables it read, re-run when this
  /// connection, which writes, commits to one of them (or another connection commits); the
  /// connection announces its commits while any such query runs.
  func liveQuery<Value: Sendable>(
    isDuplicate: (@Sendable (Value, Value) -> Bool)?,
    fetch: @escaping @Sendable () async throws -> (Value, TableSet)
  ) -> LiveQuery<Value> {
    LiveQuery(
      hub: changeHub,
      startFollowing: { [weak self] in try self?.startAnnouncingCommits() },
      stopFollowing: { [weak self] in self?.stopAnnouncingCommits() },
      isDuplicate: isDuplicate, fetch: fetch)
  }

  /// How often a connection with live queries asks SQLite whether another connection committed
  /// (`PRAGMA data_version`): the longest a change made elsewhere waits, beside the work the
  /// connection is doing, before live queries re-run.
  public static let commitPollingInterval: Duration = .milliseconds(50)

  /// Runs `body` in a read-only transaction on this connection's thread and returns its result
  /// with the tables it read.
  func readRecordingTables<Value: Sendable>(
    _ body: @escaping @Sendable (SQLiteDatabase) throws -> Value
  ) async throws -> (Value, TableSet) {
    try Task.checkCancellation()
    return try await worker.run(interrupting: interruption) { try self.readRecordingTables(body) }
  }

  /// Runs `body` in a read-only transaction and returns its result with the tables it read.
  func readRecordingTables<Value>(_ body: (SQLiteDatabase) throws -> Value) throws -> (Value, TableSet) {
    try withOpenHandle { handle in
      tableAccess.startRecordingReads(on: handle)
      tracksTableAccess = true
      defer { tracksTableAccess = tableAccess.isActive }
      let value: Value
      do {
        value = try read(body)
      } catch {
        _ = tableAccess.stopRecordingReads()
        throw error
      }
      return (value, tableAccess.stopRecordingReads())
    }
  }

  /// Starts announcing this connection's commits to ``changeHub``, and polling for other
  /// connections' commits when the database is a file.
  private func startAnnouncingCommits() throws {
    try withOpenHandle(exemptFromCancellation: true) { handle in
      tableAccess.startFollowingWrites(announcingTo: changeHub, on: handle)
      tracksTableAccess = true
      guard let file = sqlite3_db_filename(handle, "main"), file.pointee != 0 else { return }
      commitPolling = Self.pollCommits(of: self, from: try dataVersion(of: handle))
    }
  }

  /// Stops announcing commits and removes the hooks.
  private func stopAnnouncingCommits() {
    lock.withLock {
      commitPolling?.cancel()
      commitPolling = nil
      tableAccess.stopFollowingWrites(on: handle)
      tracksTableAccess = tableAccess.isActive
    }
  }

  /// Announces the commits `tableAccess` heard, once the connection is out of any transaction.
  @usableFromInline
  func announceCommitted(on handle: OpaquePointer) {
    tableAccess.announceCommitted(on: handle)
  }

  /// Whether the connection announces its commits to live queries (its hooks are installed).
  var isAnnouncingCommits: Bool {
    lock.withLock { tableAccess.isFollowingWrites }
  }

  /// Polls `PRAGMA data_version`, which changes when another connection commits, announcing
  /// every table changed when it does.
  private static func pollCommits(of database: SQLiteDatabase, from version: Int64) -> Task<Void, Never> {
    let hub = database.changeHub
    return Task.detached { [weak database] in
      var lastVersion = version
      while true {
        try? await Task.sleep(for: commitPollingInterval)
        guard !Task.isCancelled, let connection = database else { return }
        let current = try? await connection.worker.run {
          try connection.withOpenHandle(exemptFromCancellation: true) { try connection.dataVersion(of: $0) }
        }
        guard let current else { return }
        if current != lastVersion { hub.announce(.all) }
        lastVersion = current
      }
    }
  }

  /// The connection's `PRAGMA data_version`.
  private func dataVersion(of handle: OpaquePointer) throws -> Int64 {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, "PRAGMA data_version", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard code == SQLITE_OK, let statement, sqlite3_step(statement) == SQLITE_ROW else {
      throw SQLiteError.last(on: handle, code: code, sql: "PRAGMA data_version")
    }
    return sqlite3_column_int64(statement, 0)
  }
}
