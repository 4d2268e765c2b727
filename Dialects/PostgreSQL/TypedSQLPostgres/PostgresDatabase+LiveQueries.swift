import TypedSQLCore

extension PostgresDatabase: LiveQueryDatabase {
  /// The results of `fetch` now, and again after each commit that may change them.
  ///
  /// Commits are heard from the live-query triggers (see
  /// `DatabaseMigrator.registerLiveQueryTriggers(_:for:)`), on a listening connection of the
  /// database's own, opened with its first live query and closed with its last. A fetch is
  /// re-run only when a table it read changed: each fetch learns the tables it read from the
  /// server's statistics of its transaction (`pg_stat_xact_user_tables`). Fetches run on this
  /// connection, one at a time with its other work. See `LiveQuery`.
  public func observe<Value: Sendable>(
    _ fetch: @escaping @Sendable (PostgresDatabase) throws -> Value,
    skippingDuplicatesBy isDuplicate: (@Sendable (Value, Value) -> Bool)?
  ) -> LiveQuery<Value> {
    changeListener.liveQuery(isDuplicate: isDuplicate) { [self] in
      try await read { db in try db.fetchRecordingTables(fetch) }
    }
  }

  /// The tables the open transaction has read, named with their schemas as the triggers name
  /// them (`public.reminders`), with their partitioned ancestors (a trigger on a
  /// partitioned table names it, not the partition written); a `NULL` row when the server keeps
  /// no such statistics (`track_counts` off), and any table may have been read.
  static let tablesReadSQL = """
    SELECT "namespace"."nspname" || '.' || "table"."relname" FROM "pg_stat_xact_user_tables" AS "scanned"
    CROSS JOIN LATERAL (
      SELECT "scanned"."relid"
      UNION SELECT "ancestor"::oid FROM pg_partition_ancestors("scanned"."relid") AS "ancestor"
    ) AS "read"("relid")
    JOIN "pg_class" AS "table" ON "table"."oid" = "read"."relid"
    JOIN "pg_namespace" AS "namespace" ON "namespace"."oid" = "table"."relnamespace"
    WHERE "scanned"."seq_scan" > 0 OR "scanned"."idx_scan" > 0
    UNION ALL SELECT NULL WHERE NOT current_setting('track_counts')::boolean
    """

  /// Runs `body` and returns its result with the tables the transaction read; call it inside a
  /// transaction that began just before.
  func fetchRecordingTables<Value>(_ body: (PostgresDatabase) throws -> Value) throws -> (Value, TableSet) {
    let value = try body(self)
    let tables = try fetchAll(RenderedSQL(sql: Self.tablesReadSQL), as: String?.self)
    return (value, tables.contains(nil) ? .all : TableSet(tables.compactMap { $0 }))
  }

  /// Whether the database's listening connection is open for live queries.
  var isListeningForChanges: Bool { changeListener.isRunning }
}
