/// An `UPDATE` built in Swift.
///
/// ```swift
/// Reminder.where { $0.id == 1 }.update { $0.title = "Buy milk" }
/// // UPDATE "reminders" SET "title" = ?1 WHERE ("reminders"."id" = ?2)
/// ```
public struct Update<Into: Table, Row: QueryRow>: Statement {
  /// The statement's tree.
  public var update: UpdateStatement

  /// Wraps a tree.
  public init(update: UpdateStatement) {
    self.update = update
  }

  public var statementNode: SQLStatement { .update(update) }

  /// An update that sets no column runs nothing.
  public var runsNothing: Bool { update.assignments.isEmpty || update.with?.readsNone == true }

  /// Adds a `WHERE` condition; several are joined with `AND`. Without one, every row is updated.
  public func `where`(_ predicate: (Into.TableColumns) -> some QueryExpression<Bool>) -> Self {
    filtered(by: predicate(columns).queryNode)
  }

  /// Adds a `WHERE` condition chosen in the closure with `if`, `switch` or `for` (see
  /// ``ConditionBuilder``); none when it gives none, and then every row is updated.
  public func `where`(@ConditionBuilder _ predicate: (Into.TableColumns) -> SQLExpression?) -> Self {
    filtered(by: predicate(columns))
  }

  /// This statement with `condition`, if any, joined to its `WHERE` condition with `AND`.
  private func filtered(by condition: SQLExpression?) -> Self {
    guard let condition else { return self }
    var copy = self
    copy.update.filter = SQLExpression.and(update.filter, condition)
    return copy
  }

  /// Adds an optional `WHERE` condition: a row whose condition is `NULL` is left alone.
  @_disfavoredOverload
  public func `where`(_ predicate: (Into.TableColumns) -> some QueryExpression<Bool?>) -> Self {
    self.where { SQLQueryExpression<Bool>(node: predicate($0).queryNode) }
  }

  /// Adds `RETURNING` of one expression of the updated rows (a column, or `$0` for whole rows), decoded like a `select`.
  @_disfavoredOverload
  public func returning<Projection: QueryProjection>(
    _ columns: (Into.TableColumns) -> Projection
  ) -> Update<Into, PackRow<Projection.Row>> {
    var statement = update
    statement.returning = selection(columns(self.columns))
    return Update<Into, PackRow<Projection.Row>>(update: statement)
  }

  /// Adds `RETURNING` of a tuple of expressions of the updated rows, decoded like a `select`.
  public func returning<First: QueryProjection, Second: QueryProjection, each Rest: QueryProjection>(
    _ columns: (Into.TableColumns) -> (First, Second, repeat each Rest)
  ) -> Update<Into, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>> {
    var statement = update
    statement.returning = selection(of: columns, from: self.columns)
    return Update<Into, TupleRow<First.Row, Second.Row, repeat (each Rest).Row>>(update: statement)
  }

  /// Refuses a `RETURNING` that is not made of expressions.
  @_disfavoredOverload
  @available(*, unavailable, message: "returning gives expressions only: columns, a table's columns, Swift values or #sql")
  public func returning<NotAnExpression>(
    _ columns: (Into.TableColumns) -> NotAnExpression
  ) -> Update<Into, PackRow<>> {
    fatalError("unavailable")
  }

  /// The updated table's columns, qualified by its name or alias.
  private var columns: Into.TableColumns { Into.TableColumns(qualifier: update.table.qualifier) }
}

/// The assignments of an `update { … }` closure: assign a value or an expression to a column, or
/// change a column in place. `Root` is the table's columns (``Updates``), or a column group's
/// among them, whose columns are assigned the same way (`$0.timestamps.updatedAt = date`).
///
/// ```swift
/// Reminder.update {
///   $0.title = "Buy milk"                  // a value, bound
///   $0.priority = $0.priority + 1          // an expression of the row
///   $0.notes += " (copy)"                  // "notes" = ("reminders"."notes" || ?)
///   $0.dueDate = nil                       // NULL
/// }
/// ```
///
/// A column reads as ``QueryExpression`` (an existential): any value or expression of the
/// column's type can be assigned to it. A column the closure assigned already reads as its new
/// value, as a Swift variable would, so changes compose (`$0.count -= 2; $0.count *= 3` sets
/// `("count" - 2) * 3`), where SQL would read every column's value from before the update. Changing it in place (`+=`, `toggle()`) goes through its
/// concrete ``SQLQueryExpression``, which carries those operators; a Swift value is never read
/// back from a column, so the standard library's `+=` never applies.
@dynamicMemberLookup
public struct ColumnUpdates<Into: Table, Root> {
  /// The assignments, in the order they were made; assigning a column again replaces its value.
  public private(set) var assignments: [Assignment]
  private let columns: Root

