// StructuredQueries' spelling of common table expressions: the tables in a builder, then the
// statement that reads them.
//
//   With {
//     Reminder.where { !$0.isCompleted }
//       .select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }
//   } query: {
//     IncompleteReminder.where { $0.title.like("%groceries%") }
//   }
//   // WITH "incompleteReminders" ("isFlagged", "title") AS (SELECT … FROM "reminders" WHERE …)
//   // SELECT … FROM "incompleteReminders" WHERE …
//
// Each table is named by the row type its select returns (a `@Table` or a `@Selection`), and its
// columns are bound by position. A table whose definition reads itself makes the clause
// `WITH RECURSIVE`, which PostgreSQL requires and SQLite accepts.

/// A statement that reads common tables: `WITH … <statement>`. It runs and decodes as the
/// statement does.
public struct With<Base: CommonTableExpressionReader>: Statement, SplittableStatement {
  public typealias Row = Base.Row

  /// The statement, its `WITH` clause holding the builder's tables before any it had.
  public let base: Base
  /// Why the builder's tables cannot be written, if one of them cannot: rendering throws it.
  let invalidTable: DialectError?

  /// `WITH` the tables `tables` builds, then the statement `query` returns.
  public init(
    @CommonTableExpressionBuilder _ tables: () -> [CommonTableExpressionBuilder.Table],
    query: () -> Base
  ) {
    var base = query()
    var expressions: [CommonTableExpression] = []
    var invalidTable: DialectError?
    for table in tables() {
      switch table.expression {
      case .success(let expression): expressions.append(expression)
      case .failure(let error): invalidTable = invalidTable ?? error
      }
    }
    var clause = base.withClause ?? WithClause(isRecursive: false, tables: [])
    clause.tables.insert(contentsOf: expressions, at: 0)
    clause.isRecursive = clause.isRecursive || expressions.contains(where: \.readsItself)
    base.withClause = clause
    self.base = base
    self.invalidTable = invalidTable
  }

  public var statementNode: SQLStatement { base.statementNode }

  public func render(in dialect: some Dialect) throws -> RenderedSQL {
    if let invalidTable { throw invalidTable }
    return try base.render(in: dialect)
  }

  public var runsNothing: Bool { invalidTable == nil && base.runsNothing }

  public func runsAsSeveralStatements(in dialect: some Dialect) -> Bool {
    invalidTable == nil && base.runsAsSeveralStatements(in: dialect)
  }

  func renderedParts(in dialect: some Dialect) throws -> [RenderedSQL] {
    guard let splittable = base as? any SplittableStatement else { return [try render(in: dialect)] }
    return try splittable.renderedParts(in: dialect)
  }
}

/// Collects the common tables of a ``With``: each a select whose rows are a `@Table` or a
/// `@Selection` type, named by that type.
@resultBuilder
public enum CommonTableExpressionBuilder {
  /// One common table of a ``With``, or why its select cannot fill one.
  public struct Table: Sendable {
    let expression: Result<CommonTableExpression, DialectError>
  }

  /// A select of rows of a table type (`Reminder.select { ReminderCount.Columns(…) }`), named
  /// as the table.
  public static func buildExpression<Scope, Rows: TypedSQLCore.Table>(_ select: Select<Scope, PackRow<Rows>>) -> Table {
    Table(expression: .success(CommonTableExpression(Rows.self, select.select)))
  }

  /// A select of a table type's rows themselves (`Count.all`, or a row's values unioned with
  /// a select).
  public static func buildExpression<Scope, Rows: TypedSQLCore.Table>(_ select: Select<Scope, Rows>) -> Table {
    Table(expression: .success(CommonTableExpression(Rows.self, select.select)))
  }

  /// A select of rows of a `@Selection` type, named by ``Selection/commonTableName``.
  public static func buildExpression<Scope, Rows: Selection>(_ select: Select<Scope, PackRow<Rows>>) -> Table {
    Table(expression: .success(CommonTableExpression(Rows.self, select.select)))
  }

  /// Refuses a select of several values in a row: a common table's rows are one table type's.
  @available(*, unavailable, message: "a common table's select returns one table's or @Selection's rows: select { Stats.Columns(…) }")
  public static func buildExpression<Scope, First: QueryRow, Second: QueryRow, each Rest: QueryRow>(
    _ select: Select<Scope, TupleRow<First, Second, repeat each Rest>>
  ) -> Table {
    fatalError("unavailable")
  }

  /// The tables of the block, in order: each may read the ones before it.
  public static func buildBlock(_ tables: Table...) -> [Table] {
    tables
  }
}

extension CommonTableExpression {
  /// Whether the table's select reads the table itself, in its `FROM` or a join of any of its
  /// compound's selects: what makes a common table recursive (neither database allows the
  /// reference anywhere else).
  var readsItself: Bool {
    func reads(_ select: SelectStatement) -> Bool {
      let tables = [select.from].compactMap { $0 } + select.joins.map(\.table)
      return tables.contains { reference in
        if case .table(let table) = reference.source { table == name } else { false }
      } || select.compound.contains { reads($0.select) }
    }
    return reads(select)
  }
}
