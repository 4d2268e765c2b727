import CSQLite
import TypedSQLCore

/// What one connection's statements read and write, learnt from SQLite's callbacks, for live
/// queries (see `LiveQuery`).
///
/// SQLite calls the authorizer as it prepares a statement, and as it prepares one again (after
/// a schema change, or once an authorizer is installed, which expires every prepared statement
/// of the connection). It hears each table the statement reads (`SQLITE_READ`) and may write
/// (`SQLITE_INSERT`, `SQLITE_UPDATE`, `SQLITE_DELETE`; triggers' statements, a `DELETE` without
/// `WHERE` and `WITHOUT ROWID` tables included). What it heard is kept as the statement's
/// record, so that a cached statement running again is known without being prepared again.
/// While the authorizer is installed, the connection tells this object of every statement it
/// runs (``isActive``), so every statement prepared meanwhile has its record; one without a
/// record (prepared before, and not prepared since) counts as reading and writing every table.
///
/// - **Reads.** While a live query's fetch runs, the tables its statements read are gathered.
/// - **Writes.** While live queries listen, each statement's tables are added to the open
///   transaction's as it runs, and the update hook adds the table of each row changed in a rowid
///   table (foreign keys' cascades included). The commit hook moves the transaction's tables to
///   the committed ones, the rollback hook forgets them, and the connection announces them once
///   the commit is done (``announceCommitted(on:)``), when other connections can see it.
///
/// Only touched under the connection's lock, on the thread running its statements, which is
/// where SQLite calls back.
final class SQLiteTableAccess {
  /// The tables a statement reads and may write, as the authorizer heard them when it was
  /// prepared.
  private struct Record {
    var reads: Set<String> = []
    var writes: Set<String> = []
  }

  /// Whether the connection must tell this object of each statement it runs: the authorizer is
  /// installed.
  private(set) var isActive = false
  /// The tables read by the statements run since recording began; `nil` when not recording.
  private var readRegion: TableSet?
  /// Where commits are announced, while live queries listen.
  private var hub: TableChangeHub?
  /// Tables written in the open transaction, and whether a statement of unknown writes ran.
  private var written: Set<String> = []
  private var writesAreUnknown = false
  /// Tables written by committed transactions not announced yet, and whether one of them ran a
  /// statement of unknown writes.
  private var committed: Set<String> = []
  private var commitsAreUnknown = false
  /// What the authorizer heard since the statement being run was looked up: whether it was
  /// prepared (every preparation asks at least once), and the tables it reads and writes.
  private var heard = Record()
  private var heardPreparation = false
  /// The table the authorizer heard read last, by SQLite's pointer to its name: a statement
  /// reading many columns of one table makes its `String` once.
  private var lastHeardRead: UnsafePointer<CChar>?
  /// Each statement's record, by the statement.
  private var records: [OpaquePointer: Record] = [:]
  /// The table the update hook named last, by SQLite's pointer to its name, with the name: a
  /// statement changing many rows makes its `String` once.
  private var lastUpdatedTable: (pointer: UnsafePointer<CChar>, name: String)?

  // MARK: Reads

  /// Starts recording the tables read by the statements run from now on.
  func startRecordingReads(on handle: OpaquePointer) {
    installAuthorizer(on: handle)
    readRegion = TableSet.none
  }

  /// Stops recording and returns the tables read since it started.
  func stopRecordingReads() -> TableSet {
    defer { readRegion = nil }
    return readRegion ?? .all
  }

  // MARK: Writes

  /// Starts following writes: every commit from now on is announced to `hub`.
  func startFollowingWrites(announcingTo hub: TableChangeHub, on handle: OpaquePointer) {
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
  }