  /// The assignments `assignments` has made so far, to go on with the columns `columns` names:
  /// the table's, as its name or alias qualifies them, or a column group's among them.
  init(columns: Root, assignments: [Assignment] = []) {
    self.columns = columns
    self.assignments = assignments
  }

  /// A column, to read in the right-hand side or to assign any value or expression of its type:
  /// `$0.title = "Milk"`, `$0.title = name`, `$0.priority = $0.priority + 1`. A column this
  /// closure assigned already reads as its new value, as a Swift variable would.
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Root, SQLQueryExpression<Value>>
  ) -> any QueryExpression<Value> {
    get { current(columns[keyPath: keyPath]) }
    set { assign(newValue.queryNode, to: columns[keyPath: keyPath]) }
  }

  /// A column as its concrete expression, to change in place: `$0.count += 1`,
  /// `$0.title += " Copy"`, `$0.isCompleted.toggle()`. Changes compose as they would on a Swift
  /// variable: `$0.count -= 2; $0.count *= 3` sets `("count" - 2) * 3`.
  @_disfavoredOverload
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Root, SQLQueryExpression<Value>>
  ) -> SQLQueryExpression<Value> {
    get { current(columns[keyPath: keyPath]) }
    set { assign(newValue.node, to: columns[keyPath: keyPath]) }
  }

  /// `column`, or the value this closure assigned it already.
  private func current<Value>(_ column: SQLQueryExpression<Value>) -> SQLQueryExpression<Value> {
    guard case .column(let reference) = column.node,
      let assigned = assignments.last(where: { ExactText.haveSameUTF8($0.column, reference.name) })
    else { return column }
    return SQLQueryExpression(node: assigned.value)
  }

  /// An optional column, to assign a value or an expression that is never `NULL`:
  /// `$0.dueDate = $0.createdAt`, `$0.notes = text`.
  @_disfavoredOverload
  public subscript<Wrapped>(
    dynamicMember keyPath: KeyPath<Root, SQLQueryExpression<Wrapped?>>
  ) -> any QueryExpression<Wrapped> {
    @available(*, unavailable, message: "read an optional column as an optional expression")
    get { fatalError("unavailable") }
    set { assign(newValue.queryNode, to: columns[keyPath: keyPath]) }
  }

  /// A column of raw values (an enum), to assign a case by its name: `$0.status = .done`.
  @_disfavoredOverload
  public subscript<Value: QueryBindable & RawRepresentable>(
    dynamicMember keyPath: KeyPath<Root, SQLQueryExpression<Value>>
  ) -> Value {
    @available(*, unavailable, message: "read a column as an expression")
    get { fatalError("unavailable") }
    set { assign(newValue.queryNode, to: columns[keyPath: keyPath]) }
  }

  /// An optional column of raw values (an enum), to assign a case by its name or `nil`.
  @_disfavoredOverload
  public subscript<Wrapped: QueryBindable & RawRepresentable>(
    dynamicMember keyPath: KeyPath<Root, SQLQueryExpression<Wrapped?>>
  ) -> Wrapped? {
    @available(*, unavailable, message: "read an optional column as an optional expression")
    get { fatalError("unavailable") }
    set { assign(newValue.queryNode, to: columns[keyPath: keyPath]) }
  }

  /// A column, to assign a value `#bind` writes in the column's representation:
  /// `$0.startAt = #bind(date)`.
  @_disfavoredOverload
  public subscript<Value: QueryRepresentable>(
    dynamicMember keyPath: KeyPath<Root, SQLQueryExpression<Value>>
  ) -> BoundValue<Value> {
    @available(*, unavailable, message: "read a column as an expression")
    get { fatalError("unavailable") }
    set { assign(newValue.value.queryNode, to: columns[keyPath: keyPath]) }
  }

  /// An optional column, to assign a value `#bind` writes in the column's representation, or a
  /// number literal: `$0.ratio = 2`.
  @_disfavoredOverload
  public subscript<Wrapped: QueryRepresentable>(
    dynamicMember keyPath: KeyPath<Root, SQLQueryExpression<Wrapped?>>
  ) -> BoundValue<Wrapped> {
    @available(*, unavailable, message: "read an optional column as an optional expression")
    get { fatalError("unavailable") }
    set { assign(newValue.value.queryNode, to: columns[keyPath: keyPath]) }
  }

  /// An optional column, to set to `NULL`: `$0.dueDate = nil`.
  @_disfavoredOverload
  public subscript<Wrapped>(
    dynamicMember keyPath: KeyPath<Root, SQLQueryExpression<Wrapped?>>
  ) -> SQLNull<Wrapped> {
    @available(*, unavailable, message: "read an optional column as an optional expression")
    get { fatalError("unavailable") }
    set { assign(.binding(.null), to: columns[keyPath: keyPath]) }
  }

  /// A column group's columns, to assign or change one by one as the table's own:
  /// `$0.timestamps.updatedAt = date`, `$0.stats.count += 1`. Assigning one case of an enum
  /// group sets the other cases' columns to `NULL`, as storing that case would:
  /// `$0.kind.note = "Hi"` sets `"note"` and clears `"link"` and `"image"`.
  public subscript<Columns: SelectionColumns>(
    dynamicMember keyPath: KeyPath<Root, Columns>
  ) -> ColumnUpdates<Into, Columns> {
    get { ColumnUpdates<Into, Columns>(columns: columns[keyPath: keyPath], assignments: assignments) }
    set {
      let previous = assignments
      assignments = newValue.assignments
      if let enumColumns = Columns.self as? any EnumSelectionColumns.Type {
        clearCases(enumColumns.caseColumnNames, otherThanThoseChangedSince: previous, in: columns[keyPath: keyPath])
      }
    }
  }

  /// Sets to `NULL` every column of the enum group (or enum table) `group`, whose cases' columns
  /// `caseColumnNames` lists, whose case has no column assigned since `previous`, when a case
  /// has one.
  private mutating func clearCases(
    _ caseColumnNames: [[String]],
    otherThanThoseChangedSince previous: [Assignment],
    in group: some QueryProjection
  ) {
    let changed = assignments.filter { !previous.contains($0) }.map(\.column)
    let assignedCases = caseColumnNames.filter { names in
      names.contains { name in changed.contains { ExactText.haveSameUTF8($0, name) } }
    }
    guard !assignedCases.isEmpty else { return }
    var targets: [SQLExpression] = []
    group.appendSelection(to: &targets)
    for target in targets {
      guard case .column(let reference) = target,
        !assignedCases.contains(where: { $0.contains { ExactText.haveSameUTF8($0, reference.name) } })
      else { continue }
      assign(.binding(.null), to: SQLQueryExpression<Never?>(node: target))
    }
  }

  /// A column group, to assign a whole group value to: every column of the group is set.
  ///
  /// Typed optional although the group is not: Swift then reads `$0.stats.count` through the
  /// group's columns (``ColumnUpdates``), never as the Swift value's own property, so
  /// `$0.stats.count += 1` changes the column in place. `nil` is refused by the overload below.
  @_disfavoredOverload
  public subscript<Columns: SelectionColumns>(
    dynamicMember keyPath: KeyPath<Root, Columns>
  ) -> Columns.QueryValue? {
    @available(*, unavailable, message: "assign a group; read its columns as expressions")
    get { fatalError("unavailable") }
    set { assign(newValue, to: columns[keyPath: keyPath]) }
  }

  /// Refuses `nil` for a column group that is not optional: `$0.timestamps = nil`.
  public subscript<Columns: SelectionColumns>(
    dynamicMember keyPath: KeyPath<Root, Columns>
  ) -> SQLNull<Columns.QueryValue> {
    @available(*, unavailable, message: "assign a group; read its columns as expressions")
    get { fatalError("unavailable") }
    @available(*, unavailable, message: "a column group that is not optional cannot be set to nil: assign a group value, or its columns one by one")
    set { fatalError("unavailable") }
  }

  /// An optional column group: `nil` sets each of its columns to `NULL`.
  public subscript<Columns: SelectionColumns>(
    dynamicMember keyPath: KeyPath<Root, NullableColumns<Columns>>
  ) -> Columns.QueryValue? {
    @available(*, unavailable, message: "assign a group; read its columns as expressions")
    get { fatalError("unavailable") }
    set { assign(newValue, to: columns[keyPath: keyPath]) }
  }

  /// An optional column group (an enum's case among them), to assign a row of expressions:
  /// `$0.kind.image = Image.Columns(caption: #sql("upper('blob')"), url: url)`.
  @_disfavoredOverload
  public subscript<Columns: SelectionColumns>(
    dynamicMember keyPath: KeyPath<Root, NullableColumns<Columns>>
  ) -> Columns {
    @available(*, unavailable, message: "assign a group; read its columns as expressions")
    get { fatalError("unavailable") }
    set {
      var values: [SQLExpression] = []
      newValue.appendSelection(to: &values)
      assign(values, to: columns[keyPath: keyPath])
    }
  }

  private mutating func assign<Group: Selection>(_ group: Group?, to columns: some QueryProjection) {
    var values = ColumnValues(reservingCapacity: Group.Columns.columnNames.count)
    values.append(group)
    assign(values.values.map { value in if case .expression(let expression) = value { expression } else { nil } }, to: columns)
  }

  /// Assigns `values` to `columns`' columns in order; a `nil` value leaves its column alone.
  private mutating func assign(_ values: [SQLExpression?], to columns: some QueryProjection) {
    var targets: [SQLExpression] = []
    columns.appendSelection(to: &targets)
    for case (let target, let value?) in zip(targets, values) {
      assign(value, to: SQLQueryExpression<Never?>(node: target))
    }
  }

  private mutating func assign<Value>(_ value: SQLExpression, to column: SQLQueryExpression<Value>) {
    guard case .column(let reference) = column.node else { return }
    let assignment = Assignment(column: reference.name, value: value)
    if let index = assignments.firstIndex(where: { ExactText.haveSameUTF8($0.column, reference.name) }) {
      assignments[index] = assignment
    } else {
      assignments.append(assignment)
    }
  }
}

