import Foundation
import GRDB
import Synchronization
import TypedSQLCore
import TypedSQLSQLite

// Concurrent reads while a writer inserts, on a WAL file database: TypedSQL's
// SQLiteDatabasePool beside GRDB's DatabasePool, with 1, 2 and 4 readers, from threads (the
// blocking API) and from tasks (the async API).

/// One contender of the concurrent workload: a pool's read of a page of rows and its write of
/// one row, blocking and async.
struct PoolContender: Sendable {
  let name: String
  let read: @Sendable (_ firstID: Int) throws -> Int
  let write: @Sendable (_ row: Reminder) throws -> Void
  let readAsync: @Sendable (_ firstID: Int) async throws -> Int
  let writeAsync: @Sendable (_ row: Reminder) async throws -> Void
}

/// What one timed run did: reads and writes per second.
struct Throughput {
  var reads: Double
  var writes: Double
}

struct ConcurrentReadWorkload {
  let rows: [Reminder]
  /// How long each timed run lasts.
  let seconds = 1.0
  /// Rows each read fetches: a screenful, by primary-key range.
  static let pageSize = 10

  func run() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("typedsql-pool-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fill = sqliteFill(rows.count)
    let typedPath = directory.appendingPathComponent("typedsql.db").path
    let grdbPath = directory.appendingPathComponent("grdb.db").path
    for path in [typedPath, grdbPath] { try SQLiteDatabase(path: path).execute(fill) }
    // Each file's writers insert rows past the filled ones, never the same id twice: TypedSQL's
    // file first, then GRDB's, which both GRDB contenders write to.
    var nextIDs = [rows.count + 1, rows.count + 1]

    print("\nSQLite WAL pool: reads of \(Self.pageSize) rows by key range while one writer inserts, \(seconds) s per run, median of 3")
    for readers in [1, 2, 4] {
      // GRDB's pool commits with `synchronous = NORMAL` in WAL mode; TypedSQL leaves SQLite's
      // default (FULL, an fsync per commit) unless asked. Both do the same disk work here.
      let typed = try SQLiteDatabasePool(path: typedPath, maximumReaders: readers) { db in
        try db.execute("PRAGMA synchronous = NORMAL")
      }
      var configuration = Configuration()
      configuration.maximumReaderCount = readers
      // As TypedSQL's pool does by default: another connection to the file (the one that filled
      // it, closing) may hold a lock for a moment.
      configuration.busyMode = .timeout(5)
      let grdb = try DatabasePool(path: grdbPath, configuration: configuration)
      let contenders = [
        PoolContender(
          name: "TypedSQL SQLiteDatabasePool",
          read: { first in try typed.read { db in try Self.page(from: first).fetchAll(db).count } },
          write: { row in try typed.write { db in try Reminder.insert { row }.execute(db) } },
          readAsync: { first in try await typed.read { db in try Self.page(from: first).fetchAll(db).count } },
          writeAsync: { row in try await typed.write { db in try Reminder.insert { row }.execute(db) } }),
        PoolContender(
          name: "GRDB DatabasePool",
          read: { first in try grdb.read { db in try Self.grdbPage(from: first).fetchAll(db).count } },
          write: { row in try grdb.write { db in try GRDBManualReminder(row).insert(db) } },
          readAsync: { first in try await grdb.read { db in try Self.grdbPage(from: first).fetchAll(db).count } },
          writeAsync: { row in try await grdb.write { db in try GRDBManualReminder(row).insert(db) } }),
        PoolContender(
          name: "GRDB DatabasePool, SQL text",
          read: { first in try grdb.read { db in try Self.grdbSQLPage(from: first, db).count } },
          write: { row in try grdb.write { db in try GRDBManualReminder(row).insert(db) } },
          readAsync: { first in try await grdb.read { db in try Self.grdbSQLPage(from: first, db).count } },
          writeAsync: { row in try await grdb.write { db in try GRDBManualReminder(row).insert(db) } }),
      ]
      for (label, isAsync) in [("threads", false), ("tasks", true)] {
        var runs = Array(repeating: [Throughput](), count: contenders.count)
        for _ in 0..<3 {
          for (index, contender) in contenders.enumerated() {
            runs[index].append(
              try measure(contender, readers: readers, isAsync: isAsync, nextID: &nextIDs[min(index, 1)]))
          }
        }
        let medians = runs.map { runs in
          Throughput(
            reads: runs.map(\.reads).sorted()[1], writes: runs.map(\.writes).sorted()[1])
        }
        let anchor = medians[1].reads
        print("  \(readers) reader\(readers == 1 ? "" : "s"), \(label):")
        for (contender, median) in zip(contenders, medians) {
          let line = String(
            format: "%10.0f reads/s  %5.2f× GRDB's (query interface) reads   %7.0f writes/s", median.reads,
            median.reads / anchor, median.writes)
          print("    \(contender.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(line)")
        }
      }
    }
  }

