// StructuredQueries' alias type as a table: `TableAlias<User, Referrer>.where { … }` starts the
// same query as `User.as(Referrer.self).where { … }`, which each method here forwards to.

extension TableAlias {
  /// The base table's rows under the alias that meet `predicate`.
  public static func `where`(_ predicate: (Base.TableColumns) -> some QueryExpression<Bool>) -> Select<Base.TableColumns, Base> {
    all.where(predicate)
  }

  /// One expression of the base table's columns under the alias, one row per table row.
  @_disfavoredOverload
  public static func select<Projection: QueryProjection>(
    _ columns: (Base.TableColumns) -> Projection
  ) -> Select<Base.TableColumns, PackRow<Projection.Row>> {
    all.select(columns)
  }

  /// Expressions of the base table's columns under the alias, one row per table row.
  public static func select<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ columns: (Base.TableColumns) -> (First, Second, repeat each Rest)
  ) -> Select<Base.TableColumns, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> {
    all.select(columns)
  }

  /// The base table's rows under the alias, ordered.
  public static func order<First: QueryOrdering, each Rest: QueryOrdering>(
    by terms: (Base.TableColumns) -> (First, repeat each Rest)
  ) -> Select<Base.TableColumns, Base> {
    all.order(by: terms)
  }

  /// The base table's rows under the alias, grouped.
  public static func group<First: QueryProjection, each Rest: QueryProjection>(
    by terms: (Base.TableColumns) -> (First, repeat each Rest)
  ) -> Select<Base.TableColumns, Base> {
    all.group(by: terms)
  }

  /// At most `count` of the base table's rows under the alias, after skipping `offset`.
  public static func limit(_ count: Int, offset: Int? = nil) -> Select<Base.TableColumns, Base> {
    all.limit(count, offset: offset)
  }

  /// The number of the base table's rows.
  public static func count() -> Select<Base.TableColumns, Int> {
    all.count()
  }

  /// `JOIN other ON condition`, the base table under the alias first.
  public static func join<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (Base.TableColumns, Other.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(Base.TableColumns, Other.TableColumns), JoinedRow<Base, Other>> {
    all.join(other, on: condition)
  }

  /// `LEFT JOIN other ON condition`, the base table under the alias first.
  public static func leftJoin<Other: Table>(
    _ other: Select<Other.TableColumns, Other>,
    on condition: (Base.TableColumns, NullableColumns<Other.TableColumns>) -> some QueryExpression<Bool>
  ) -> Select<(Base.TableColumns, NullableColumns<Other.TableColumns>), JoinedRow<Base, Other?>> {
    all.leftJoin(other, on: condition)
  }

  /// `INSERT` rows or drafts into the base table under the alias.
  public static func insert(@InsertRowsBuilder<Base> _ rows: () -> [ColumnValues]) -> Insert<Base, NoRow> {
    all.insert(rows)
  }

  /// `INSERT` rows of values for the chosen columns into the base table under the alias.
  public static func insert<each Value: QueryBindable>(
    _ columns: (Base.TableColumns) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]]
  ) -> Insert<Base, NoRow> {
    all.insert(columns, values: rows)
  }

  /// `UPDATE` the base table's rows (of its default scope) under the alias.
  public static func update(set assignments: (inout Updates<Base>) -> Void) -> Update<Base, NoRow> {
    all.update(set: assignments)
  }

  /// `DELETE` the base table's rows (of its default scope) under the alias.
  public static func delete() -> Delete<Base, NoRow> {
    all.delete()
  }
}

extension TableAlias where Base: PrimaryKeyedTable {
  /// The row of the base table, under the alias, whose primary key is `primaryKey`.
  public static func find(_ primaryKey: Base.TableColumns.PrimaryKey) -> Select<Base.TableColumns, Base> {
    all.find(primaryKey)
  }
}
