/// A way to reach a database for reads and writes: one connection (`SQLiteDatabase`,
/// `PostgresDatabase`) or a pool of them (`SQLiteDatabasePool`, `PostgresConnectionPool`).
///
/// Code written against `some DatabaseAccess` runs unchanged on each of them, from threads or
/// from tasks:
///
/// ```swift
/// func complete(_ id: Int, in db: some DatabaseAccess) async throws -> [Reminder] {
///   try await db.write { db in
///     try Reminder.find(id).update { $0.isCompleted = true }.execute(db)
///   }
///   return try await db.read { db in try Reminder.where { !$0.isCompleted }.fetchAll(db) }
/// }
/// ```
///
/// A read runs in a read-only transaction, so every statement of its body sees the same
/// committed state, never part of a transaction another connection is writing; a statement of
/// the body that writes fails. A write runs in a transaction that commits when the body returns
/// and rolls back when it throws. On one connection, a read or write called inside another runs
/// in its transaction (a savepoint); a pool says what it does with such calls.
///
/// The `async` forms run the body on a thread the library owns, never on Swift's cooperative
/// thread pool, whose few threads the blocking calls of SQLite and libpq would stall; a task
/// waiting for a connection holds no thread at all.
public protocol DatabaseAccess: Sendable {
  /// The connection a body gets.
  associatedtype Connection: Database

  /// Runs `body` in a read-only transaction, blocking the calling thread until it is done.
  func read<Result>(_ body: (Connection) throws -> Result) throws -> Result

  /// Runs `body` in a transaction that commits when `body` returns and rolls back when it
  /// throws, blocking the calling thread until it is done.
  func write<Result>(_ body: (Connection) throws -> Result) throws -> Result

  /// Runs `body` in a read-only transaction on a thread of the library's own, suspending the
  /// calling task until it is done.
  func read<Result: Sendable>(_ body: @escaping @Sendable (Connection) throws -> Result) async throws -> Result

  /// Runs `body` in a transaction on a thread of the library's own, suspending the calling task
  /// until it is done.
  func write<Result: Sendable>(_ body: @escaping @Sendable (Connection) throws -> Result) async throws -> Result
}
