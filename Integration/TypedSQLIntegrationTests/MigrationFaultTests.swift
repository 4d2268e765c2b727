import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres

/// Migrations under faults, in processes of their own (`TypedSQLFaultProbe`, seven migrations
/// of thousands of rows): killed with `SIGKILL` at random moments, every state left behind is
/// exactly "K migrations applied", and the next run finishes the history; two migrators started
/// at once on one database apply each migration once and both succeed.
///
/// Seeded and reproducible: `TYPEDSQL_SEED=<seed printed> swift test --filter MigrationFaultTests`;
/// `TYPEDSQL_MIGRATION_KILLS` and `TYPEDSQL_MIGRATION_RACES` set the counts per database.
@Suite struct MigrationFaultTests {
  @Test func sqlite() async throws {
    try await offThePool {
      let folder = NSTemporaryDirectory() + "typedsql-migration-faults-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      var next = 0
      try MigrationFaults.run(database: "SQLite") {
        next += 1
        return ["sqlite", "\(folder)/\(next).db"]
      }
    }
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgres() async throws {
    try await offThePool {
      let server = try PostgresTestServer.shared.get()
      let admin = try PostgresDatabase(url: server.url)
      var schemas: [String] = []
      defer { for schema in schemas { try? admin.execute("DROP SCHEMA \"\(schema)\" CASCADE") } }
      try MigrationFaults.run(database: "PostgreSQL") {
        let schema = "faults_" + UUID().uuidString.prefix(8).lowercased()
        try admin.execute("CREATE SCHEMA \"\(schema)\"")
        schemas.append(schema)
        return ["postgres", postgresAddress(server.url, settingOption: "search_path", to: schema)]
      }
    }
  }
}

enum MigrationFaults {
  /// Kills migrating processes and races two of them, each on a fresh database that
  /// `newDatabase` names (the probe's arguments for it), and prints the figures.
  static func run(database: String, newDatabase: () throws -> [String]) throws {
    let kills = harnessCount("TYPEDSQL_MIGRATION_KILLS", default: 32)
    let races = harnessCount("TYPEDSQL_MIGRATION_RACES", default: 6)
    var random = SeededRandom.fromEnvironment()
    let expected = try FaultProbe.run(["expected"] + newDatabase()).split(separator: "\n").map(String.init)
    try #require(expected.count == 8)

    // How long a whole history takes, to kill within it.
    let timed = try newDatabase()
    let start = Date()
    _ = try FaultProbe.run(["migrate"] + timed)
    let duration = Date().timeIntervalSince(start)

    var halfApplied = 0
    var statesSeen: Set<Int> = []
    for _ in 0..<kills {
      let db = try newDatabase()
      let process = try FaultProbe.start(["migrate"] + db)
      usleep(UInt32(Double.random(in: 0...(duration * 1.2), using: &random) * 1_000_000))
      process.kill()
      _ = process.wait()
      let left = try FaultProbe.run(["state"] + db)
      if let k = expected.firstIndex(of: left) {
        statesSeen.insert(k)
      } else {
        halfApplied += 1
        Issue.record("seed \(random.seed): a killed migration left \(left), which no number of migrations gives")
      }
      _ = try FaultProbe.run(["migrate"] + db)
      let finished = try FaultProbe.run(["state"] + db)
      #expect(finished == expected[7], "seed \(random.seed): the rerun after a kill left \(finished)")
    }

    var appliedTwice = 0
    for _ in 0..<races {
      let db = try newDatabase()
      let racers = try (0..<2).map { _ in try FaultProbe.start(["migrate"] + db) }
      var applied = 0
      for racer in racers {
        let (status, output) = racer.wait()
        #expect(status == 0, "a racing migrator failed: \(output)")
        applied += Int(output.split(separator: " ").last.map { String($0).trimmingCharacters(in: .newlines) } ?? "") ?? 0
      }
      if applied != 7 { appliedTwice += 1 }
      #expect(applied == 7, "the two migrators applied \(applied) migrations between them")
      #expect(try FaultProbe.run(["state"] + db) == expected[7])
    }
    #expect(halfApplied == 0)
    print("◇ fault survived: \(database) migrations killed \(kills) times at random moments (states after"
      + " \(statesSeen.sorted().map(String.init).joined(separator: ", ")) migrations), half-applied \(halfApplied);"
      + " \(races) races of two migrators, applied twice \(appliedTwice) (seed \(random.seed))")
  }
}

/// The `TypedSQLFaultProbe` executable, built beside the test bundle.
enum FaultProbe {
  static var command: [String] {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return [URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("TypedSQLFaultProbe").path]
  }

  static func start(_ arguments: [String]) throws -> ChildProcess {
    try ChildProcess(command, arguments)
  }

  /// Runs the probe to its end and returns what it printed, without its last newline.
  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    try ChildProcess.run(command, arguments).trimmingCharacters(in: .newlines)
  }
}
