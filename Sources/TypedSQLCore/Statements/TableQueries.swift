// Query entry points on a table type: `Reminder.where { … }`, `Reminder.order { … }`, and so
// on. Each starts from `all`, the table's default scope (see DefaultScope.swift), and forwards to
// `Select`.

extension Table {
  /// Rows matching `predicate`.
  @inlinable
  public static func `where`(_ predicate: (TableColumns) -> some QueryExpression<Bool>) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.where(predicate)
  }

  /// Rows matching a condition chosen in the closure with `if`, `switch` or `for` (see
  /// ``ConditionBuilder``); every row when it gives none.
  public static func `where`(@ConditionBuilder _ predicate: (TableColumns) -> SQLExpression?) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.where(predicate)
  }

  /// Rows where an optional condition (a Boolean column of an outer join, say) is true; `NULL`
  /// counts as false.
  @_disfavoredOverload
  public static func `where`(_ predicate: (TableColumns) -> some QueryExpression<Bool?>) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.where(predicate)
  }

  /// One chosen expression of every row.
  @_disfavoredOverload
  public static func select<Projection: QueryProjection>(
    _ columns: (TableColumns) -> Projection
  ) -> Select<TableColumns, PackRow<Projection.Row>> {
    _typedSQLScopeStart.select(columns)
  }

  /// Chosen columns of every row.
  public static func select<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ columns: (TableColumns) -> (First, Second, repeat each Rest)
  ) -> Select<TableColumns, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> {
    _typedSQLScopeStart.select(columns)
  }

  /// Refuses a selection that is not made of expressions, such as a statement in the tuple.
  @_disfavoredOverload
  @available(*, unavailable, message: "select gives expressions only (columns, a table's columns, Swift values, #sql, a query of one value), of the types the query is used with; an INSERT, UPDATE or DELETE is not a value")
  public static func select<NotAnExpression>(_ columns: (TableColumns) -> NotAnExpression) -> Select<TableColumns, PackRow<>> {
    fatalError("unavailable")
  }

  /// Every row, ordered.
  public static func order<First: QueryOrdering, each Rest: QueryOrdering>(
    by terms: (TableColumns) -> (First, repeat each Rest)
  ) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.order(by: terms)
  }

  /// Every row, ordered by terms chosen in the closure with `if` or `switch`.
  @inlinable
  public static func order(@OrderingBuilder by terms: (TableColumns) -> [OrderingTerm]) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.order(by: terms)
  }

  /// Every row, grouped.
  public static func group<First: QueryProjection, each Rest: QueryProjection>(
    by terms: (TableColumns) -> (First, repeat each Rest)
  ) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.group(by: terms)
  }

  /// At most `count` rows, after skipping `offset`.
  @inlinable
  public static func limit(_ count: Int, offset: Int? = nil) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.limit(count, offset: offset)
  }

  /// `SELECT count(*) FROM` the table.
  public static func count() -> Select<TableColumns, Int> {
    _typedSQLScopeStart.count()
  }

  /// `SELECT count(*) FILTER (WHERE …) FROM` the table: the number of rows where `filter` holds.
  public static func count(filter: (TableColumns) -> some QueryExpression<Bool>) -> Select<TableColumns, Int> {
    _typedSQLScopeStart.count(filter: filter)
  }

  /// `JOIN other ON condition`; rows decode as `(Self, Other)`.
  public static func join<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (TableColumns, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(TableColumns, Other.TableColumns), JoinedRow<Self, Other>> {
    _typedSQLScopeStart.join(other, on: condition)
  }

  /// `LEFT JOIN other ON condition`; rows decode as `(Self, Other?)`.
  public static func leftJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (TableColumns, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(TableColumns, NullableColumns<Other.TableColumns>), JoinedRow<Self, Other?>> {
    _typedSQLScopeStart.leftJoin(other, on: condition)
  }

  /// `RIGHT JOIN other ON condition`; rows decode as `(Self?, Other)`.
  public static func rightJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (NullableColumns<TableColumns>, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(NullableColumns<TableColumns>, Other.TableColumns), JoinedRow<Self?, Other>> {
    _typedSQLScopeStart.rightJoin(other, on: condition)
  }

  /// `FULL JOIN other ON condition`; rows decode as `(Self?, Other?)`.
  public static func fullJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (NullableColumns<TableColumns>, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(NullableColumns<TableColumns>, NullableColumns<Other.TableColumns>), JoinedRow<Self?, Other?>> {
    _typedSQLScopeStart.fullJoin(other, on: condition)
  }
}

extension PrimaryKeyedTable {
  /// The row whose primary key is `primaryKey`.
  ///
  /// ```swift
  /// let reminder = try Reminder.find(1).fetchOne(db)
  /// ```
  @inlinable
  public static func find(_ primaryKey: TableColumns.PrimaryKey) -> Select<TableColumns, Self> {
    let start = _typedSQLScopeStart
    let key = TableColumns.primaryKeyExpression(of: primaryKey)
    // On a table without a default scope, the tree of a lookup of a one-column key is fixed by
    // the table's type but for the key's value; its condition is built only if it is needed.
    if case .wholeTable = start.origin, case .binding(let value) = key {
      return (consume start).lookingUp(value, in: LookedUpTable(Self.self))
    }
    return start.where { $0.hasPrimaryKey(expression: key) }
  }

  /// The row whose primary key is the value of `primaryKey`: an argument of a prepared
  /// statement, or any expression.
  ///
  /// ```swift
  /// let find = try db.prepare(Int.self) { id in Reminder.find(id) }
  /// ```
  public static func find(_ primaryKey: SQLQueryExpression<TableColumns.PrimaryKey>) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.where { $0.primaryKey.eq(primaryKey) }
  }
}