  /// TypedSQL's read: a page of rows by primary-key range, built as users write it.
  static func page(from first: Int) -> Select<Reminder.TableColumns, Reminder> {
    Reminder.where { $0.id >= first && $0.id < first + pageSize }
  }

  /// GRDB's read: the same page through its query interface.
  static func grdbPage(from first: Int) -> QueryInterfaceRequest<GRDBManualReminder> {
    GRDBManualReminder.filter(Column("id") >= first && Column("id") < first + pageSize)
  }

  /// A row the writer inserts.
  static func newRow(id: Int) -> Reminder {
    Reminder(id: id, title: "New \(id)", isCompleted: false, priority: 1, dueDate: nil, notes: nil)
  }

  /// GRDB's read as SQL text, which skips building the query: the pool's own cost.
  static func grdbSQLPage(from first: Int, _ db: GRDB.Database) throws -> [GRDBManualReminder] {
    try GRDBManualReminder.fetchAll(
      db, sql: #"SELECT * FROM "reminders" WHERE "id" >= ? AND "id" < ?"#, arguments: [first, first + pageSize])
  }

  /// Runs `readers` readers and one writer for `seconds`, as threads or as tasks, and returns
  /// the reads and writes per second. Each reader reads pages spread over the filled rows.
  private func measure(
    _ contender: PoolContender, readers: Int, isAsync: Bool, nextID: inout Int
  ) throws -> Throughput {
    let result = isAsync
      ? try runTasks(readers: readers, contender: contender, startID: nextID)
      : try runThreads(readers: readers, contender: contender, startID: nextID)
    nextID += result.writes
    return Throughput(reads: Double(result.reads) / seconds, writes: Double(result.writes) / seconds)
  }

  /// Readers and the writer as threads calling the blocking API.
  private func runThreads(
    readers: Int, contender: PoolContender, startID: Int
  ) throws -> (reads: Int, writes: Int) {
    let rowCount = rows.count
    let isRunning = RunningFlag()
    let counts = Mutex((reads: 0, writes: 0, failure: String?.none))
    let done = DispatchGroup()
    func spawn(_ body: @escaping @Sendable () throws -> (reads: Int, writes: Int)) {
      done.enter()
      Thread {
        do {
          let (reads, writes) = try body()
          counts.withLock { $0.reads += reads; $0.writes += writes }
        } catch {
          counts.withLock { $0.failure = "\(error)" }
        }
        done.leave()
      }.start()
    }
    spawn {
      var writes = 0
      while isRunning.value {
        try contender.write(Self.newRow(id: startID + writes))
        writes += 1
      }
      return (0, writes)
    }
    for reader in 0..<readers {
      spawn {
        var reads = 0
        var next = reader * 7919
        while isRunning.value {
          next = (next &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
          let fetched = try contender.read(1 + next % (rowCount - Self.pageSize))
          precondition(fetched == Self.pageSize, "\(contender.name) read \(fetched) rows")
          reads += 1
        }
        return (reads, 0)
      }
    }
    Thread.sleep(forTimeInterval: seconds)
    isRunning.stop()
    done.wait()
    let final = counts.withLock { $0 }
    if let failure = final.failure { fatalError("\(contender.name): \(failure)") }
    return (final.reads, final.writes)
  }

  /// Readers and the writer as tasks calling the async API.
  private func runTasks(
    readers: Int, contender: PoolContender, startID: Int
  ) throws -> (reads: Int, writes: Int) {
    let rowCount = rows.count
    let seconds = self.seconds
    let result = Mutex(Result<(reads: Int, writes: Int), any Error>?.none)
    let done = DispatchSemaphore(value: 0)
    Task {
      let isRunning = RunningFlag()
      let outcome = await Result {
        try await withThrowingTaskGroup(of: (reads: Int, writes: Int).self) { group in
          group.addTask {
            var writes = 0
            while isRunning.value {
              try await contender.writeAsync(Self.newRow(id: startID + writes))
              writes += 1
            }
            return (0, writes)
          }
          for reader in 0..<readers {
            group.addTask {
              var reads = 0
              var next = reader * 7919
              while isRunning.value {
                next = (next &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
                let fetched = try await contender.readAsync(1 + next % (rowCount - Self.pageSize))
                precondition(fetched == Self.pageSize, "\(contender.name) read \(fetched) rows")
                reads += 1
              }
              return (reads, 0)
            }
          }
          try await Task.sleep(for: .seconds(seconds))
          isRunning.stop()
          return try await group.reduce(into: (reads: 0, writes: 0)) { $0.reads += $1.reads; $0.writes += $1.writes }
        }
      }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
  }
}

extension Result where Failure == any Error {
  /// The result of an async throwing body.
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}

/// Whether a timed run goes on: a class, so that task-group closures can capture it.
final class RunningFlag: Sendable {
  private let isRunning = Atomic(true)

  var value: Bool { isRunning.load(ordering: .relaxed) }

  func stop() { isRunning.store(false, ordering: .relaxed) }
}
