// A select's result columns: `select` chooses them in place of whole rows or adds them after the
// ones already selected, and `map` reshapes them.
//
// Each closure takes one of two shapes, as in StructuredQueries: one expression, or a tuple of
// two or more (`(First, Second, repeat each Rest)`). A bare pack (`repeat each Projection`)
// would also match a closure whose value is not an expression at all, as an empty pack whose
// value is discarded; with the two shapes such a closure matches only the unavailable overload,
// whose message says what to write. The rows follow the same two shapes, `PackRow<Value>` and
// `TupleRow<First, Second, repeat each Rest>`, and so does every method that reads them back
// (`fetchAll`, `fetchOne`, `db.execute`, a second `select`, `map`).
//
// A closure of one expression whose value is a tuple would also match the one-expression
// overload, its value as one generic type, and Swift would try every operator in the tuple
// before refusing it: seconds for a tuple of six arithmetic terms. So each one-expression
// overload is disfavored and its tuple twin is not, and Swift skips the disfavored overload once
// the twin fits. For the same reason the two kinds of row are two types: Swift rejects a
// second `select` of the wrong kind of row by its name, before it tries the closure's operators.
// A `select` that replaces the columns (of a table's, a value's or a join's rows) and one that
// adds to them (of selected values) never overlap: the first needs a `WholeRow`.

extension Select {
  /// Chooses the result column in place of whole rows: one expression, or a table's columns.
  ///
  /// ```swift
  /// Reminder.select { $0.title }   // [String]
  /// ```
  @_disfavoredOverload
  public func select<Projection: QueryProjection>(
    _ columns: (Scope) -> Projection
  ) -> Select<Scope, PackRow<Projection.Row>> where Row: WholeRow {
    var statement = select
    statement.columns = selection(columns(scope))
    return Select<Scope, PackRow<Projection.Row>>(scope: scope, select: statement)
  }

  /// Chooses the result columns in place of whole rows: a tuple of expressions or tables'
  /// columns.
  ///
  /// ```swift
  /// Reminder.select { ($0.title, $0.priority) }   // [(String, Int?)]
  /// ```
  public func select<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ columns: (Scope) -> (First, Second, repeat each Rest)
  ) -> Select<Scope, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> where Row: WholeRow {
    var statement = select
    statement.columns = selection(of: columns, from: scope)
    return Select<Scope, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>>(scope: scope, select: statement)
  }

  /// Refuses a selection that is not made of expressions, such as a statement in the tuple.
  @_disfavoredOverload
  @available(
    *, unavailable,
    message: "select gives expressions only (columns, a table's columns, Swift values, #sql, a query of one value), of the types the query is used with; an INSERT, UPDATE or DELETE is not a value"
  )
  public func select<NotAnExpression>(_ columns: (Scope) -> NotAnExpression) -> Select<Scope, PackRow<>> {
    fatalError("unavailable")
  }
}

extension Select {
  /// Adds a result column after the one already selected.
  ///
  /// ```swift
  /// Reminder.select { $0.id }.select { $0.title }   // [(Int, String)]
  /// ```
  @_disfavoredOverload
  public func select<Selected: QueryRow, Projection: QueryProjection>(
    _ columns: (Scope) -> Projection
  ) -> Select<Scope, TupleRow<Selected, Projection.Row>> where Row == PackRow<Selected> {
    adding(selection(columns(scope)))
  }

  /// Adds result columns after the one already selected.
  public func select<Selected: QueryRow, First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ columns: (Scope) -> (First, Second, repeat each Rest)
  ) -> Select<Scope, TupleRow<Selected, First.Row, Second.Row, repeat (each Rest).Row>>
  where Row == PackRow<Selected> {
    adding(selection(of: columns, from: scope))
  }

  /// Adds a result column after the ones already selected.
  ///
  /// ```swift
  /// Reminder.select { ($0.id, $0.title) }.select { $0.priority }   // [(Int, String, Int?)]
  /// ```
  @_disfavoredOverload
  public func select<
    FirstSelected: QueryRow, SecondSelected: QueryRow, each OtherSelected: QueryRow, Projection: QueryProjection
  >(
    _ columns: (Scope) -> Projection
  ) -> Select<Scope, TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected, Projection.Row>>
  where Row == TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected> {
    adding(selection(columns(scope)))
  }

  /// Adds result columns after the ones already selected.
  public func select<
    FirstSelected: QueryRow, SecondSelected: QueryRow, each OtherSelected: QueryRow,
    First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection
  >(
    _ columns: (Scope) -> (First, Second, repeat each Rest)
  ) -> Select<
    Scope,
    TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected, First.Row, Second.Row, repeat (each Rest).Row>
  >
  where Row == TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected> {
    adding(selection(of: columns, from: scope))
  }

  /// This select with `columns` after its own, decoded as `Added`.
  private func adding<Added: QueryRow>(_ columns: [SQLExpression]) -> Select<Scope, Added> {
    var statement = select
    statement.columns.append(contentsOf: columns)
    return Select<Scope, Added>(scope: scope, select: statement)
  }
}

