import CSQLite
import TypedSQLCore

/// What one connection's statements read and write, learnt from SQLite's callbacks, for live
/// queries (see `LiveQuery`).
///
/// - **Reads.** While a live query's fetch runs, the authorizer hears each table its
///   statements read (`SQLITE_READ`) as they are prepared; the connection prepares them afresh
///   for it, bypassing its statement cache, so that none goes unheard.
/// - **Writes.** While live queries listen, the authorizer hears each table a statement may
///   write as it is prepared (triggers' statements included; a `DELETE` without `WHERE`, which
///   SQLite runs without visiting rows; a `WITHOUT ROWID` table), remembered per statement for
///   its later runs; the update hook hears each row changed in a rowid table (foreign keys'
///   cascades included). The commit hook moves a transaction's tables to the committed ones,
///   the rollback hook forgets them, and the connection announces them once the commit is
///   done (``announceCommitted(on:)``), when other connections can see it.
///
/// Only touched under the connection's lock, on the thread running its statements, which is
/// where SQLite calls back.
final class SQLiteTableAccess {
  /// Whether the connection must tell this object about its statements: it follows writes or
  /// records reads.
  private(set) var isActive = false
  /// The tables read by the statements prepared since recording began; `nil` when not recording.
  private var readRegion: TableSet?
  /// Where commits are announced, while live queries listen.
  private var hub: TableChangeHub?
  /// Tables written in the open transaction.
  private var written: Set<String> = []
  /// Tables written by committed transactions not announced yet.
  private var committed: Set<String> = []
  /// The tables the authorizer heard a statement may write, since the statement's run began.
  private var heardWrites: Set<String> = []
  /// The tables each statement may write, as heard when it was prepared.
  private var writesByStatement: [OpaquePointer: Set<String>] = [:]
  /// The table the update hook named last, by SQLite's pointer to its name, with the name: a
  /// statement changing many rows makes its `String` once.
  private var lastUpdatedTable: (pointer: UnsafePointer<CChar>, name: String)?
  private var isAuthorizerInstalled = false

  // MARK: Reads

  /// Starts recording the tables read by the statements prepared from now on.
  func startRecordingReads(on handle: OpaquePointer) {
    installAuthorizer(on: handle)
    readRegion = TableSet.none
    updateIsActive()
  }

  /// Stops recording and returns the tables read since it started.
  func stopRecordingReads() -> TableSet {
    defer {
      readRegion = nil
      updateIsActive()
    }
    return readRegion ?? .all
  }

  /// Whether statements must be prepared afresh, so that the authorizer hears what they read.
  var isRecordingReads: Bool { readRegion != nil }

  /// Notes that a statement prepared earlier ran while recording: what it reads went unheard,
  /// so the fetch counts as reading every table.
  func noteUnheardReads() {
    if readRegion != nil { readRegion = .all }
  }

  // MARK: Writes

  /// Starts following writes: every commit from now on is announced to `hub`.
  func startFollowingWrites(announcingTo hub: TableChangeHub, on handle: OpaquePointer) {
    // Installed again even when it is in place: installing expires every prepared statement
    // (SQLite's and the user's), so each is prepared again at its next step, heard.
    isAuthorizerInstalled = false
    installAuthorizer(on: handle)
    self.hub = hub
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_update_hook(handle, { context, _, _, table, _ in
      guard let context, let table else { return }
      Unmanaged<SQLiteTableAccess>.fromOpaque(context).takeUnretainedValue().noteRowChanged(in: table)
    }, context)
    sqlite3_commit_hook(handle, { context in
      guard let context else { return 0 }
      Unmanaged<SQLiteTableAccess>.fromOpaque(context).takeUnretainedValue().noteCommitting()
      return 0
    }, context)
    sqlite3_rollback_hook(handle, { context in
      guard let context else { return }
      Unmanaged<SQLiteTableAccess>.fromOpaque(context).takeUnretainedValue().noteRollingBack()
    }, context)
    updateIsActive()
  }

