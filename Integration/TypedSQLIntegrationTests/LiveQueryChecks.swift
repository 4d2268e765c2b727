import Foundation
import Testing
import TypedSQL

/// What a live query promises (see `LiveQuery`), checked the same way on each database and each
/// kind of access. Each check starts from the Reminders fixture.
enum LiveQueryChecks {
  /// How long a check waits for a value that must come. Generous: in the whole suite, long
  /// blocking tests can hold every thread of Swift's cooperative pool (two on this machine) for
  /// a minute and more, and a live query's task waits for one like any other task. A value that
  /// comes early ends the wait at once.
  static let patience: Duration = .seconds(300)
  /// How long a check watches for a re-run that must not happen.
  static let quietSpell: Duration = .milliseconds(400)

  /// The titles of the reminders not completed, in order of id, and the number of fetches run.
  static func observeOpenTitles<DB: LiveQueryDatabase>(_ db: DB) -> LiveQueryRecorder<[String]> {
    LiveQueryRecorder { fetches in
      db.observe { db in
        fetches.withLock { $0 += 1 }
        return try Reminder.where { !$0.isCompleted }.order { $0.id }.select { $0.title }.fetchAll(db)
      }
    }
  }

  /// The first value is the rows as they are; a commit brings the rows it left.
  static func firstValueThenEachCommit(on db: some LiveQueryDatabase) async throws {
    let titles = observeOpenTitles(db)
    defer { titles.cancel() }
    try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
    try await db.write { db in
      try Reminder.insert { Reminder.Draft(title: "Tea", remindersListID: 1) }.execute(db)
    }
    try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report", "Tea"])
    try await db.write { db in
      try Reminder.where { $0.title == "Vet" }.update { $0.isCompleted = true }.execute(db)
      try Reminder.where { $0.title == "Report" }.delete().execute(db)
    }
    try await titles.waitForLast(equalTo: ["Groceries", "Tea"])
    // One value per commit, none for the transaction's statements one by one.
    #expect(titles.values == [
      ["Groceries", "Vet", "Report"], ["Groceries", "Vet", "Report", "Tea"], ["Groceries", "Tea"],
    ])
  }

  /// A rolled-back write re-runs nothing and shows nothing; the next commit shows only itself.
  static func nothingAfterRollback(on db: some LiveQueryDatabase) async throws {
    let titles = observeOpenTitles(db)
    defer { titles.cancel() }
    try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
    let fetchesBefore = titles.fetchCount
    await #expect(throws: ConcurrencyChecks.Abandon.self) {
      try await db.write { db in
        try Reminder.insert { Reminder.Draft(title: "Ghost", remindersListID: 1) }.execute(db)
        throw ConcurrencyChecks.Abandon()
      }
    }
    try await Task.sleep(for: quietSpell)
    #expect(titles.fetchCount == fetchesBefore, "a rollback re-ran the live query")
    try await db.write { db in
      try Reminder.insert { Reminder.Draft(title: "Real", remindersListID: 2) }.execute(db)
    }
    try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report", "Real"])
    #expect(titles.values.allSatisfy { !$0.contains("Ghost") })
  }

  /// A commit to a table the query does not read re-runs nothing: after the first fetch, and
  /// after a re-run (whose statements the connection may have cached, with what they read).
  ///
  /// With `afterARead`, the database is read first, a table the query does not read: on SQLite
  /// that leaves the statements that begin and end a transaction in the connection's cache,
  /// prepared while nothing recorded what statements read, and they must not count as reading
  /// every table; on PostgreSQL the read stays in the connection's statistics for a while.
  static func unrelatedTableReRunsNothing(on db: some LiveQueryDatabase, afterARead: Bool = false) async throws {
    if afterARead { #expect(try await db.read { db in try Tag.count().fetchOne(db) } == 2) }
    let titles = observeOpenTitles(db)
    defer { titles.cancel() }
    try await titles.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
    for round in 1...2 {
      let fetchesBefore = titles.fetchCount
      try await db.write { db in try Tag.insert { Tag.Draft(name: "later \(round)") }.execute(db) }
      try await Task.sleep(for: quietSpell)
      #expect(titles.fetchCount == fetchesBefore, "a write to tags re-ran a query of reminders")
      try await db.write { db in
        try Reminder.insert { Reminder.Draft(title: "Round \(round)", remindersListID: 1) }.execute(db)
      }
      try await titles.waitForLast(
        equalTo: ["Groceries", "Vet", "Report"] + (1...round).map { "Round \($0)" })
    }
    #expect(titles.values.count == 3)
  }

  /// A body of several statements, one of them SQL written by hand (`#sql`), hears a change to
  /// a table any of them reads.
  static func handWrittenSQLAndSeveralStatements(on db: some LiveQueryDatabase) async throws {
    let summary = LiveQueryRecorder { _ in
      db.observe { db in
        let lists = try #sql("SELECT count(*) FROM \(RemindersList.self)", as: Int.self).fetchOne(db) ?? -1
        let tags = try Tag.count().fetchOne(db) ?? -1
        return "\(lists) lists, \(tags) tags"
      }
    }
    defer { summary.cancel() }
    try await summary.waitForLast(equalTo: "3 lists, 2 tags")
    try await db.write { db in try RemindersList.insert { RemindersList.Draft(title: "Garden") }.execute(db) }
    try await summary.waitForLast(equalTo: "4 lists, 2 tags")
    try await db.write { db in try Tag.insert { Tag.Draft(name: "soon") }.execute(db) }
    try await summary.waitForLast(equalTo: "4 lists, 3 tags")
  }

  /// A query over a join hears a change to either of its tables.
  static func joinHearsEitherTable(on db: some LiveQueryDatabase) async throws {
    let pairs = LiveQueryRecorder { _ in
      db.observe { db in
        try Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
          .where { reminder, _ in reminder.id <= 2 }
          .order { reminder, _ in reminder.id }
          .fetchAll(db)
          .map { "\($0.0.title) in \($0.1.title)" }
      }
    }
    defer { pairs.cancel() }
    try await pairs.waitForLast(equalTo: ["Groceries in Home", "Haircut in Home"])
    try await db.write { db in
      try RemindersList.find(1).update { $0.title = "House" }.execute(db)
    }
    try await pairs.waitForLast(equalTo: ["Groceries in House", "Haircut in House"])
    try await db.write { db in
      try Reminder.find(2).update { $0.remindersListID = 2 }.execute(db)
    }
    try await pairs.waitForLast(equalTo: ["Groceries in House", "Haircut in Work"])
  }

  /// Four writers commit 250 times each as fast as they can; once they are done, the last value
  /// equals a fresh fetch: no commit was missed.
  static func burstOfCommitsEndsCurrent(on db: some LiveQueryDatabase) async throws {
    let total = LiveQueryRecorder { _ in
      db.observe { db in try Reminder.select { $0.priority.sum() }.fetchOne(db) ?? nil }
    }
    defer { total.cancel() }
    try await total.waitForLast(equalTo: 6)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 1...4 {
        group.addTask {
          for _ in 0..<250 {
            try await db.write { db in
              try Reminder.find(writer).update { $0.priority = ($0.priority ?? 0) + 1 }.execute(db)
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let fresh = try await db.read { db in try Reminder.select { $0.priority.sum() }.fetchOne(db) ?? nil }
    #expect(fresh == 1006)
    try await total.waitForLast(equalTo: fresh)
    // A slow consumer gets the newest value, not one per commit.
    #expect(total.values.count <= 1001)
  }

  /// Ending the iteration (cancelling its task) ends the observation; the database stops
  /// following its commits with its last live query.
  static func cancellationReleases(
    on db: some LiveQueryDatabase, isFollowingCommits: @escaping @Sendable () -> Bool
  ) async throws {
    let first = observeOpenTitles(db)
    let second = observeOpenTitles(db)
    try await first.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
    try await second.waitForLast(equalTo: ["Groceries", "Vet", "Report"])
    #expect(isFollowingCommits())
    first.cancel()
    try await first.waitUntilFinished()
    #expect(isFollowingCommits(), "one live query left: the database still follows its commits")
    try await db.write { db in
      try Reminder.insert { Reminder.Draft(title: "After", remindersListID: 1) }.execute(db)
    }
    try await second.waitForLast(equalTo: ["Groceries", "Vet", "Report", "After"])
    second.cancel()
    try await second.waitUntilFinished()
    try await waitUntil("the database stopped following its commits") { !isFollowingCommits() }
    // Writes go on, heard by no one.
    try await db.write { db in
      try Reminder.insert { Reminder.Draft(title: "Unheard", remindersListID: 1) }.execute(db)
    }
    // And a new live query starts following them again.
    let third = observeOpenTitles(db)
    defer { third.cancel() }
    try await third.waitForLast(equalTo: ["Groceries", "Vet", "Report", "After", "Unheard"])
    #expect(isFollowingCommits())
  }

  /// Waits, polling, until `condition` holds, failing after ``patience``.
  static func waitUntil(_ what: String, _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + patience
    while try !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("timed out waiting until \(what)")
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

/// Iterates a live query in a task of its own, keeping every value it delivers and counting
/// the fetches it runs.
final class LiveQueryRecorder<Value: Sendable & Equatable>: Sendable {
  private let state = Shared<(values: [Value], error: (any Error)?, isFinished: Bool)>(([], nil, false))
  private let fetches = Shared(0)
  private let task: Task<Void, Never>

  /// Starts iterating the live query `makeQuery` returns; its fetch counts itself on the
  /// counter it is given.
  init<Query: AsyncSequence & Sendable>(_ makeQuery: (Shared<Int>) -> Query) where Query.Element == Value {
    let query = makeQuery(fetches)
    let state = self.state
    task = Task {
      do {
        for try await value in query { state.withLock { $0.values.append(value) } }
      } catch {
        state.withLock { $0.error = error }
      }
      state.withLock { $0.isFinished = true }
    }
  }

  /// Every value delivered so far.
  var values: [Value] { state.withLock { $0.values } }
  /// The error that ended the live query, if one did.
  var error: (any Error)? { state.withLock { $0.error } }
  /// How many fetches the live query ran.
  var fetchCount: Int { fetches.withLock { $0 } }

  /// Ends the iteration.
  func cancel() { task.cancel() }

  /// Waits until the last value delivered equals `expected`, failing (with every value seen)
  /// after `LiveQueryChecks.patience`.
  func waitForLast(equalTo expected: Value, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let deadline = ContinuousClock.now + LiveQueryChecks.patience
    while true {
      let (values, error, isFinished) = state.withLock { ($0.values, $0.error, $0.isFinished) }
      if values.last == expected { return }
      if let error { throw error }
      guard !isFinished, ContinuousClock.now < deadline else {
        Issue.record(
          "the live query's last value is not \(expected) (values: \(values))", sourceLocation: sourceLocation)
        return
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Waits until the iteration ended.
  func waitUntilFinished() async throws {
    try await LiveQueryChecks.waitUntil("the live query ended") { state.withLock { $0.isFinished } }
  }
}
