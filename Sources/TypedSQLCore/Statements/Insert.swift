/// An `INSERT` built in Swift.
///
/// ```swift
/// Reminder.insert {
///   Reminder.Draft(title: "Milk")
///   Reminder.Draft(title: "Eggs", priority: 2)
/// }
/// // INSERT INTO "reminders" ("title", "isCompleted", "priority") VALUES (?1, ?2, ?3), (?4, ?2, ?5)
/// ```
///
/// A draft's `nil` primary key is left to the database: the column is omitted, never sent as
/// `NULL`.
public struct Insert<Into: Table, Row: QueryRow>: Statement {
  /// The one row of `Table.insert { row }`, whose tree is built only when it is asked for; nil
  /// for an insert built as a tree.
  @usableFromInline
  var row: ColumnValues?
  /// The insert's tree, when it was built as one; nil for ``row``'s insert.
  @usableFromInline
  var tree: InsertStatement?

  /// The statement's tree.
  public var insert: InsertStatement {
    get {
      if let tree { return tree }
      return Into.insert(rows: row.map { [$0.values] } ?? []).insert
    }
    set {
      tree = newValue
      row = nil
    }
  }

  /// Wraps a tree.
  public init(insert: InsertStatement) {
    tree = insert
  }

  /// An insert of one row, built at the call.
  @inlinable
  init(row: ColumnValues) {
    self.row = row
  }

  public var statementNode: SQLStatement { .insert(insert) }

  /// An insert of no rows: a batch built from an empty array runs nothing.
  @inlinable
  public var runsNothing: Bool {
    if row != nil { return false }
    return treeRunsNothing
  }

  /// Whether the insert's tree runs nothing: no rows and no select, or a source that is `none`.
  @usableFromInline
  var treeRunsNothing: Bool {
    guard let insert = tree else { return false }
    return (insert.rows.isEmpty && insert.select == nil) || insert.runsNothing
  }

  /// One row built at the call (`Table.insert { row }`) takes the SQL its database kept for
  /// the last row of its shape, exactly as rendering it would give, and binds its own values.
  @inlinable
  public func keptSQL(on database: some Database) throws -> RenderedSQL? {
    guard let memo = database.renderedStatementShapes else { return nil }
    return try keptSQL(in: memo, dialect: database.dialect)
  }

  /// The SQL `memo` kept for this one-row insert in `dialect`, or the insert rendered with its
  /// shape kept; `nil` for an insert of another kind.
  @inlinable
  func keptSQL(in memo: RenderedStatementShapes, dialect: some Dialect) throws -> RenderedSQL? {
    guard let row else { return nil }
    let statement = StatementShapeKey(table: ObjectIdentifier(Into.self), form: .rowInsert)
    return try keptSQL(ShapedValues(row: row), as: statement, in: memo, dialect: dialect)
  }

  /// Adds `RETURNING` of one expression of the inserted rows (a column, or `$0` for whole rows), decoded like a `select`.
  ///
  /// ```swift
  /// let ids = try Reminder.insert { Reminder.Draft(title: "Milk") }.returning { $0.id }.fetchAll(db)
  /// ```
  @_disfavoredOverload
  public func returning<Projection: QueryProjection>(
    _ columns: (Into.TableColumns) -> Projection
  ) -> Insert<Into, PackRow<Projection.Row>> {
    var statement = insert
    statement.returning = selection(columns(self.columns))
    return Insert<Into, PackRow<Projection.Row>>(insert: statement)
  }

  /// Adds `RETURNING` of a tuple of expressions of the inserted rows, decoded like a `select`.
  public func returning<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ columns: (Into.TableColumns) -> (First, Second, repeat each Rest)
  ) -> Insert<Into, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> {
    var statement = insert
    statement.returning = selection(of: columns, from: self.columns)
    return Insert<Into, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>>(insert: statement)
  }

  /// Refuses a `RETURNING` that is not made of expressions.
  @_disfavoredOverload
  @available(*, unavailable, message: "returning gives expressions only: columns, a table's columns, Swift values or #sql")
  public func returning<NotAnExpression>(
    _ columns: (Into.TableColumns) -> NotAnExpression
  ) -> Insert<Into, PackRow<>> {
    fatalError("unavailable")
  }

  /// The table's columns, qualified by its name or alias.
  var columns: Into.TableColumns { Into.TableColumns(qualifier: insert.table.qualifier) }
}

