/// A table's `Draft`, which `@Table` writes for a table with a primary key or a lazily
/// initialized column: a row to insert, and, in StructuredQueries' spelling, a way to start a
/// query of the table (`Reminder.Draft.find(1).select { ($0.id, $0.title) }`). Such a query's
/// whole rows decode as the table's rows, not as drafts.
public protocol TableDraft: InsertRow {}

extension TableDraft {
  /// Every row of the draft's table.
  public static var all: Select<Into.TableColumns, Into> { Into.all }

  /// Every row of the draft's table, without its default scope.
  public static var unscoped: Select<Into.TableColumns, Into> { Into.unscoped }

  /// The rows of the draft's table that meet `predicate`.
  public static func `where`(_ predicate: (Into.TableColumns) -> some QueryExpression<Bool>) -> Select<Into.TableColumns, Into> {
    Into.where(predicate)
  }

  /// The rows of the draft's table that meet a condition chosen with `if`, `switch` or `for`.
  public static func `where`(@ConditionBuilder _ predicate: (Into.TableColumns) -> SQLExpression?) -> Select<Into.TableColumns, Into> {
    Into.where(predicate)
  }

  /// One expression of the draft's table's columns, one row per table row.
  @_disfavoredOverload
  public static func select<Projection: QueryProjection>(
    _ columns: (Into.TableColumns) -> Projection
  ) -> Select<Into.TableColumns, PackRow<Projection.Row>> {
    Into.select(columns)
  }

  /// Expressions of the draft's table's columns, one row per table row.
  public static func select<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ columns: (Into.TableColumns) -> (First, Second, repeat each Rest)
  ) -> Select<Into.TableColumns, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> {
    Into.select(columns)
  }

  /// Refuses a selection that is not made of expressions, such as a statement in the tuple.
  @_disfavoredOverload
  @available(*, unavailable, message: "select gives expressions only (columns, a table's columns, Swift values, #sql, a query of one value), of the types the query is used with; an INSERT, UPDATE or DELETE is not a value")
  public static func select<NotAnExpression>(_ columns: (Into.TableColumns) -> NotAnExpression) -> Select<Into.TableColumns, PackRow<>> {
    fatalError("unavailable")
  }
}

extension TableDraft where Into: PrimaryKeyedTable {
  /// The row of the draft's table whose primary key is `primaryKey`.
  public static func find(_ primaryKey: Into.TableColumns.PrimaryKey) -> Select<Into.TableColumns, Into> {
    Into.find(primaryKey)
  }
}
