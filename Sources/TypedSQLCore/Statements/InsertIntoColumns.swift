// Inserts into some of a table's columns, the others left to their defaults: rows of values,
// or the rows of a select (`INSERT … SELECT`).

/// Builds the rows of an insert into chosen columns, one tuple per row: Swift values, bound, or
/// any expressions of the columns' types (`#sql("…")`, a subquery, a trigger's `new.title`).
///
/// ```swift
/// Reminder.insert { ($0.title, $0.priority) } values: {
///   ("Milk", 2)
///   ("Eggs", nil)
///   (RemindersList.select(\.title).where { $0.id.eq(1) }, #sql("1 + 1"))
/// }
/// ```
@resultBuilder
public struct InsertValuesBuilder<each Value> {
  /// The rows of every line, in order.
  public static func buildBlock(_ components: [[InsertValue]]...) -> [[InsertValue]] {
    components.flatMap { $0 }
  }

  /// The rows of an `if` without `else`: none when its condition does not hold.
  public static func buildOptional(_ component: [[InsertValue]]?) -> [[InsertValue]] { component ?? [] }

  /// The rows of the first branch of an `if`–`else` or a `switch`.
  public static func buildEither(first component: [[InsertValue]]) -> [[InsertValue]] { component }

  /// The rows of the second branch of an `if`–`else` or a `switch`.
  public static func buildEither(second component: [[InsertValue]]) -> [[InsertValue]] { component }

  /// The rows of every pass of a `for` loop, in order.
  public static func buildArray(_ components: [[[InsertValue]]]) -> [[InsertValue]] {
    components.flatMap { $0 }
  }

  /// One row of expressions, one per chosen column: values, columns of a trigger's `new` row,
  /// subqueries, `#sql`.
  @_disfavoredOverload
  public static func buildExpression(_ row: (repeat any QueryExpression<each Value>)) -> [[InsertValue]] {
    var values: [InsertValue] = []
    for value in repeat each row {
      values.append(.expression(value.queryNode))
    }
    return [values]
  }
}

extension InsertValuesBuilder where repeat each Value: QueryBindable {
  /// One row: a tuple of Swift values, one per chosen column, each bound.
  public static func buildExpression(_ row: (repeat each Value)) -> [[InsertValue]] {
    [bound(repeat each row)]
  }

  /// An array of rows of Swift values, in order.
  public static func buildExpression(_ rows: [(repeat each Value)]) -> [[InsertValue]] {
    rows.map { bound(repeat each $0) }
  }

  private static func bound(_ row: repeat each Value) -> [InsertValue] {
    var values: [InsertValue] = []
    for value in repeat each row {
      values.append(.expression(.binding(value.queryBinding)))
    }
    return values
  }
}

extension Table {
  /// `INSERT INTO table DEFAULT VALUES`: one row of every column's default.
  public static func insert() -> Insert<Self, NoRow> {
    insert(rows: [Array(repeating: .default, count: TableColumns.columnNames.count)])
  }

  /// `INSERT INTO table (columns) VALUES …`: rows of values for the chosen columns, every other
  /// column left to its default.
  ///
  /// ```swift
  /// Reminder.insert { ($0.title, $0.remindersListID) } values: {
  ///   ("Milk", 1)
  ///   ("Eggs", 1)
  /// }
  /// // INSERT INTO "reminders" ("title", "remindersListID") VALUES (?1, ?2), (?3, ?2)
  /// ```
  public static func insert<each Value: QueryBindable>(
    _ columns: (TableColumns) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]]
  ) -> Insert<Self, NoRow> {
    let names = TypedSQLCore.columnNames(of: repeat each columns(self.columns))
    return Insert(insert: InsertStatement(table: tableReference, columns: names, rows: rows()))
  }

  /// `INSERT INTO table (columns) SELECT …`: the rows a select returns, its columns matching the
  /// chosen ones in number and type.
  ///
  /// ```swift
  /// Tag.insert { $0.name } select: { Reminder.select { $0.title } }
  /// // INSERT INTO "tags" ("name") SELECT "reminders"."title" FROM "reminders"
  /// ```
  public static func insert<Value, SelectScope>(
    _ columns: (TableColumns) -> SQLQueryExpression<Value>,
    select rows: () -> Select<SelectScope, PackRow<Value>>
  ) -> Insert<Self, NoRow> {
    inserting(TypedSQLCore.columnNames(of: columns(self.columns)), from: rows().select)
  }

  /// `INSERT INTO table (columns) SELECT …` of several columns.
  ///
  /// ```swift
  /// Reminder.insert { ($0.remindersListID, $0.title) } select: { Tag.select { (1, $0.name) } }
  /// ```
  public static func insert<FirstValue, SecondValue, each Value, SelectScope, SelectedRow: QueryRow>(
    _ columns: (TableColumns) -> (
      SQLQueryExpression<FirstValue>, SQLQueryExpression<SecondValue>, repeat SQLQueryExpression<each Value>
    ),
    select rows: () -> Select<SelectScope, SelectedRow>
  ) -> Insert<Self, NoRow>
  where SelectedRow.Output == (FirstValue, SecondValue, repeat each Value) {
    inserting(TypedSQLCore.columnNames(of: columns, from: self.columns), from: rows().select)
  }

  /// `INSERT INTO table (columns) SELECT …`.
  private static func inserting(_ columns: [String], from select: SelectStatement) -> Insert<Self, NoRow> {
    var statement = InsertStatement(table: tableReference, columns: columns, rows: [])
    statement.select = select
    return Insert(insert: statement)
  }
}
