import TypedSQLCore

extension FTS5 {
  /// The three triggers that keep this index in step with `source`, the table whose text it
  /// indexes: after an insert into `source` they index the row under its `key` (as the index's
  /// `rowid`), after an update they index it anew, after a delete they remove it.
  ///
  /// Each indexed column takes the value of `source`'s column of the same name.
  ///
  /// ```swift
  /// for trigger in try ReminderText.triggersIndexing(Reminder.self, key: \.id) {
  ///   try trigger.execute(db)
  /// }
  /// // CREATE TEMP TRIGGER "reminderTexts_after_insert_on_reminders" AFTER INSERT ON "reminders"
  /// // FOR EACH ROW BEGIN INSERT INTO "reminderTexts" ("rowid", "title") VALUES ("new"."id", "new"."title"); END
  /// // … AFTER UPDATE: UPDATE "reminderTexts" SET "rowid" = "new"."id", "title" = "new"."title" WHERE "rowid" = "old"."id"
  /// // … AFTER DELETE: DELETE FROM "reminderTexts" WHERE "rowid" = "old"."id"
  /// ```
  ///
  /// Temporary triggers (the default) last as long as the connection, so create them each time
  /// it opens; permanent ones are created once, with the schema.
  ///
  /// - Throws: `DialectError.invalidStatement(_:)` when `source` has no column named like one
  ///   of the index's.
  public static func triggersIndexing<Source: Table>(
    _ source: Source.Type, key: KeyPath<Source.TableColumns, SQLQueryExpression<Int>>, temporary: Bool = true
  ) throws -> [CreateTrigger<Source>] {
    let indexed = TableColumns.columnNames.filter { $0 != "rowid" }
    let sourceColumns = Source.TableColumns.columnNames
    if let missing = indexed.first(where: { !sourceColumns.contains($0) }) {
      throw DialectError.invalidStatement("\(Source.tableName) has no column \(missing) for \(tableName) to index")
    }
    guard case .column(let keyColumn) = Source.columns[keyPath: key].node else {
      throw DialectError.invalidStatement("the key of \(Source.tableName) that \(tableName) indexes must be one of its columns")
    }
    func column(_ name: String, of row: String) -> SQLExpression {
      .column(ColumnReference(qualifier: row, name: name))
    }
    let new = TriggerDefinition.newRow, old = TriggerDefinition.oldRow
    let rowid = SQLExpression.column(ColumnReference(qualifier: nil, name: "rowid"))
    let insert = InsertStatement(
      table: namedTableReference, columns: ["rowid"] + indexed,
      rows: [[.expression(column(keyColumn.name, of: new))] + indexed.map { .expression(column($0, of: new)) }])
    let update = UpdateStatement(
      table: namedTableReference,
      assignments: [Assignment(column: "rowid", value: column(keyColumn.name, of: new))]
        + indexed.map { Assignment(column: $0, value: column($0, of: new)) },
      filter: .binary(rowid, .equal, column(keyColumn.name, of: old)))
    let delete = DeleteStatement(table: namedTableReference, filter: .binary(rowid, .equal, column(keyColumn.name, of: old)))

    func trigger(_ event: TriggerEvent<Source>, _ eventName: String) -> CreateTrigger<Source> {
      let name = "\(tableName)_after_\(eventName)_on_\(Source.tableName)"
      return temporary ? Source.createTemporaryTrigger(name, after: event) : Source.createTrigger(name, after: event)
    }
    return [
      trigger(.insert { _ in IndexWrite(statementNode: .insert(insert)) }, "insert"),
      trigger(.update { _, _ in IndexWrite(statementNode: .update(update)) }, "update"),
      trigger(.delete { _ in IndexWrite(statementNode: .delete(delete)) }, "delete"),
    ]
  }
}

/// A write to an FTS5 index that a trigger runs.
private struct IndexWrite: Statement {
  typealias Row = NoRow
  let statementNode: SQLStatement
}