  /// Stops following writes and removes the hooks, and the authorizer unless recording.
  func stopFollowingWrites(on handle: OpaquePointer?) {
    hub = nil
    noteRollingBack()
    lastUpdatedTable = nil
    guard let handle else { return }
    sqlite3_update_hook(handle, nil, nil)
    sqlite3_commit_hook(handle, nil, nil)
    sqlite3_rollback_hook(handle, nil, nil)
    if readRegion == nil {
      sqlite3_set_authorizer(handle, nil, nil)
      isActive = false
      records = [:]
    }
  }

  /// Whether commits are announced.
  var isFollowingWrites: Bool { hub != nil }

  // MARK: Statements

  /// Called before a statement is looked up or prepared: what the authorizer hears from now on
  /// is the statement's.
  func statementWillBePrepared() {
    heard = Record()
    heardPreparation = false
    lastHeardRead = nil
  }

  /// Called before `statement` runs: adds what its record says it reads and writes, unless it
  /// was prepared just now (then the authorizer added it as it heard it). A statement without a
  /// record reads and writes any table.
  func statementWillRun(_ statement: OpaquePointer) {
    guard !heardPreparation else { return }
    guard let record = records[statement] else {
      if readRegion != nil { readRegion = .all }
      if hub != nil { writesAreUnknown = true }
      return
    }
    if readRegion != nil { readRegion?.formUnion(.named(record.reads)) }
    if hub != nil { written.formUnion(record.writes) }
  }

  /// Called after `statement` ran, or was prepared for the user: keeps what the authorizer
  /// heard as its record when it was prepared (or prepared again, after a schema change).
  func statementDidRun(_ statement: OpaquePointer) {
    if heardPreparation { records[statement] = heard }
    statementWillBePrepared()
  }

  /// Called before a statement is finalized: forgets its record.
  func statementWillBeFinalized(_ statement: OpaquePointer) {
    records[statement] = nil
  }

  /// Announces the tables of the transactions committed since the last announcement, once the
  /// connection is out of any transaction (the commit is done and other connections see it).
  func announceCommitted(on handle: OpaquePointer) {
    guard let hub, commitsAreUnknown || !committed.isEmpty, sqlite3_get_autocommit(handle) != 0 else { return }
    let tables = commitsAreUnknown ? TableSet.all : TableSet(committed)
    committed = []
    commitsAreUnknown = false
    hub.announce(tables)
  }

  // MARK: Callbacks

  private func installAuthorizer(on handle: OpaquePointer) {
    guard !isActive else { return }
    isActive = true
    sqlite3_set_authorizer(handle, { context, action, table, _, _, _ in
      guard let context else { return SQLITE_OK }
      Unmanaged<SQLiteTableAccess>.fromOpaque(context).takeUnretainedValue().hear(action, table: table)
      return SQLITE_OK
    }, Unmanaged.passUnretained(self).toOpaque())
  }

  private func hear(_ action: Int32, table: UnsafePointer<CChar>?) {
    heardPreparation = true
    guard let table else { return }
    switch action {
    case SQLITE_READ:
      guard table != lastHeardRead else { return }
      lastHeardRead = table
      let name = String(cString: table).lowercased()
      heard.reads.insert(name)
      if readRegion != nil { readRegion?.formUnion(.named([name])) }
    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
      let name = String(cString: table).lowercased()
      heard.writes.insert(name)
      if hub != nil { written.insert(name) }
    default:
      break
    }
  }

  private func noteRowChanged(in table: UnsafePointer<CChar>) {
    if let lastUpdatedTable, lastUpdatedTable.pointer == table { return }
    let name = String(cString: table).lowercased()
    written.insert(name)
    lastUpdatedTable = (table, name)
  }

  private func noteCommitting() {
    committed.formUnion(written)
    commitsAreUnknown = commitsAreUnknown || writesAreUnknown
    written = []
    writesAreUnknown = false
    lastUpdatedTable = nil
  }

  private func noteRollingBack() {
    written = []
    writesAreUnknown = false
    committed = []
    commitsAreUnknown = false
    lastUpdatedTable = nil
  }
}
