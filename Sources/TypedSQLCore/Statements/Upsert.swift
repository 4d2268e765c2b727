// The portable upsert: `INSERT … ON CONFLICT (target) DO UPDATE SET … | DO NOTHING`, the same
// on SQLite (3.24+) and PostgreSQL.

extension Insert {
  /// Updates the existing row when an inserted row conflicts on `target`. The closure's second
  /// argument names the row that was to be inserted (`excluded`). A `where:` after the target
  /// names a partial unique index's condition; one after `doUpdate:` updates only the
  /// conflicting rows it holds for, leaving the others as they are.
  ///
  /// ```swift
  /// Tag.insert { Tag.Draft(name: "urgent") }
  ///   .onConflict { $0.name } doUpdate: { tag, excluded in tag.name = excluded.name + "!" }
  /// // … ON CONFLICT ("name") DO UPDATE SET "name" = ("excluded"."name" || ?2)
  /// ```
  public func onConflict<each Column>(
    _ target: (Into.TableColumns) -> (repeat SQLQueryExpression<each Column>),
    where targetFilter: ((Into.TableColumns) -> SQLQueryExpression<Bool>)? = nil,
    doUpdate assignments: (inout Updates<Into>, Into.TableColumns) -> Void,
    where updateFilter: ((Into.TableColumns, Into.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    let (updates, excluded) = conflictUpdates(assignments)
    var copy = self
    copy.insert.onConflict = ConflictClause(
      target: columnNames(of: repeat each target(columns)), targetFilter: targetFilter?(columns).node,
      action: .doUpdate(updates, where: updateFilter?(columns, excluded).node))
    return copy
  }

  /// The assignments an upsert's update closure makes to the table's columns, and the proposed
  /// row (`excluded`) it reads, for the update's condition to read too.
  func conflictUpdates(
    _ assignments: (inout Updates<Into>, Into.TableColumns) -> Void
  ) -> (assignments: [Assignment], excluded: Into.TableColumns) {
    var updates = Updates<Into>(columns: columns)
    let excluded = Into.TableColumns(qualifier: "excluded")
    assignments(&updates, excluded)
    return (updates.rowAssignments, excluded)
  }

  /// Updates the existing row when an inserted row conflicts on `target`, where `updateFilter`
  /// holds: the same as ``onConflict(_:where:doUpdate:where:)`` with no target condition (Swift
  /// matches a lone trailing `where:` to the first parameter of that label).
  public func onConflict<each Column>(
    _ target: (Into.TableColumns) -> (repeat SQLQueryExpression<each Column>),
    doUpdate assignments: (inout Updates<Into>, Into.TableColumns) -> Void,
    where updateFilter: @escaping (Into.TableColumns, Into.TableColumns) -> SQLQueryExpression<Bool>
  ) -> Self {
    onConflict(target, where: nil, doUpdate: assignments, where: updateFilter)
  }

  /// Skips an inserted row that conflicts on `target` (or, with no target, on any unique
  /// constraint); `where:` names a partial unique index's condition.
  public func onConflictDoNothing<each Column>(
    _ target: (Into.TableColumns) -> (repeat SQLQueryExpression<each Column>),
    where targetFilter: ((Into.TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Self {
    var copy = self
    copy.insert.onConflict = ConflictClause(
      target: columnNames(of: repeat each target(columns)), targetFilter: targetFilter?(columns).node,
      action: .doNothing)
    return copy
  }
}

extension PrimaryKeyedTable {
  /// Inserts rows, or updates every other column of the row with the same primary key (a
  /// composite key's columns together); a row of nothing but its key is left as it is.
  ///
  /// ```swift
  /// Reminder.upsert { Reminder(id: 1, title: "Milk", remindersListID: 1) }
  /// // INSERT … ON CONFLICT ("id") DO UPDATE SET "title" = "excluded"."title", …
  /// ```
  public static func upsert(@InsertRowsBuilder<Self> _ rows: () -> [ColumnValues]) -> Insert<Self, NoRow> {
    var upsert = insert(rows)
    // Only the columns the rows write are updated: a generated column, or one the rows leave to
    // its default (a draft's unset lazily initialized column), is the database's to keep.
    upsert.insert.onConflict = ConflictClause(target: primaryKeyColumnNames, action: .updateWrittenColumns)
    return upsert
  }
}
