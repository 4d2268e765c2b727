import Foundation
import Synchronization
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// Pools under random cancellation, and PostgreSQL's under a crash and restart of its server
/// (`pg_ctl stop -m immediate`, then start) in the middle: 16 tasks read, write and run
/// two-row transactions for a few seconds, a quarter of their calls cancelled at a random
/// moment. Every write the pool reported as committed is in the table exactly once, every
/// transaction's rows are there both or neither, no call hangs, and the pool serves calls
/// afterwards without being reopened.
///
/// Seeded and reproducible: `TYPEDSQL_SEED=<seed printed> swift test --filter PoolFaultTests`.
@Suite struct PoolFaultTests {
  @Test func sqlitePool() async throws {
    let path = NSTemporaryDirectory() + "typedsql-pool-faults-\(UUID().uuidString).db"
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let pool = try SQLiteDatabasePool(path: path)
    try await pool.write { try $0.execute(#"CREATE TABLE "chaos_writes" ("token" TEXT NOT NULL)"#) }
    try await PoolChaos.run(on: pool, database: "SQLite pool", restartMidway: nil)
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresPoolThroughARestart() async throws {
    guard case .serverBinaries(let binaries) = PostgresTestServer.availability else {
      #expect(ProcessInfo.processInfo.environment["CI"] != "true")
      return
    }
    let server = try PostgresTestServer(startingWith: binaries)
    defer { server.stop() }
    let pool = try PostgresConnectionPool(url: server.url, maximumConnections: 6, acquireTimeout: .seconds(30))
    try await pool.write { try $0.execute(#"CREATE TABLE "chaos_writes" ("token" text NOT NULL)"#) }
    try await PoolChaos.run(on: pool, database: "PostgreSQL pool") {
      try server.halt()
      try server.start()
    }
  }
}

enum PoolChaos {
  /// What one call did: `committed` when it returned, otherwise it threw.
  struct Outcome: Sendable {
    var tokens: [String]
    var committed: Bool
  }

  static func run<Pool: DatabaseAccess>(
    on pool: Pool, database: String, tasks: Int = 16, seconds: Double = 4, restartMidway: (@Sendable () throws -> Void)?
  ) async throws {
    let seed = SeededRandom.fromEnvironment().seed
    let outcomes = Shared<[Outcome]>([])
    let calls = Shared(0)
    let cancelled = Shared(0)
    let deadline = Date(timeIntervalSinceNow: seconds)
    let started = Date()

    let chaos = Task {
      await withTaskGroup(of: Void.self) { group in
        for worker in 0..<tasks {
          group.addTask {
            var random = SeededRandom(seed: seed &+ UInt64(worker))
            var serial = 0
            while Date() < deadline {
              serial += 1
              let token = "\(worker)-\(serial)"
              let kind = Int.random(in: 0..<3, using: &random)
              let call = Task { @Sendable () async throws -> [String] in
                switch kind {
                case 0:
                  _ = try await pool.read { db in try ChaosWrite.count().fetchOne(db) }
                  return []
                case 1:
                  try await pool.write { db in try insert(token, into: db) }
                  return [token]
                default:
                  let pair = [token + "a", token + "b"]
                  try await pool.write { db in
                    try db.transaction { db in
                      try insert(pair[0], into: db)
                      try insert(pair[1], into: db)
                    }
                  }
                  return pair
                }
              }
              if random.oneIn(4) {
                try? await Task.sleep(for: .microseconds(Int.random(in: 0...3000, using: &random)))
                call.cancel()
                cancelled.withLock { $0 += 1 }
              }
              let result = await call.result
              calls.withLock { $0 += 1 }
              let tokens = kind == 0 ? [] : kind == 1 ? [token] : [token + "a", token + "b"]
              if !tokens.isEmpty {
                outcomes.withLock { $0.append(Outcome(tokens: tokens, committed: (try? result.get()) != nil)) }
              }
            }
          }
        }
      }
    }

    var restarted = false
    if let restartMidway {
      try await Task.sleep(for: .seconds(seconds / 2))
      try await offThePool(restartMidway)
      restarted = true
    }
    // A call that never returns is a hang: give the workers a minute past their deadline.
    let finished = await withTaskGroup(of: Bool.self) { group in
      group.addTask { await chaos.value; return true }
      group.addTask { try? await Task.sleep(for: .seconds(seconds + 60)); return false }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    let hangs = finished ? 0 : 1
    #expect(finished, "seed \(seed): a call of the pool never returned")

    // The pool serves a read after everything, without being reopened.
    let stored = try await pool.read { db in try ChaosWrite.select { $0.token }.fetchAll(db) }
    var counts: [String: Int] = [:]
    for token in stored { counts[token, default: 0] += 1 }
    let recorded = outcomes.withLock { $0 }
    let lost = recorded.filter(\.committed).flatMap(\.tokens).filter { counts[$0] == nil }.count
    let duplicated = counts.values.filter { $0 > 1 }.count
    let torn = recorded.filter { $0.tokens.count == 2 && (counts[$0.tokens[0]] == nil) != (counts[$0.tokens[1]] == nil) }.count
    let failedButStored = recorded.filter { !$0.committed && $0.tokens.allSatisfy { counts[$0] != nil } }.count
    #expect(lost == 0, "seed \(seed): writes reported committed but missing")
    #expect(duplicated == 0, "seed \(seed): writes stored twice")
    #expect(torn == 0, "seed \(seed): transactions stored in part")
    print("◇ fault survived: \(database), \(tasks) tasks for \(Int(seconds)) s\(restarted ? " through a server crash and restart" : ""):"
      + " \(calls.withLock { $0 }) calls, \(cancelled.withLock { $0 }) cancelled, \(recorded.filter(\.committed).count) writes committed, \(recorded.filter { !$0.committed }.count) failed,"
      + " lost \(lost), duplicated \(duplicated), torn \(torn), hangs \(hangs), crashes 0;"
      + " \(failedButStored) failed calls whose commit had landed (seed \(seed), \(Int(Date().timeIntervalSince(started))) s)")
  }

  private static func insert(_ token: String, into db: some Database) throws {
    try ChaosWrite.insert { ChaosWrite(token: token) }.execute(db)
  }
}

/// A write of the chaos: its token, unique to the call that wrote it.
@Table("chaos_writes") struct ChaosWrite {
  var token: String
}
