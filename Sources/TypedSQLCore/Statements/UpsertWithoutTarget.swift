// An upsert that names no conflict target, as StructuredQueries writes it: `ON CONFLICT DO UPDATE`
// acts on a conflict with any unique constraint.
//
//   Reminder.insert { draft } onConflictDoUpdate: { $0.title += " Copy" }
//   // SQLite:     … ON CONFLICT DO UPDATE SET "title" = ("reminders"."title" || ?2)
//   // PostgreSQL: … ON CONFLICT ("id") DO UPDATE SET "title" = ("reminders"."title" || $2)
//   // MariaDB:    … ON DUPLICATE KEY UPDATE "title" = CONCAT("title", ?)
//
// SQLite (3.35 or later) and MariaDB take it as it is. PostgreSQL requires a target for
// `DO UPDATE`, so there it names the table's primary key: a row that conflicts on another unique
// constraint fails with a unique violation (23505) instead of updating the existing row, and a
// table with no primary key is refused by name. Name the target (`onConflict:`) for one meaning
// everywhere.

extension Insert {
  /// Updates the existing row when an inserted row conflicts with it on any unique constraint
  /// (on PostgreSQL, on the primary key); the closure's second argument names the row that was
  /// to be inserted (`excluded`). `where:` updates only the conflicting rows it holds for.
  ///
  /// ```swift
  /// Reminder.insert { draft }
  ///   .onConflictDoUpdate { row, excluded in row.updatedAt = excluded.updatedAt }
  ///     where: { row, excluded in excluded.updatedAt > row.updatedAt }
  /// ```
  public func onConflictDoUpdate(
    _ assignments: (inout Updates<Into>, Into.TableColumns) -> Void,
    @ConditionBuilder where updateFilter: (Into.TableColumns, Into.TableColumns) -> SQLExpression? = { _, _ in nil }
  ) -> Self {
    updatingOnAnyConflict(assignments, filter: updateFilter)
  }

  /// ``onConflictDoUpdate(_:where:)`` with its condition built.
  fileprivate func updatingOnAnyConflict(
    _ assignments: (inout Updates<Into>, Into.TableColumns) -> Void,
    filter: (Into.TableColumns, Into.TableColumns) -> SQLExpression?
  ) -> Self {
    let (updates, excluded) = conflictUpdates(assignments)
    var copy = self
    copy.insert.onConflict = ConflictClause(
      target: [], action: .doUpdate(updates, where: filter(columns, excluded)),
      primaryKey: (Into.self as? any PrimaryKeyedTable.Type)?.primaryKeyColumnNames ?? [])
    return copy
  }
}

extension Table {
  /// The row an upsert proposed, as its update reads it (`excluded`): StructuredQueries' name
  /// for the type of the update's second argument, which has the table's columns.
  public typealias Excluded = TableColumns

  /// Rows, each updating the row it conflicts with on any unique constraint (the closure's
  /// second argument is the row that was to be inserted), where `updateFilter` holds.
  public static func insert(
    @InsertRowsBuilder<Self> values rows: () -> [ColumnValues],
    onConflictDoUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    @ConditionBuilder where updateFilter: (TableColumns, TableColumns) -> SQLExpression? = { _, _ in nil }
  ) -> Insert<Self, NoRow> {
    insert(rows).updatingOnAnyConflict(updates, filter: updateFilter)
  }

  /// Rows, each updating the row it conflicts with on any unique constraint, where
  /// `updateFilter` holds.
  public static func insert(
    @InsertRowsBuilder<Self> values rows: () -> [ColumnValues],
    onConflictDoUpdate updates: (inout Updates<Self>) -> Void,
    @ConditionBuilder where updateFilter: (TableColumns) -> SQLExpression? = { _ in nil }
  ) -> Insert<Self, NoRow> {
    insert(rows).updatingOnAnyConflict({ row, _ in updates(&row) }, filter: { row, _ in updateFilter(row) })
  }

  /// Rows, inserted: StructuredQueries' `insert { … } where: { … }`, a condition on an update
  /// there is none of, which changes nothing.
  public static func insert(
    @InsertRowsBuilder<Self> values rows: () -> [ColumnValues],
    @ConditionBuilder where updateFilter: (TableColumns) -> SQLExpression?
  ) -> Insert<Self, NoRow> {
    insert(rows)
  }

