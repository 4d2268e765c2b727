// An `UPDATE` or `DELETE` built from a select writes exactly the rows the select returns: never
// more. A select narrowed by its `WHERE` alone lends the write its condition; one narrowed by
// anything else (`ORDER BY … LIMIT`, `OFFSET`, `DISTINCT`, `GROUP BY`, `HAVING`, `WITH`, a
// compound) picks its rows' keys in a subquery, which both databases accept:
//
//   Reminder.order { $0.id }.limit(1).delete()
//   DELETE FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders"
//     ORDER BY "reminders"."id" LIMIT ?1))
//
// The key is the primary key, or, for a table without one, the database's row identity
// (SQLite `rowid`, PostgreSQL `ctid`).

extension Select where Scope: TableDefinition, Row == Scope.QueryValue {
  /// `UPDATE` exactly the rows this query selects.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.update { $0.title += "!" }
  /// // UPDATE "reminders" SET "title" = … WHERE "reminders"."isCompleted"
  /// Reminder.order { $0.id }.limit(1).update { $0.isCompleted = true }
  /// // UPDATE "reminders" SET … WHERE ("reminders"."id" IN (SELECT "reminders"."id" … LIMIT ?2))
  /// ```
  public func update(set assignments: (inout Updates<Row>) -> Void) -> Update<Row, NoRow> {
    var updates = Updates<Row>(columns: Row.TableColumns(qualifier: scope.qualifier))
    assignments(&updates)
    return Update(update: UpdateStatement(table: writtenTable, assignments: updates.rowAssignments, filter: selectedRowsCondition))
  }

  /// `DELETE` exactly the rows this query selects.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.delete()
  /// // DELETE FROM "reminders" WHERE "reminders"."isCompleted"
  /// ```
  public func delete() -> Delete<Row, NoRow> {
    Delete(delete: DeleteStatement(table: writtenTable, filter: selectedRowsCondition))
  }

  /// The table written: this query's, under its alias when it has one.
  var writtenTable: TableReference {
    if let from = select.from, case .table = from.source { return from }
    return Row.tableReference
  }

  /// The `WHERE` condition of a write that touches exactly the rows this query selects; nil when
  /// it selects every row.
  var selectedRowsCondition: SQLExpression? {
    guard select.narrowsByMoreThanFilter else { return select.filter }
    let key = Self.rowKey(of: scope)
    var keys = select
    keys.columns = key.columns(qualifiedBy: select.from?.qualifier ?? Row.tableName)
    // Rows that include their primary key are distinct already; PostgreSQL would refuse an
    // `ORDER BY` term outside a `DISTINCT` select's columns.
    if case .columns = key { keys.isDistinct = false }
    for index in keys.compound.indices {
      let qualifier = keys.compound[index].select.from?.qualifier ?? Row.tableName
      keys.compound[index].select.columns = key.columns(qualifiedBy: qualifier)
    }
    let written = key.columns(qualifiedBy: writtenTable.qualifier)
    let operand = written.count == 1 ? written[0] : .tuple(written)
    return .inSubquery(operand, keys, negated: false)
  }

  /// The columns that tell this table's rows apart.
  private static func rowKey(of columns: Scope) -> RowKey {
    guard let keyed = columns as? any PrimaryKeyedTableDefinition else { return .rowIdentity }
    return primaryKey(of: keyed)
  }

  private static func primaryKey(of columns: some PrimaryKeyedTableDefinition) -> RowKey {
    var names: [String] = []
    for part in columns.primaryKeyColumns {
      guard case .column(let column) = part else { return .rowIdentity }
      names.append(column.name)
    }
    return .columns(names)
  }
}

/// What identifies a row of a table for a write built from a select.
private enum RowKey {
  /// The primary key's columns, by name.
  case columns([String])
  /// The database's own row identity.
  case rowIdentity

  /// The key's expressions, qualified by the table name or alias `qualifier`.
  func columns(qualifiedBy qualifier: String) -> [SQLExpression] {
    switch self {
    case .columns(let names):
      return names.map { .column(ColumnReference(qualifier: qualifier, name: $0)) }
    case .rowIdentity:
      return [.rowIdentity(qualifier: qualifier)]
    }
  }
}

extension SelectStatement {
  /// Whether anything other than `WHERE` decides which of its table's rows this select returns.
  var narrowsByMoreThanFilter: Bool {
    limit != nil || isDistinct || modifier != nil || !groupBy.isEmpty || having != nil
      || with != nil || !compound.isEmpty || !joins.isEmpty
  }
}
