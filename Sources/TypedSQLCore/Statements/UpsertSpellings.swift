// StructuredQueries' upserts, written as trailing closures of `insert`: the rows (or columns
// with `values:` or `select:`), then `onConflict:` with the conflict target, an optional
// `where:` for a partial unique index, `doUpdate:` (with or without the excluded row), and an
// optional `where:` for the rows to update. Without `doUpdate:` a conflicting row is skipped.
// (Both `where:`s are one form: Swift matches a lone trailing `where:` to the first parameter of
// that label, so the forms with `doUpdate:` take a target's `where:` only beside an update's.)
// Each is the portable `insert { … }.onConflict { … } doUpdate: { … }`.
//
//   Tag.insert { $0.title } select: { RemindersList.select(\.title) }
//     onConflict: { $0.title } doUpdate: { $0.title += "?" }
//   // INSERT INTO "tags" ("title") SELECT … WHERE ?1 ON CONFLICT ("title")
//   // DO UPDATE SET "title" = ("tags"."title" || ?2)

extension Table {
  /// Rows, updated where they conflict on `target` (the closure's second argument is the row
  /// that was to be inserted).
  public static func insert<each Target>(
    @InsertRowsBuilder<Self> values rows: () -> [ColumnValues],
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    doUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    where updateFilter: ((TableColumns, TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(rows).onConflict(target, where: nil, doUpdate: updates, where: updateFilter)
  }

  /// Rows, updated where they conflict on `target`.
  public static func insert<each Target>(
    @InsertRowsBuilder<Self> values rows: () -> [ColumnValues],
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    doUpdate updates: (inout Updates<Self>) -> Void,
    where updateFilter: ((TableColumns, TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(rows).onConflict(target, where: nil, doUpdate: { row, _ in updates(&row) }, where: updateFilter)
  }

  /// Rows, each skipped where it conflicts on `target`.
  public static func insert<each Target>(
    @InsertRowsBuilder<Self> values rows: () -> [ColumnValues],
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    where targetFilter: ((TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(rows).onConflictDoNothing(target, where: targetFilter)
  }

  /// Values for the chosen columns, updated where they conflict on `target`.
  public static func insert<each Value: QueryBindable, each Target>(
    _ columns: (TableColumns) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]],
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    doUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    where updateFilter: ((TableColumns, TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(columns, values: rows).onConflict(target, where: nil, doUpdate: updates, where: updateFilter)
  }

  /// Values for the chosen columns, updated where they conflict on `target`.
  public static func insert<each Value: QueryBindable, each Target>(
    _ columns: (TableColumns) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]],
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    doUpdate updates: (inout Updates<Self>) -> Void,
    where updateFilter: ((TableColumns, TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(columns, values: rows)
      .onConflict(target, where: nil, doUpdate: { row, _ in updates(&row) }, where: updateFilter)
  }

  /// Values for the chosen columns, each row skipped where it conflicts on `target`.
  public static func insert<each Value: QueryBindable, each Target>(
    _ columns: (TableColumns) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]],
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    where targetFilter: ((TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(columns, values: rows).onConflictDoNothing(target, where: targetFilter)
  }

  /// The rows a select returns, updated where they conflict on `target`. One column.
  public static func insert<Value, SelectScope, each Target>(
    _ columns: (TableColumns) -> SQLQueryExpression<Value>,
    select rows: () -> Select<SelectScope, PackRow<Value>>,
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    doUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    where updateFilter: ((TableColumns, TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(columns, select: rows).onConflict(target, where: nil, doUpdate: updates, where: updateFilter)
  }

  /// The rows a select returns, updated where they conflict on `target`. Several columns.
  public static func insert<FirstValue, SecondValue, each Value, SelectScope, SelectedRow: QueryRow, each Target>(
    _ columns: (TableColumns) -> (
      SQLQueryExpression<FirstValue>, SQLQueryExpression<SecondValue>, repeat SQLQueryExpression<each Value>
    ),
    select rows: () -> Select<SelectScope, SelectedRow>,
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    doUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    where updateFilter: ((TableColumns, TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow>
  where SelectedRow.Output == (FirstValue, SecondValue, repeat each Value) {
    insert(columns, select: rows).onConflict(target, where: nil, doUpdate: updates, where: updateFilter)
  }

  /// The rows a select returns, updated where they conflict on `target`. One column.
  public static func insert<Value, SelectScope, each Target>(
    _ columns: (TableColumns) -> SQLQueryExpression<Value>,
    select rows: () -> Select<SelectScope, PackRow<Value>>,
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    doUpdate updates: (inout Updates<Self>) -> Void,
    where updateFilter: ((TableColumns, TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(columns, select: rows)
      .onConflict(target, where: nil, doUpdate: { row, _ in updates(&row) }, where: updateFilter)
  }

  /// The rows a select returns, updated where they conflict on `target`. Several columns.
  public static func insert<FirstValue, SecondValue, each Value, SelectScope, SelectedRow: QueryRow, each Target>(
    _ columns: (TableColumns) -> (
      SQLQueryExpression<FirstValue>, SQLQueryExpression<SecondValue>, repeat SQLQueryExpression<each Value>
    ),
    select rows: () -> Select<SelectScope, SelectedRow>,
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    doUpdate updates: (inout Updates<Self>) -> Void,
    where updateFilter: ((TableColumns, TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow>
  where SelectedRow.Output == (FirstValue, SecondValue, repeat each Value) {
    insert(columns, select: rows)
      .onConflict(target, where: nil, doUpdate: { row, _ in updates(&row) }, where: updateFilter)
  }

  /// The rows a select returns, each skipped where it conflicts on `target`. One column.
  public static func insert<Value, SelectScope, each Target>(
    _ columns: (TableColumns) -> SQLQueryExpression<Value>,
    select rows: () -> Select<SelectScope, PackRow<Value>>,
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    where targetFilter: ((TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow> {
    insert(columns, select: rows).onConflictDoNothing(target, where: targetFilter)
  }

  /// The rows a select returns, each skipped where it conflicts on `target`. Several columns.
  public static func insert<FirstValue, SecondValue, each Value, SelectScope, SelectedRow: QueryRow, each Target>(
    _ columns: (TableColumns) -> (
      SQLQueryExpression<FirstValue>, SQLQueryExpression<SecondValue>, repeat SQLQueryExpression<each Value>
    ),
    select rows: () -> Select<SelectScope, SelectedRow>,
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    where targetFilter: ((TableColumns) -> SQLQueryExpression<Bool>)? = nil
  ) -> Insert<Self, NoRow>
  where SelectedRow.Output == (FirstValue, SecondValue, repeat each Value) {
    insert(columns, select: rows).onConflictDoNothing(target, where: targetFilter)
  }

  /// Rows, updated where they conflict on `target` within a partial unique index's condition
  /// `targetFilter`, where `updateFilter` holds.
  public static func insert<each Target>(
    @InsertRowsBuilder<Self> values rows: () -> [ColumnValues],
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    where targetFilter: @escaping (TableColumns) -> SQLQueryExpression<Bool>,
    doUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    where updateFilter: @escaping (TableColumns, TableColumns) -> SQLQueryExpression<Bool>
  ) -> Insert<Self, NoRow> {
    insert(rows).onConflict(target, where: targetFilter, doUpdate: updates, where: updateFilter)
  }

  /// Values for the chosen columns, updated where they conflict on `target` within a partial
  /// unique index's condition `targetFilter`, where `updateFilter` holds.
  public static func insert<each Value: QueryBindable, each Target>(
    _ columns: (TableColumns) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]],
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    where targetFilter: @escaping (TableColumns) -> SQLQueryExpression<Bool>,
    doUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    where updateFilter: @escaping (TableColumns, TableColumns) -> SQLQueryExpression<Bool>
  ) -> Insert<Self, NoRow> {
    insert(columns, values: rows).onConflict(target, where: targetFilter, doUpdate: updates, where: updateFilter)
  }

  /// The rows a select returns, updated where they conflict on `target` within a partial
  /// unique index's condition `targetFilter`, where `updateFilter` holds. One column.
  public static func insert<Value, SelectScope, each Target>(
    _ columns: (TableColumns) -> SQLQueryExpression<Value>,
    select rows: () -> Select<SelectScope, PackRow<Value>>,
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    where targetFilter: @escaping (TableColumns) -> SQLQueryExpression<Bool>,
    doUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    where updateFilter: @escaping (TableColumns, TableColumns) -> SQLQueryExpression<Bool>
  ) -> Insert<Self, NoRow> {
    insert(columns, select: rows).onConflict(target, where: targetFilter, doUpdate: updates, where: updateFilter)
  }

  /// The rows a select returns, updated where they conflict on `target` within a partial
  /// unique index's condition `targetFilter`, where `updateFilter` holds. Several columns.
  public static func insert<FirstValue, SecondValue, each Value, SelectScope, SelectedRow: QueryRow, each Target>(
    _ columns: (TableColumns) -> (
      SQLQueryExpression<FirstValue>, SQLQueryExpression<SecondValue>, repeat SQLQueryExpression<each Value>
    ),
    select rows: () -> Select<SelectScope, SelectedRow>,
    onConflict target: (TableColumns) -> (repeat SQLQueryExpression<each Target>),
    where targetFilter: @escaping (TableColumns) -> SQLQueryExpression<Bool>,
    doUpdate updates: (inout Updates<Self>, TableColumns) -> Void,
    where updateFilter: @escaping (TableColumns, TableColumns) -> SQLQueryExpression<Bool>
  ) -> Insert<Self, NoRow>
  where SelectedRow.Output == (FirstValue, SecondValue, repeat each Value) {
    insert(columns, select: rows).onConflict(target, where: targetFilter, doUpdate: updates, where: updateFilter)
  }
}
