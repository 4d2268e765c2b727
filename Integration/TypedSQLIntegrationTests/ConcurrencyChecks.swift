import Foundation
import Synchronization
import Testing
import TypedSQL

/// What every ``DatabaseAccess`` promises, checked the same way on each database and each kind
/// of access: a connection or a pool.
enum ConcurrencyChecks {
  /// The error a test's write throws to abandon its transaction.
  struct Abandon: Error {}

  /// A writer moves balance between the two accounts, one statement per account, while
  /// `readers` tasks read both balances, one statement each, as fast as they can. Every read
  /// must see the sum of 100: a read that saw one statement of a transfer and not the other
  /// would see 99 or 101.
  static func readersNeverSeeAPartialTransfer(on db: some DatabaseAccess, readers: Int) async throws {
    let transfers = 60
    let isWriting = Shared(true)
    let sums = try await withThrowingTaskGroup(of: [Int].self) { group in
      group.addTask {
        defer { isWriting.withLock { $0 = false } }
        for _ in 0..<transfers {
          try await db.write { db in
            try Account.find(1).update { $0.balance = $0.balance - 1 }.execute(db)
            // Widens the window in which a reader could see half the transfer.
            usleep(500)
            try Account.find(2).update { $0.balance = $0.balance + 1 }.execute(db)
          }
        }
        return []
      }
      for _ in 0..<readers {
        group.addTask {
          var sums: [Int] = []
          while isWriting.withLock({ $0 }) || sums.isEmpty {
            sums.append(
              try await db.read { db in
                let first = try Account.find(1).fetchOne(db)?.balance ?? 0
                let second = try Account.find(2).fetchOne(db)?.balance ?? 0
                return first + second
              })
          }
          return sums
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(sums.count >= readers)
    #expect(sums.allSatisfy { $0 == 100 }, "sums seen: \(Set(sums).sorted())")
    let final = try await db.read { db in try Account.find(2).fetchOne(db)?.balance }
    #expect(final == transfers)
  }

  /// A read that stays open while a write commits: the write does not wait for it, and the read
  /// keeps seeing the database as it was when it began.
  static func longReadDoesNotBlockAWrite(on db: some DatabaseAccess) async throws {
    let isReading = Shared(false)
    let hasWritten = Shared(false)
    async let read = db.read { db in
      let before = try Hit.count().fetchOne(db) ?? -1
      isReading.withLock { $0 = true }
      // Stay open until the write has committed, or give up after `testPatience` (the write was
      // blocked; a loaded test run may take a long time to resume the task that writes).
      let deadline = Date(timeIntervalSinceNow: testPatienceSeconds)
      while !hasWritten.withLock({ $0 }) && Date() < deadline { usleep(1000) }
      let after = try Hit.count().fetchOne(db) ?? -1
      return (before: before, after: after, wroteWhileOpen: hasWritten.withLock { $0 })
    }
    while !isReading.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
    try await db.write { db in try Hit.insert { Hit(task: 1) }.execute(db) }
    hasWritten.withLock { $0 = true }
    let seen = try await read
    #expect(seen.wroteWhileOpen)
    #expect(seen.before == seen.after, "a read kept its snapshot")
    #expect(try await db.read { db in try Hit.count().fetchOne(db) } == seen.before + 1)
  }

  /// Many tasks at once, each writing its own row and reading the count back; every body runs
  /// on a thread of the library's own, never on the cooperative pool.
  static func manyTasks(on db: some DatabaseAccess, tasks: Int = 40) async throws {
    let threadNames = Shared(Set<String>())
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<tasks {
        group.addTask {
          try await db.write { db in
            threadNames.withLock { _ = $0.insert(currentThreadName()) }
            try Hit.insert { Hit(task: task) }.execute(db)
          }
          return try await db.read { db in
            threadNames.withLock { _ = $0.insert(currentThreadName()) }
            return try Hit.count().fetchOne(db) ?? 0
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(counts.count == tasks)
    #expect(counts.allSatisfy { (1...tasks).contains($0) })
    #expect(try await db.read { db in try Hit.order { $0.task }.fetchAll(db) } == (0..<tasks).map(Hit.init))
    #expect(threadNames.withLock { $0.allSatisfy { $0.hasPrefix("TypedSQL") } }, "\(threadNames.withLock { $0 })")
  }

  /// A statement that writes inside a read fails with the error `isReadOnlyError` recognizes,
  /// and the read's transaction is rolled back.
  static func readRefusesWrites(
    on db: some DatabaseAccess, isReadOnlyError: @escaping (any Error) -> Bool
  ) async throws {
    let error = await #expect(throws: (any Error).self) {
      try await db.read { db in try Hit.insert { Hit(task: 99) }.execute(db) }
    }
    #expect(error.map(isReadOnlyError) == true, "\(String(describing: error))")
    try readRefusesWritesBlocking(on: db, isReadOnlyError: isReadOnlyError)
    #expect(try await db.read { db in try Hit.count().fetchOne(db) } == 0)
    // The connection is usable for writes afterwards.
    try await db.write { db in try Hit.insert { Hit(task: 1) }.execute(db) }
    #expect(try await db.read { db in try Hit.count().fetchOne(db) } == 1)
  }

  private static func readRefusesWritesBlocking(
    on db: some DatabaseAccess, isReadOnlyError: (any Error) -> Bool
  ) throws {
    let error = #expect(throws: (any Error).self) {
      try db.read { db in try Hit.insert { Hit(task: 98) }.execute(db) }
    }
    #expect(error.map(isReadOnlyError) == true, "\(String(describing: error))")
  }

  /// A write that throws leaves nothing behind, blocking or async.
  static func failedWriteRollsBack(on db: some DatabaseAccess) async throws {
    await #expect(throws: Abandon.self) {
      try await db.write { db in
        try Hit.insert { Hit(task: 7) }.execute(db)
        throw Abandon()
      }
    }
    try failedWriteRollsBackBlocking(on: db)
    #expect(try await db.read { db in try Hit.count().fetchOne(db) } == 0)
  }

  private static func failedWriteRollsBackBlocking(on db: some DatabaseAccess) throws {
    #expect(throws: Abandon.self) {
      try db.write { db in
        try Hit.insert { Hit(task: 8) }.execute(db)
        throw Abandon()
      }
    }
  }
}

/// The calling thread's name as the system has it (Foundation's `Thread.name` on Linux may
/// not be the name the thread really has).
func currentThreadName() -> String {
  #if os(Linux)
    let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
    return name?.trimmingCharacters(in: .newlines) ?? ""
  #else
    return Thread.current.name ?? ""
  #endif
}

/// A value tasks and threads share, behind a lock: a class, so that task-group closures can
/// capture it (a `Mutex` itself cannot be captured by them).
final class Shared<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
    try mutex.withLock(body)
  }
}