  /// Values for the chosen columns, each row updating the row it conflicts with on any unique
  /// constraint, where `updateFilter` holds.
  public static func insert<each Value: QueryBindable>(
    _ columns: (TableColumns) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]],
    onConflictDoUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    @ConditionBuilder where updateFilter: (TableColumns, TableColumns) -> SQLExpression? = { _, _ in nil }
  ) -> Insert<Self, NoRow> {
    insert(columns, values: rows).updatingOnAnyConflict(updates, filter: updateFilter)
  }

  /// Values for the chosen columns, each row updating the row it conflicts with on any unique
  /// constraint, where `updateFilter` holds.
  public static func insert<each Value: QueryBindable>(
    _ columns: (TableColumns) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]],
    onConflictDoUpdate updates: (inout Updates<Self>) -> Void,
    @ConditionBuilder where updateFilter: (TableColumns) -> SQLExpression? = { _ in nil }
  ) -> Insert<Self, NoRow> {
    insert(columns, values: rows)
      .updatingOnAnyConflict({ row, _ in updates(&row) }, filter: { row, _ in updateFilter(row) })
  }

  /// The rows a select returns, each updating the row it conflicts with on any unique
  /// constraint, where `updateFilter` holds. One column.
  public static func insert<Value, SelectScope>(
    _ columns: (TableColumns) -> SQLQueryExpression<Value>,
    select rows: () -> Select<SelectScope, PackRow<Value>>,
    onConflictDoUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    @ConditionBuilder where updateFilter: (TableColumns, TableColumns) -> SQLExpression? = { _, _ in nil }
  ) -> Insert<Self, NoRow> {
    insert(columns, select: rows).updatingOnAnyConflict(updates, filter: updateFilter)
  }

  /// The rows a select returns, each updating the row it conflicts with on any unique
  /// constraint, where `updateFilter` holds. Several columns.
  public static func insert<FirstValue, SecondValue, each Value, SelectScope, SelectedRow: QueryRow>(
    _ columns: (TableColumns) -> (
      SQLQueryExpression<FirstValue>, SQLQueryExpression<SecondValue>, repeat SQLQueryExpression<each Value>
    ),
    select rows: () -> Select<SelectScope, SelectedRow>,
    onConflictDoUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    @ConditionBuilder where updateFilter: (TableColumns, TableColumns) -> SQLExpression? = { _, _ in nil }
  ) -> Insert<Self, NoRow>
  where SelectedRow.Output == (FirstValue, SecondValue, repeat each Value) {
    insert(columns, select: rows).updatingOnAnyConflict(updates, filter: updateFilter)
  }

  /// The rows a select returns, each updating the row it conflicts with on any unique
  /// constraint, where `updateFilter` holds. One column.
  public static func insert<Value, SelectScope>(
    _ columns: (TableColumns) -> SQLQueryExpression<Value>,
    select rows: () -> Select<SelectScope, PackRow<Value>>,
    onConflictDoUpdate updates: (inout Updates<Self>) -> Void,
    @ConditionBuilder where updateFilter: (TableColumns) -> SQLExpression? = { _ in nil }
  ) -> Insert<Self, NoRow> {
    insert(columns, select: rows)
      .updatingOnAnyConflict({ row, _ in updates(&row) }, filter: { row, _ in updateFilter(row) })
  }

  /// The rows a select returns, each updating the row it conflicts with on any unique
  /// constraint, where `updateFilter` holds. Several columns.
  public static func insert<FirstValue, SecondValue, each Value, SelectScope, SelectedRow: QueryRow>(
    _ columns: (TableColumns) -> (
      SQLQueryExpression<FirstValue>, SQLQueryExpression<SecondValue>, repeat SQLQueryExpression<each Value>
    ),
    select rows: () -> Select<SelectScope, SelectedRow>,
    onConflictDoUpdate updates: (inout Updates<Self>) -> Void,
    @ConditionBuilder where updateFilter: (TableColumns) -> SQLExpression? = { _ in nil }
  ) -> Insert<Self, NoRow>
  where SelectedRow.Output == (FirstValue, SecondValue, repeat each Value) {
    insert(columns, select: rows)
      .updatingOnAnyConflict({ row, _ in updates(&row) }, filter: { row, _ in updateFilter(row) })
  }
}
