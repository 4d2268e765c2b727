// A row value combined with a select, as StructuredQueries writes the first row of a recursive
// common table: `Count(value: 1).union(Count.select { Count.Columns(value: $0.value + 1) })` is
// `SELECT ?1 UNION SELECT ("counts"."value" + ?2) FROM "counts"`.

extension Table {
  /// `SELECT ?1, ?2, …`: one row of this row's values, bound, in column order.
  public var selectedValues: Select<EmptyScope, Self> {
    var values = ColumnValues(reservingCapacity: Self.columnCount)
    encodeColumns(into: &values)
    return Select(scope: EmptyScope(), select: SelectStatement(columns: values.boundExpressions, from: nil))
  }

  /// This row `UNION` the rows of `other`: the distinct rows of both.
  public func union<OtherScope, OtherRow>(_ other: Select<OtherScope, OtherRow>) -> Select<EmptyScope, Self> {
    selectedValues.union(other)
  }

  /// This row `UNION ALL` the rows of `other` when `all`, otherwise `UNION`.
  public func union<OtherScope, OtherRow>(all: Bool, _ other: Select<OtherScope, OtherRow>) -> Select<EmptyScope, Self> {
    selectedValues.union(all: all, other)
  }

  /// This row `UNION ALL` the rows of `other`: every row of both.
  public func unionAll<OtherScope, OtherRow>(_ other: Select<OtherScope, OtherRow>) -> Select<EmptyScope, Self> {
    selectedValues.unionAll(other)
  }
}