/// Collects the rows of an `insert { … }` closure: table rows or drafts, one per line, with
/// `if`, `for` and arrays allowed.
@resultBuilder
public enum InsertRowsBuilder<Into: Table> {
  /// One row, a table row or a draft, as its column values.
  @inlinable
  public static func buildExpression<Row: InsertRow>(_ row: Row) -> [ColumnValues] where Row.Into == Into {
    [columnValues(of: row)]
  }

  /// One row made of expressions, the table's `Columns(…)`: StructuredQueries' spelling for
  /// values that SQL computes, `Item.insert { Item.Columns(title: #sql("'Foo'")) }`.
  public static func buildExpression<Columns: TableRowColumns>(_ row: Columns) -> [ColumnValues]
  where Columns.Row == Into {
    [row.insertedColumns]
  }

  /// An array of rows, each as its column values, in order.
  @inlinable
  public static func buildExpression<Row: InsertRow>(_ rows: [Row]) -> [ColumnValues] where Row.Into == Into {
    rows.map { columnValues(of: $0) }
  }

  /// An array of table rows: also an empty array literal, `insert { [] }`, which inserts
  /// nothing.
  @inlinable
  public static func buildExpression(_ rows: [Into]) -> [ColumnValues] {
    rows.map { columnValues(of: $0) }
  }

  /// A row's column values. Inlinable with the steps above, so that the row's
  /// `encodeColumns(into:)` is specialized for ``ColumnValues`` where the row is written, and
  /// appends each value directly rather than through the encoder protocol.
  @inlinable
  static func columnValues<Row: InsertRow>(of row: Row) -> ColumnValues where Row.Into == Into {
    var values = ColumnValues(reservingCapacity: Into.columnCount)
    row.encodeColumns(into: &values)
    return values
  }

  /// The rows of one line: `insert { row }`, which the compiler would otherwise pass to
  /// ``buildBlock(_:)-([ColumnValues]...)`` in an array of its own.
  public static func buildBlock(_ component: [ColumnValues]) -> [ColumnValues] { component }

  /// The rows of every line, in order.
  public static func buildBlock(_ components: [ColumnValues]...) -> [ColumnValues] {
    components.flatMap { $0 }
  }

  /// The rows of an `if` without `else`: none when its condition does not hold.
  public static func buildOptional(_ component: [ColumnValues]?) -> [ColumnValues] {
    component ?? []
  }

  /// The rows of the first branch of an `if`–`else` or a `switch`.
  public static func buildEither(first component: [ColumnValues]) -> [ColumnValues] { component }

  /// The rows of the second branch of an `if`–`else` or a `switch`.
  public static func buildEither(second component: [ColumnValues]) -> [ColumnValues] { component }

  /// The rows of every pass of a `for` loop, in order.
  public static func buildArray(_ components: [[ColumnValues]]) -> [ColumnValues] {
    components.flatMap { $0 }
  }
}

extension Table {
  /// `INSERT` rows built in the closure: table rows or, for a primary-keyed table, drafts.
  ///
  /// Inlinable, so that the insert is built in the module of its table, whose layout is known
  /// there: built in this module, each call asked the runtime for the insert's generic type.
  @inlinable
  public static func insert(@InsertRowsBuilder<Self> _ rows: () -> [ColumnValues]) -> Insert<Self, NoRow> {
    var rows = rows()
    // The one row moved out of its array, not copied: no retain and release of its lists.
    if rows.count == 1 { return Insert(row: rows.removeLast()) }
    return insert(rows: rows.map(\.values))
  }

  /// `INSERT` rows of values, one per table column each, in column order.
  @usableFromInline
  static func insert(rows: [[InsertValue]]) -> Insert<Self, NoRow> {
    Insert(
      insert: InsertStatement(
        table: tableReference, columns: TableColumns.columnNames, rows: rows))
  }
}

/// The names of the columns an insert's or a conflict target's closure returned, in order.
func columnNames<each Column>(of columns: repeat SQLQueryExpression<each Column>) -> [String] {
  var names: [String] = []
  for column in repeat each columns {
    if case .column(let reference) = column.node { names.append(reference.name) }
  }
  return names
}

/// The names of the columns `columns` chooses from `scope`, in order. (It takes the closure whole,
/// as `selection(of:from:)` does: Swift 6.3's SIL generation crashes on a local value of its
/// result's tuple type.)
func columnNames<Scope, each Column>(
  of columns: (Scope) -> (repeat SQLQueryExpression<each Column>), from scope: Scope
) -> [String] {
  let chosen = columns(scope)
  return columnNames(of: repeat each chosen)
}
