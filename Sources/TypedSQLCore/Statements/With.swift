// Common table expressions and compound selects: `WITH [RECURSIVE] … AS (…)`, `UNION [ALL]`,
// and a select of plain values to start a recursion from.

/// `SELECT ?1, ?2, …` with no table: the first row of a recursive table, or a constant row.
///
/// ```swift
/// selectValues(1)   // SELECT ?1
/// ```
public func selectValues<each Value: QueryBindable>(
  _ values: repeat each Value
) -> Select<EmptyScope, PackRow<repeat each Value>> {
  var columns: [SQLExpression] = []
  for value in repeat each values { columns.append(.binding(value.queryBinding)) }
  return Select(scope: EmptyScope(), select: SelectStatement(columns: columns, from: nil))
}

/// The scope of a select that reads no table.
public struct EmptyScope: Sendable {}

extension Select {
  /// `self UNION ALL other`: every row of both.
  public func unionAll<OtherScope, OtherRow>(_ other: Select<OtherScope, OtherRow>) -> Self {
    combined(.unionAll, other.select)
  }

  /// `self UNION other`: the distinct rows of both.
  public func union<OtherScope, OtherRow>(_ other: Select<OtherScope, OtherRow>) -> Self {
    combined(.union, other.select)
  }

  /// `self INTERSECT other`: the distinct rows in both.
  public func intersect<OtherScope, OtherRow>(_ other: Select<OtherScope, OtherRow>) -> Self {
    combined(.intersect, other.select)
  }

  /// `self EXCEPT other`: the distinct rows of this one that are not in `other`.
  public func except<OtherScope, OtherRow>(_ other: Select<OtherScope, OtherRow>) -> Self {
    combined(.except, other.select)
  }

  private func combined(_ op: CompoundTerm.Operator, _ other: SelectStatement) -> Self {
    var copy = self
    copy.select.compound.append(CompoundTerm(op, other))
    return copy
  }

  /// Reads `table` as a common table expression filled by `definition`:
  /// `WITH "table" ("columns") AS (definition) <this select>`.
  ///
  /// ```swift
  /// @Table("counts") struct Count { var value: Int }
  /// Count.all.with(recursive: Count.self, as:
  ///   selectValues(1).unionAll(Count.where { $0.value < 5 }.select { $0.value + 1 }))
  /// // WITH RECURSIVE "counts" ("value") AS (SELECT ?1 UNION ALL SELECT ("counts"."value" + ?1)
  /// //   FROM "counts" WHERE ("counts"."value" < ?2)) SELECT "counts"."value" FROM "counts"
  /// ```
  public func with<CTE: Table, DefinitionScope, DefinitionRow>(
    _ table: CTE.Type, as definition: Select<DefinitionScope, DefinitionRow>
  ) -> Self {
    adding(table, definition.select, recursive: false)
  }

  /// Like ``with(_:as:)``, for a table whose definition reads the table itself:
  /// `WITH RECURSIVE`.
  public func with<CTE: Table, DefinitionScope, DefinitionRow>(
    recursive table: CTE.Type, as definition: Select<DefinitionScope, DefinitionRow>
  ) -> Self {
    adding(table, definition.select, recursive: true)
  }

  private func adding<CTE: Table>(_ table: CTE.Type, _ definition: SelectStatement, recursive: Bool) -> Self {
    var copy = self
    let expression = CommonTableExpression(
      name: CTE.tableName, columns: CTE.TableColumns.columnNames, select: definition)
    var clause = select.with ?? WithClause(isRecursive: false, tables: [])
    clause.isRecursive = clause.isRecursive || recursive
    clause.tables.append(expression)
    copy.select.with = clause
    return copy
  }
}
