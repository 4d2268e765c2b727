import Foundation
import TypedSQLCore

/// A PostgreSQL primary and its streaming standbys, reached through one libpq multi-host
/// address: writes and transactions go to the primary, reads may go to a standby.
///
/// ```swift
/// let servers = try PostgresReplicaSet(url: "host=db1,db2 port=5432,5432 dbname=app user=app")
/// try await servers.write { db in try Reminder.insert { draft }.execute(db) }
/// let open = try await servers.read { db in try Reminder.where { !$0.isCompleted }.fetchAll(db) }
/// let mine = try await servers.read(seeingLastWrite: true) { db in try Reminder.find(id).fetchOne(db) }
/// ```
///
/// The writer's connections ask libpq for `target_session_attrs=read-write`, so they reach
/// whichever listed server accepts writes; readers ask for `prefer-standby` and fall back to the
/// primary when no standby answers. Each reader connection lists the hosts in a random order of
/// its own, as libpq 16's `load_balance_hosts=random` would, so that readers spread over every
/// standby that answers rather than all taking the first one listed.
///
/// After a failover (a standby promoted, the old primary stopped), the call in flight fails with
/// a connection error (SQLSTATE class 08) and is never retried, so nothing is written twice; the
/// next call reconnects to the server that now accepts writes. A commit the caller was told about survives the failover when the primary replicates
/// synchronously (`synchronous_standby_names`), as PostgreSQL promises; with asynchronous
/// replication the last commits can be lost, whatever the client does.
///
/// A standby replays the primary's changes a moment after they commit. A read that must see
/// the caller's own last write asks for `seeingLastWrite`: it waits, at most
/// `replicationWaitTimeout`, until its standby has replayed that write, and otherwise reads from
/// the primary.
public final class PostgresReplicaSet: LiveQueryDatabase, Sendable {
  /// The connections that write: to the server that accepts writes.
  private let writer: PostgresConnectionPool
  /// The connections that read: to a standby when one answers.
  private let readers: PostgresConnectionPool
  /// How long a read that must see the last write waits for a standby to replay it.
  public let replicationWaitTimeout: Duration
  /// Where the set's warnings go, if anywhere.
  private let log: StatementLog?
  /// What reads that must see the set's last write wait for.
  private let lastWrite = LastWritePosition()

  /// The servers of `url`, a libpq conninfo string or URL listing every host (`host=a,b
  /// port=5432,5433 …` or `postgresql://a:5432,b:5433/app`), with at most `maximumConnections`
  /// to the primary and as many for reads.
  public init(
    url: String, maximumConnections: Int = 4, acquireTimeout: Duration = .seconds(10),
    replicationWaitTimeout: Duration = .seconds(2), log: StatementLog? = nil,
    preparation: PostgresStatementPreparation = .named
  ) throws {
    let writerAddress = try Self.options(of: url, targeting: "read-write").connectionString
    writer = PostgresConnectionPool(
      url: writerAddress, connectingTo: { writerAddress }, maximumConnections: maximumConnections,
      acquireTimeout: acquireTimeout, log: log, preparation: preparation)
    let readerOptions = try Self.options(of: url, targeting: "prefer-standby")
    readers = PostgresConnectionPool(
      url: readerOptions.connectionString, connectingTo: { readerOptions.withHostsShuffled().connectionString },
      maximumConnections: maximumConnections, acquireTimeout: acquireTimeout, log: log, preparation: preparation)
    self.replicationWaitTimeout = replicationWaitTimeout
    self.log = log
  }

  /// Closes every idle connection; later calls throw.
  public func close() {
    writer.close()
    readers.close()
  }

  // MARK: Blocking

  /// Runs `body` in a read-only snapshot transaction on a standby, or on the primary when no
  /// standby answers.
  public func read<Result>(_ body: (PostgresDatabase) throws -> Result) throws -> Result {
    try readers.read(body)
  }

  /// Runs `body` in a read-only snapshot transaction that sees this set's last write: on a
  /// standby that has replayed it, or on the primary.
  public func read<Result>(seeingLastWrite: Bool, _ body: (PostgresDatabase) throws -> Result) throws -> Result {
    let position: String
    switch seeingLastWrite ? lastWrite.readsMustSee : .nothing {
    case .nothing: return try read(body)
    case .primary: return try writer.read(body)
    case .replayed(let replayed): position = replayed
    }
    let timeout = replicationWaitTimeout
    let onStandby = try readers.withConnection { db in
      try Self.waitForReplay(of: position, on: db, timeout: timeout) ? try db.read(body) : nil
    }
    return try onStandby ?? writer.read(body)
  }