extension Select {
  /// Reshapes the selected value: the closure receives it as an expression and returns the new
  /// selection, built from it.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.map { $0.upper() }   // [String]
  /// ```
  @_disfavoredOverload
  public func map<Selected: QueryBindable, Projection: QueryProjection>(
    _ transform: (SQLQueryExpression<Selected>) -> Projection
  ) -> Select<Scope, PackRow<Projection.Row>> where Row == PackRow<Selected> {
    reshaped(selection(transform(selectedExpression(0))))
  }

  /// Reshapes the selected value into a tuple.
  public func map<Selected: QueryBindable, First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ transform: (SQLQueryExpression<Selected>) -> (First, Second, repeat each Rest)
  ) -> Select<Scope, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> where Row == PackRow<Selected> {
    let selected: SQLQueryExpression<Selected> = selectedExpression(0)
    return reshaped(selection(of: transform, from: selected))
  }

  /// Reshapes the selected values into one: the closure receives each as an expression and
  /// returns the new selection, built from them.
  ///
  /// ```swift
  /// Reminder.select { ($0.title, $0.priority) }
  ///   .map { title, priority in title.upper() }   // [String]
  /// ```
  @_disfavoredOverload
  public func map<
    FirstSelected: QueryBindable, SecondSelected: QueryBindable, each OtherSelected: QueryBindable,
    Projection: QueryProjection
  >(
    _ transform: (
      SQLQueryExpression<FirstSelected>, SQLQueryExpression<SecondSelected>, repeat SQLQueryExpression<each OtherSelected>
    ) -> Projection
  ) -> Select<Scope, PackRow<Projection.Row>>
  where Row == TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected> {
    let others: (repeat SQLQueryExpression<each OtherSelected>) = selectedExpressions(from: 2)
    return reshaped(selection(transform(selectedExpression(0), selectedExpression(1), repeat each others)))
  }

  /// Reshapes the selected values: the closure receives each as an expression and returns the
  /// new selection, built from them.
  ///
  /// ```swift
  /// Reminder.select { ($0.title, $0.priority) }
  ///   .map { title, priority in (title.upper(), priority ?? 0) }   // [(String, Int)]
  /// ```
  public func map<
    FirstSelected: QueryBindable, SecondSelected: QueryBindable, each OtherSelected: QueryBindable,
    First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection
  >(
    _ transform: (
      SQLQueryExpression<FirstSelected>, SQLQueryExpression<SecondSelected>, repeat SQLQueryExpression<each OtherSelected>
    ) -> (First, Second, repeat each Rest)
  ) -> Select<Scope, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>>
  where Row == TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected> {
    let first: SQLQueryExpression<FirstSelected> = selectedExpression(0)
    let second: SQLQueryExpression<SecondSelected> = selectedExpression(1)
    let others: (repeat SQLQueryExpression<each OtherSelected>) = selectedExpressions(from: 2)
    return reshaped(selection(of: { (_: Void) in transform(first, second, repeat each others) }, from: ()))
  }

  /// Refuses a reshaping of one value that is not made of expressions.
  @_disfavoredOverload
  @available(*, unavailable, message: "map gives expressions only: the values it receives, columns, Swift values, #sql, or a query of one value")
  public func map<Selected: QueryBindable, NotAnExpression>(
    _ transform: (SQLQueryExpression<Selected>) -> NotAnExpression
  ) -> Select<Scope, PackRow<>> where Row == PackRow<Selected> {
    fatalError("unavailable")
  }

  /// Refuses a reshaping of several values that is not made of expressions.
  @_disfavoredOverload
  @available(*, unavailable, message: "map gives expressions only: the values it receives, columns, Swift values, #sql, or a query of one value")
  public func map<
    FirstSelected: QueryBindable, SecondSelected: QueryBindable, each OtherSelected: QueryBindable, NotAnExpression
  >(
    _ transform: (
      SQLQueryExpression<FirstSelected>, SQLQueryExpression<SecondSelected>, repeat SQLQueryExpression<each OtherSelected>
    ) -> NotAnExpression
  ) -> Select<Scope, PackRow<>> where Row == TupleRow<FirstSelected, SecondSelected, repeat each OtherSelected> {
    fatalError("unavailable")
  }

  /// The selected column at `index` as a typed expression.
  private func selectedExpression<Value>(_ index: Int) -> SQLQueryExpression<Value> {
    SQLQueryExpression(
      node: select.columns.indices.contains(index)
        ? select.columns[index]
        : .binding(.invalid(QueryBindingError("map over a query that selects fewer columns than its row type"))))
  }

  /// The selected columns from `start` on as typed expressions, one per value: a bindable value
  /// spans one column.
  private func selectedExpressions<each Value: QueryBindable>(from start: Int) -> (repeat SQLQueryExpression<each Value>) {
    var index = start
    func next<Element>(_: Element.Type) -> SQLQueryExpression<Element> {
      defer { index += 1 }
      return selectedExpression(index)
    }
    return (repeat next((each Value).self))
  }

  /// This select with `columns` in place of its own, decoded as `Reshaped`.
  private func reshaped<Reshaped: QueryRow>(_ columns: [SQLExpression]) -> Select<Scope, Reshaped> {
    var statement = select
    statement.columns = columns
    return Select<Scope, Reshaped>(scope: scope, select: statement)
  }
}