/// The assignments of an `update { … }` closure to a table's columns (see ``ColumnUpdates``).
public typealias Updates<Into: Table> = ColumnUpdates<Into, Into.TableColumns>

extension ColumnUpdates where Root == Into.TableColumns {
  /// No assignments yet, to the table's columns as its name qualifies them.
  init() {
    self.init(columns: Into.columns)
  }

  /// The assignments as the statement makes them: for an enum table (`@Table enum`), assigning
  /// one case's columns sets every other case's to `NULL`, as storing that case would.
  var rowAssignments: [Assignment] {
    guard let enumTable = Into.TableColumns.self as? any EnumTableDefinition.Type else { return assignments }
    var updates = self
    updates.clearCases(enumTable.caseColumnNames, otherThanThoseChangedSince: [], in: columns)
    return updates.assignments
  }
}

extension Table {
  /// `UPDATE` every row (of the table's default scope) with the closure's assignments; add
  /// `where` to narrow it.
  public static func update(set assignments: (inout Updates<Self>) -> Void) -> Update<Self, NoRow> {
    _typedSQLScopeStart.update(set: assignments)
  }
}

extension PrimaryKeyedTable {
  /// `UPDATE` the row with `row`'s primary key, setting every other column to `row`'s values;
  /// nothing when the table's default scope leaves that row out.
  public static func update(_ row: Self) -> Update<Self, NoRow> {
    var values = ColumnValues(reservingCapacity: columnCount)
    row.encodeColumns(into: &values)
    let encoded = values.values
    let keyNames = primaryKeyColumnNames
    let assignments = zip(TableColumns.columnNames, encoded).compactMap { name, value -> Assignment? in
      guard !keyNames.containsExactly(name), case .expression(let expression) = value else { return nil }
      return Assignment(column: name, value: expression)
    }
    return Update(
      update: UpdateStatement(
        table: tableReference, assignments: assignments,
        filter: .and(_typedSQLScopeStart.selectedRowsCondition, .binary(columns.primaryKey.node, .equal, primaryKeyValue(in: encoded)))))
  }

}