  /// Runs `body` in a transaction on the primary.
  public func write<Result>(_ body: (PostgresDatabase) throws -> Result) throws -> Result {
    try writer.withConnection { db in try recordingPosition(on: db) { try db.transaction(body) } }
  }

  // MARK: Async

  /// Runs `body` in a read-only snapshot transaction on a standby, or on the primary when no
  /// standby answers, on the connection's own thread.
  public func read<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    try await readers.read(body)
  }

  /// Runs `body` in a read-only snapshot transaction that sees this set's last write: on a
  /// standby that has replayed it, or on the primary.
  public func read<Result: Sendable>(
    seeingLastWrite: Bool, _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    let position: String
    switch seeingLastWrite ? lastWrite.readsMustSee : .nothing {
    case .nothing: return try await read(body)
    case .primary: return try await writer.read(body)
    case .replayed(let replayed): position = replayed
    }
    let timeout = replicationWaitTimeout
    let onStandby = try await readers.withConnection { db in
      try Self.waitForReplay(of: position, on: db, timeout: timeout) ? try db.read(body) : nil
    }
    if let onStandby { return onStandby }
    return try await writer.read(body)
  }

  /// Runs `body` in a transaction on the primary, on the connection's own thread.
  public func write<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresDatabase) throws -> Result
  ) async throws -> Result {
    try await writer.withConnection { db in try self.recordingPosition(on: db) { try db.transaction(body) } }
  }

  // MARK: Live queries

  /// The results of `fetch` now, and again after each commit that may change them, observed on
  /// the primary: its listening connection hears the commits there, and each fetch runs there, so
  /// a value never waits for a standby's replay nor misses a commit it has not replayed. After a
  /// failover the listener reconnects to the server that now accepts writes, and every live
  /// query re-runs. See `PostgresConnectionPool.observe(_:skippingDuplicatesBy:)`.
  public func observe<Value: Sendable>(
    _ fetch: @escaping @Sendable (PostgresDatabase) throws -> Value,
    skippingDuplicatesBy isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) -> LiveQuery<Value> {
    writer.observe(fetch, skippingDuplicatesBy: isDuplicate)
  }

  // MARK: Replication

  /// Runs `write`, a transaction on `db`, then records the primary's log position just after it,
  /// on the same connection (one round trip). The write has committed by then, so a failure to
  /// learn the position is not the caller's: it is not thrown (a caller told that a committed
  /// write failed might make it twice), and reads that must see the last write go to the
  /// primary until a later write's position is known.
  private func recordingPosition<Result>(on db: PostgresDatabase, _ write: () throws -> Result) throws -> Result {
    let ticket = lastWrite.beginWrite()
    let result = try write()
    do {
      lastWrite.advance(to: try Self.currentPosition(on: db), writeBegan: ticket)
    } catch {
      lastWrite.forget()
      log?.logger.warning(
        "a write committed, but the primary's log position after it could not be read; reads that must see it go to the primary",
        metadata: ["error": "\(error)"])
    }
    return result
  }

  /// The position of the primary's write-ahead log now: past every transaction committed before.
  /// (Inside a transaction it would be short of the transaction's own commit record.)
  private static func currentPosition(on db: PostgresDatabase) throws -> String {
    try db.fetchOne(RenderedSQL(sql: "SELECT pg_current_wal_insert_lsn()::text"), as: String.self) ?? ""
  }

  /// Waits until the server `db` is connected to has replayed the log up to `position`, at most
  /// `timeout`: `true` once it has (a primary always has), `false` when time ran out.
  private static func waitForReplay(of position: String, on db: PostgresDatabase, timeout: Duration) throws -> Bool {
    let check = RenderedSQL(
      sql: "SELECT NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= $1::pg_lsn",
      bindings: [.text(position)])
    let deadline = ContinuousClock.now + timeout
    while true {
      if try db.fetchOne(check, as: Bool.self) == true { return true }
      if ContinuousClock.now >= deadline { return false }
      Thread.sleep(forTimeInterval: 0.002)
    }
  }

  /// The options of `url` with libpq's `target_session_attrs` set to `attributes`.
  private static func options(of url: String, targeting attributes: String) throws -> PostgresConnectionOptions {
    var options = try PostgresConnectionOptions(parsing: url)
    guard options["target_session_attrs"] == nil else {
      throw PostgresError(
        sqlState: "22023",  // invalid_parameter_value
        message: "a replica set chooses target_session_attrs itself; leave it out of the address")
    }
    options["target_session_attrs"] = attributes
    return options
  }
}
