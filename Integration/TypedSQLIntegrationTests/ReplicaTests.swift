import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres

/// A row per write the replica tests make; its key is the write's number.
@Table struct LedgerEntry: Equatable {
  let id: Int
  var note: String
}

/// A primary and a streaming standby on loopback unix sockets, each a cluster of its own: reads
/// and writes routed, a read that sees its own write, then a failover.
@Suite(.enabled(if: PostgresTestServer.suitesRun), .serialized)
struct ReplicaTests {
  @Test func routesReadsAndWritesAndSurvivesAFailover() async throws {
    guard let binaries = PostgresTestServer.findServerBinaries() else {
      Issue.record("no PostgreSQL server binaries to start a primary and a standby")
      return
    }
    let primary = try PostgresTestServer(startingWith: binaries)
    defer { primary.stop() }
    let setUp = try PostgresDatabase(url: primary.url)
    try setUp.execute(#"CREATE TABLE "ledgerEntries" ("id" integer PRIMARY KEY, "note" text NOT NULL)"#)
    var migrator = DatabaseMigrator()
    migrator.registerLiveQueryTriggers("Announce the ledger's commits", for: [LedgerEntry.self])
    try migrator.migrate(setUp)
    let standby = try PostgresTestServer(standbyOf: primary)
    defer { standby.stop() }
    // Synchronous replication: a commit is acknowledged once the standby has it, so no
    // acknowledged write can be lost when the standby takes over.
    try setUp.execute("ALTER SYSTEM SET synchronous_standby_names = '*'")
    try setUp.execute("SELECT pg_reload_conf()")
    setUp.close()

    let (primarySocket, standbySocket) = (primary.socket!, standby.socket!)
    let servers = try PostgresReplicaSet(
      url: "host=\(primarySocket.folder),\(standbySocket.folder) port=\(primarySocket.port),\(standbySocket.port)"
        + " user=postgres dbname=postgres",
      // A read that must see the last write waits for the standby's replay as long as a loaded
      // test run may delay it (the default 2 s then sends it to the primary, as documented).
      maximumConnections: 2, replicationWaitTimeout: testPatience)
    let isStandby = RenderedSQL(sql: "SELECT pg_is_in_recovery()")
    // A live query, on the primary, follows every write, through the failover.
    let entries = LiveQueryRecorder { _ in servers.observe { db in try LedgerEntry.count().fetchOne(db) ?? -1 } }
    defer { entries.cancel() }
    try await entries.waitForLast(equalTo: 0)

    // Writes go to the primary, reads to the standby.
    #expect(try await servers.write { db in try db.fetchOne(isStandby, as: Bool.self) } == false)
    #expect(try await servers.read { db in try db.fetchOne(isStandby, as: Bool.self) } == true)

    // A read that must see the last write waits for the standby to replay it.
    var acknowledged: [Int] = []
    for id in 1...50 {
      try await servers.write { db in try LedgerEntry.insert { LedgerEntry(id: id, note: "before") }.execute(db) }
      acknowledged.append(id)
      let seen = try await servers.read(seeingLastWrite: true) { db in
        (try db.fetchOne(isStandby, as: Bool.self), try LedgerEntry.find(id).fetchOne(db)?.note)
      }
      #expect(seen.0 == true && seen.1 == "before", "write \(id) read back as \(seen)")
    }
    try await entries.waitForLast(equalTo: 50)

    // A write that committed but whose log position cannot be read afterwards (a function
    // shadows PostgreSQL's on its connection) still succeeds; reads that must see it go to the
    // primary, until a later write's position is known.
    try await servers.write { db in
      try LedgerEntry.insert { LedgerEntry(id: 500, note: "position lost") }.execute(db)
      try db.execute("""
        CREATE SCHEMA hiding; CREATE TABLE hiding.lost (lost boolean); INSERT INTO hiding.lost VALUES (true);
        CREATE FUNCTION hiding.pg_current_wal_insert_lsn() RETURNS pg_lsn LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT FROM hiding.lost) THEN RAISE EXCEPTION 'the position is lost'; END IF;
          RETURN pg_catalog.pg_current_wal_insert_lsn();
        END $$;
        SET search_path = hiding, pg_catalog, public
        """)
    }
    let lost = try await servers.read(seeingLastWrite: true) { db in
      (try db.fetchOne(isStandby, as: Bool.self), try LedgerEntry.find(500).fetchOne(db)?.note)
    }
    #expect(lost.0 == false && lost.1 == "position lost", "read back as \(lost)")
    try await servers.write { db in
      try db.execute("DELETE FROM hiding.lost")
      try LedgerEntry.find(500).update { $0.note = "found" }.execute(db)
    }
    let found = try await servers.read(seeingLastWrite: true) { db in
      (try db.fetchOne(isStandby, as: Bool.self), try LedgerEntry.find(500).fetchOne(db)?.note)
    }
    #expect(found.0 == true && found.1 == "found", "read back as \(found)")
    try await servers.write { db in try LedgerEntry.find(500).delete().execute(db) }

    // A write in flight when the primary goes down fails with a connection error and is not
    // retried; nothing it wrote is kept.
    let inFlight = Task {
      try await servers.write { db in
        try LedgerEntry.insert { LedgerEntry(id: 1000, note: "in flight") }.execute(db)
        try db.execute("SELECT pg_sleep(5)")
      }
    }
    try await Task.sleep(for: .milliseconds(500))
    try primary.halt()
    let failure = await #expect(throws: PostgresError.self) { try await inFlight.value }
    #expect(failure?.isConnectionError == true, "\(String(describing: failure))")

    // The standby takes over; the next calls find it.
    try standby.promote()
    for id in 51...60 {
      try await servers.write { db in try LedgerEntry.insert { LedgerEntry(id: id, note: "after") }.execute(db) }
      acknowledged.append(id)
    }
    #expect(try await servers.write { db in try db.fetchOne(isStandby, as: Bool.self) } == false)
    try await entries.waitForLast(equalTo: 60)

    // Every acknowledged write is there once, the one in flight is not.
    let direct = try PostgresDatabase(url: standby.url)
    let ids = try LedgerEntry.order { $0.id }.select { $0.id }.fetchAll(direct)
    #expect(ids == acknowledged)
  }

  /// Readers spread over every standby: twenty nested reads, each holding a connection of its
  /// own, reach both standbys of a primary listed first, and none reaches the primary. (Each
  /// reader connection orders the hosts at random; the chance that all twenty pick the same
  /// standby is 2 × 2⁻²⁰.)
  @Test func readsSpreadOverEveryStandby() throws {
    guard let binaries = PostgresTestServer.findServerBinaries() else {
      Issue.record("no PostgreSQL server binaries to start a primary and two standbys")
      return
    }
    let primary = try PostgresTestServer(startingWith: binaries)
    defer { primary.stop() }
    let standbys = [try PostgresTestServer(standbyOf: primary), try PostgresTestServer(standbyOf: primary)]
    defer { for standby in standbys { standby.stop() } }
    for standby in standbys {
      #expect(try PostgresDatabase(url: standby.url).fetchOne(RenderedSQL(sql: "SELECT pg_is_in_recovery()"), as: Bool.self) == true)
    }
    let sockets = ([primary] + standbys).map { $0.socket! }
    let set = try PostgresReplicaSet(
      url: "host=\(sockets.map(\.folder).joined(separator: ",")) port=\(sockets.map { String($0.port) }.joined(separator: ","))"
        + " user=postgres dbname=postgres",
      maximumConnections: 20)
    defer { set.close() }
    /// The server (its port) and the connection (its process) each of `depth` nested reads
    /// reached, as `port/process`.
    func connectionsOfNestedReads(_ depth: Int) throws -> [String] {
      try set.read { db in
        let connection = try #require(
          try db.fetchOne(RenderedSQL(sql: "SELECT current_setting('port') || '/' || pg_backend_pid()"), as: String.self))
        return try [connection] + (depth > 1 ? connectionsOfNestedReads(depth - 1) : [])
      }
    }
    let connections = try connectionsOfNestedReads(20)
    #expect(Set(connections).count == 20)
    let ports = Set(connections.compactMap { $0.split(separator: "/").first.flatMap { Int($0) } })
    #expect(ports == Set(standbys.map { $0.socket!.port }))
  }
}
