/// A database whose queries can be observed live: `observe` gives a query's results now
/// and after each commit that may change them (see ``LiveQuery``).
///
/// `SQLiteDatabase`, `SQLiteDatabasePool`, `PostgresDatabase` and `PostgresConnectionPool` are
/// live-query databases; each states how it learns of commits.
public protocol LiveQueryDatabase: DatabaseAccess {
  /// The results of `fetch`, run in a read-only transaction now and again after each commit that
  /// may change them; a value for which `isDuplicate(previous, value)` holds is skipped.
  func observe<Value: Sendable>(
    _ fetch: @escaping @Sendable (Connection) throws -> Value,
    skippingDuplicatesBy isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) -> LiveQuery<Value>
}

extension LiveQueryDatabase {
  /// The results of `fetch`, now and after each commit that may change them, each value once
  /// however many commits in a row leave it the same.
  ///
  /// ```swift
  /// let open = db.observe { db in try Reminder.where { !$0.isCompleted }.fetchAll(db) }
  /// for try await reminders in open { render(reminders) }
  /// ```
  public func observe<Value: Sendable & Equatable>(
    _ fetch: @escaping @Sendable (Connection) throws -> Value
  ) -> LiveQuery<Value> {
    observe(fetch, skippingDuplicatesBy: { $0 == $1 })
  }

  /// The results of `fetch`, now and after each commit that may change them.
  public func observe<Value: Sendable>(
    _ fetch: @escaping @Sendable (Connection) throws -> Value
  ) -> LiveQuery<Value> {
    observe(fetch, skippingDuplicatesBy: nil)
  }
}
