// Common table expressions on selects and writes, compound selects (`UNION [ALL]`, …), and a
// select of values or expressions with no table, to start a recursion from.

/// `SELECT ?1` with no table: the first row of a recursive table, or a constant row.
///
/// ```swift
/// selectValues(1)   // SELECT ?1
/// ```
public func selectValues<Value: QueryBindable>(_ value: Value) -> Select<EmptyScope, PackRow<Value>> {
  selectingNoTable([.binding(value.queryBinding)])
}

/// `SELECT ?1, ?2, …` with no table.
///
/// ```swift
/// selectValues(1, "one")   // SELECT ?1, ?2
/// ```
public func selectValues<First: QueryBindable, Second: QueryBindable, each Rest: QueryBindable>(
  _ first: First, _ second: Second, _ rest: repeat each Rest
) -> Select<EmptyScope, TupleRow<First, Second, repeat each Rest>> {
  var columns: [SQLExpression] = [.binding(first.queryBinding), .binding(second.queryBinding)]
  for value in repeat each rest { columns.append(.binding(value.queryBinding)) }
  return selectingNoTable(columns)
}

/// `SELECT a` of an expression with no table: a value computed by the database.
///
/// ```swift
/// selectValues(SQLQueryExpression(Reminder.count()))   // SELECT (SELECT count(*) FROM "reminders")
/// ```
public func selectValues<Projection: QueryProjection>(
  _ value: Projection
) -> Select<EmptyScope, PackRow<Projection.Row>> {
  selectingNoTable(selection(value))
}

/// `SELECT a, b, …` of expressions with no table: a row computed by the database.
///
/// ```swift
/// selectValues(SQLQueryExpression<Date>.now.strftime("%Y"), SQLQueryExpression(Reminder.count()))
/// // SELECT strftime(?1, …), (SELECT count(*) FROM "reminders")
/// ```
public func selectValues<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
  _ first: First, _ second: Second, _ rest: repeat each Rest
) -> Select<EmptyScope, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> {
  selectingNoTable(selection(first, second, repeat each rest))
}

/// A select of `columns` from no table, decoded as `Row`.
private func selectingNoTable<Row: QueryRow>(_ columns: [SQLExpression]) -> Select<EmptyScope, Row> {
  Select(scope: EmptyScope(), select: SelectStatement(columns: columns, from: nil))
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
    // A `none` side is combined as the empty set it renders; the whole is `none` only when it
    // returns no row whatever the tables hold.
    copy.select.isNone = op.returnsNoRow(left: select.isNone, right: other.isNone)
    return copy
  }
}

/// A statement that can read common table expressions: a select, an insert, an update or a
/// delete, each written `WITH … <statement>`.
public protocol CommonTableExpressionReader: Statement {
  /// The statement's `WITH` clause, if it has one.
  var withClause: WithClause? { get set }
}

extension CommonTableExpressionReader {
  /// Reads `table` as a common table expression filled by `definition`:
  /// `WITH "table" ("columns") AS (definition) <this statement>`.
  ///
  /// ```swift
  /// @Table("counts") struct Count { var value: Int }
  /// Count.all.with(recursive: Count.self, as:
  ///   selectValues(1).unionAll(Count.where { $0.value < 5 }.select { $0.value + 1 }))
  /// // WITH RECURSIVE "counts" ("value") AS (SELECT ?1 UNION ALL SELECT ("counts"."value" + ?1)
  /// //   FROM "counts" WHERE ("counts"."value" < ?2)) SELECT "counts"."value" FROM "counts"
  ///
  /// @Table("doneIDs") struct DoneID { var id: Int }
  /// Reminder.where { $0.id.in(DoneID.select { $0.id }) }.delete()
  ///   .with(DoneID.self, as: Reminder.where { $0.isCompleted }.select { $0.id })
  /// // WITH "doneIDs" ("id") AS (SELECT …) DELETE FROM "reminders" WHERE …
  /// ```
  public func with<CTE: Table, DefinitionScope, DefinitionRow>(
    _ table: CTE.Type, as definition: Select<DefinitionScope, DefinitionRow>
  ) -> Self {
    adding(CommonTableExpression(table, definition.select), recursive: false)
  }

  /// Like `with(_:as:)`, for a table whose definition reads the table itself:
  /// `WITH RECURSIVE`.
  public func with<CTE: Table, DefinitionScope, DefinitionRow>(
    recursive table: CTE.Type, as definition: Select<DefinitionScope, DefinitionRow>
  ) -> Self {
    adding(CommonTableExpression(table, definition.select), recursive: true)
  }

  /// This statement reading one more common table.
  func adding(_ expression: CommonTableExpression, recursive: Bool) -> Self {
    var copy = self
    var clause = withClause ?? WithClause(isRecursive: false, tables: [])
    clause.isRecursive = clause.isRecursive || recursive
    clause.tables.append(expression)
    copy.withClause = clause
    return copy
  }
}

extension CommonTableExpression {
  /// The common table a `@Table` type names, filled by `definition`.
  init<CTE: Table>(_ table: CTE.Type, _ definition: SelectStatement) {
    self.init(name: CTE.tableName, columns: CTE.TableColumns.columnNames, select: definition)
  }
}

extension Select: CommonTableExpressionReader {
  public var withClause: WithClause? {
    get { select.with }
    set { select.with = newValue }
  }
}

extension Insert: CommonTableExpressionReader {
  public var withClause: WithClause? {
    get { insert.with }
    set { insert.with = newValue }
  }
}

extension Update: CommonTableExpressionReader {
  public var withClause: WithClause? {
    get { update.with }
    set { update.with = newValue }
  }
}

extension Delete: CommonTableExpressionReader {
  public var withClause: WithClause? {
    get { delete.with }
    set { delete.with = newValue }
  }
}
