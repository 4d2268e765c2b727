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

  /// The scans of each table the open transaction's statistics count so far, by the table's
  /// oid. On PostgreSQL 15 they also count the reads of the connection's earlier transactions
  /// that the server has not yet flushed to its shared statistics (it flushes them at most once
  /// a second), so a fetch takes the tables whose scans grew while it ran.
  static let tableScansSQL = """
    SELECT "relid"::bigint, "seq_scan" + COALESCE("idx_scan", 0) FROM "pg_stat_xact_user_tables"
    WHERE "seq_scan" > 0 OR "idx_scan" > 0
    """

  /// The tables the open transaction's statistics count as scanned: each scanned table's oid
  /// and scans, with its name and those of its partitioned ancestors, schema included, as the
  /// triggers name them (`public.reminders`; a trigger on a partitioned table names it, not the
  /// partition written). A row of `NULL`s when the server keeps no such statistics
  /// (`track_counts` off), and any table may have been read.
  static let tablesReadSQL = """
    SELECT "scanned"."relid"::bigint, "scanned"."seq_scan" + COALESCE("scanned"."idx_scan", 0),
      "namespace"."nspname" || '.' || "table"."relname"
    FROM "pg_stat_xact_user_tables" AS "scanned"
    CROSS JOIN LATERAL (
      SELECT "scanned"."relid"
      UNION SELECT "ancestor"::oid FROM pg_partition_ancestors("scanned"."relid") AS "ancestor"
    ) AS "read"("relid")
    JOIN "pg_class" AS "table" ON "table"."oid" = "read"."relid"
    JOIN "pg_namespace" AS "namespace" ON "namespace"."oid" = "table"."relnamespace"
    WHERE "scanned"."seq_scan" > 0 OR "scanned"."idx_scan" > 0
    UNION ALL SELECT NULL, NULL, NULL WHERE NOT current_setting('track_counts')::boolean
    """

  /// Runs `body` and returns its result with the tables it read: those whose scans the
  /// transaction's statistics count grew while it ran. Call it inside a transaction.
  func fetchRecordingTables<Value>(_ body: (PostgresDatabase) throws -> Value) throws -> (Value, TableSet) {
    let scansBefore = Dictionary(
      try fetchAll(RenderedSQL(sql: Self.tableScansSQL), as: TupleRow<Int, Int>.self), uniquingKeysWith: max)
    let value = try body(self)
    let scanned = try fetchAll(RenderedSQL(sql: Self.tablesReadSQL), as: TupleRow<Int?, Int?, String?>.self)
    var tables: [String] = []
    for (relid, scans, name) in scanned {
      guard let relid, let scans, let name else { return (value, .all) }
      if scans > scansBefore[relid, default: 0] { tables.append(name) }
    }
    return (value, TableSet(tables))
  }

  /// Whether the database's listening connection is open for live queries.
  var isListeningForChanges: Bool { changeListener.isRunning }
}