  /// Stops following writes and removes the hooks (and the authorizer, unless recording).
  func stopFollowingWrites(on handle: OpaquePointer?) {
    hub = nil
    written = []
    committed = []
    heardWrites = []
    writesByStatement = [:]
    lastUpdatedTable = nil
    if let handle {
      sqlite3_update_hook(handle, nil, nil)
      sqlite3_commit_hook(handle, nil, nil)
      sqlite3_rollback_hook(handle, nil, nil)
      if readRegion == nil {
        sqlite3_set_authorizer(handle, nil, nil)
        isAuthorizerInstalled = false
      }
    }
    updateIsActive()
  }

  /// Whether commits are announced.
  var isFollowingWrites: Bool { hub != nil }

  /// Called before a statement is looked up or prepared: writes the authorizer hears from now
  /// on are the statement's.
  func statementWillBePrepared() {
    heardWrites = []
  }

  /// Called before `statement` runs: adds the tables it may write, as heard when it was prepared.
  func statementWillRun(_ statement: OpaquePointer) {
    guard hub != nil, let writes = writesByStatement[statement] else { return }
    written.formUnion(writes)
  }

  /// Called after `statement` ran: remembers the writes heard since it was looked up (at its
  /// preparation, or its re-preparation after a schema change) as its own, for its later runs.
  func statementDidRun(_ statement: OpaquePointer) {
    guard hub != nil else { return }
    if !heardWrites.isEmpty {
      writesByStatement[statement] = heardWrites
      heardWrites = []
    } else if sqlite3_stmt_readonly(statement) != 0 {
      // A statement finalized earlier may have left its writes under the same address.
      writesByStatement[statement] = nil
    }
  }

  /// Called before a statement is finalized: forgets what it writes.
  func statementWillBeFinalized(_ statement: OpaquePointer) {
    writesByStatement[statement] = nil
  }

  /// Announces the tables of the transactions committed since the last announcement, once the
  /// connection is out of any transaction (the commit is done and other connections see it).
  func announceCommitted(on handle: OpaquePointer) {
    guard let hub, !committed.isEmpty, sqlite3_get_autocommit(handle) != 0 else { return }
    let tables = TableSet(committed)
    committed = []
    hub.announce(tables)
  }

  // MARK: Callbacks

  private func installAuthorizer(on handle: OpaquePointer) {
    guard !isAuthorizerInstalled else { return }
    isAuthorizerInstalled = true
    sqlite3_set_authorizer(handle, { context, action, table, _, _, _ in
      guard let context else { return SQLITE_OK }
      return Unmanaged<SQLiteTableAccess>.fromOpaque(context).takeUnretainedValue()
        .authorize(action, table: table)
    }, Unmanaged.passUnretained(self).toOpaque())
  }

  private func authorize(_ action: Int32, table: UnsafePointer<CChar>?) -> Int32 {
    guard let table else { return SQLITE_OK }
    switch action {
    case SQLITE_READ:
      readRegion?.formUnion(TableSet([String(cString: table)]))
    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
      guard hub != nil else { break }
      let name = String(cString: table).lowercased()
      written.insert(name)
      heardWrites.insert(name)
    default:
      break
    }
    return SQLITE_OK
  }

  private func noteRowChanged(in table: UnsafePointer<CChar>) {
    if let lastUpdatedTable, lastUpdatedTable.pointer == table { return }
    let name = String(cString: table).lowercased()
    written.insert(name)
    lastUpdatedTable = (table, name)
  }

  private func noteCommitting() {
    committed.formUnion(written)
    written = []
    lastUpdatedTable = nil
  }

  private func noteRollingBack() {
    written = []
    committed = []
    lastUpdatedTable = nil
  }

  private func updateIsActive() {
    isActive = hub != nil || readRegion != nil
  }
}
