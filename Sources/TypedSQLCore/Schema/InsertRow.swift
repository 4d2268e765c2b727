/// A value that provides one row of an `INSERT`: a table's row or its `Draft`.
public protocol InsertRow {
  /// The table the row is inserted into.
  associatedtype Into: Table
  /// Appends one value per table column, in the order of `Into.TableColumns.columnNames`.
  func encodeColumns(into values: inout some ColumnEncoder)
}

/// The values of one row of an `INSERT`, one per table column, in column order: the
/// ``ColumnEncoder`` that collects them.
public struct ColumnValues: ColumnEncoder, Sendable {
  /// The values appended so far, as `INSERT` values.
  public var values: [InsertValue] {
    var values = storage[..<count].map { InsertValue.expression(.binding($0)) }
    for column in defaultColumns { values[column] = .default }
    for (column, expression) in expressionColumns { values[column] = .expression(expression) }
    return values
  }
  /// One binding per column; a column left to its default holds `NULL` here and is listed in
  /// ``defaultColumns``. Kept apart so that a full row's bindings go to the driver as they are.
  /// Only the first ``count`` belong to this row: a row reused for the next one (see
  /// ``removeAll()``) overwrites the previous row's values in place.
  @usableFromInline
  var storage: [QueryBinding]
  /// How many values the row has.
  @usableFromInline
  var count: Int
  /// The columns left to their database default, in increasing order: usually none.
  @usableFromInline
  var defaultColumns: [Int]
  /// The columns whose value SQL computes (a row of a table's `Columns(…)`), each holding `NULL`
  /// in ``storage``: usually none, and never in a row a prepared insert runs.
  @usableFromInline
  var expressionColumns: [(column: Int, expression: SQLExpression)]

  /// Creates an empty row, ready for `count` values.
  ///
  /// Each property is set here rather than by a default value: where this initializer is
  /// inlined, in another module, a default value is a call to the property's initializer.
  @inlinable
  public init(reservingCapacity count: Int = 0) {
    storage = []
    storage.reserveCapacity(count)
    self.count = 0
    defaultColumns = []
    expressionColumns = []
  }

  /// Empties the row for the next one. The previous row's values stay in storage until the next
  /// row's values overwrite them, which destroys each once.
  @inlinable
  mutating func removeAll() {
    count = 0
    if !defaultColumns.isEmpty { defaultColumns.removeAll(keepingCapacity: true) }
    if !expressionColumns.isEmpty { expressionColumns.removeAll() }
  }

  /// Calls `body` with the row's bindings.
  @inlinable
  func withBindings<Result>(_ body: (UnsafeBufferPointer<QueryBinding>) throws -> Result) rethrows -> Result {
    try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
  }

  /// Appends one binding, over a value left from a previous row when there is one.
  @inlinable @inline(__always)
  public mutating func appendBinding(_ binding: consuming QueryBinding) {
    if count < storage.count {
      storage[count] = binding
    } else {
      storage.append(binding)
    }
    count += 1
  }

  @inlinable
  public mutating func appendDefault() {
    defaultColumns.append(count)
    appendBinding(.null)
  }

  /// Appends a generated column's value: left to the database in an `INSERT`, kept for a
  /// comparison of the whole row.
  public mutating func appendGenerated(_ binding: QueryBinding) {
    defaultColumns.append(count)
    appendBinding(binding)
  }

  /// Appends a value that SQL computes: an expression of a table's `Columns(…)`.
  mutating func appendExpression(_ expression: SQLExpression) {
    expressionColumns.append((count, expression))
    appendBinding(.null)
  }

  /// The row's values as expressions, for comparing or selecting the row: each bound, a
  /// generated column's value too, `NULL` where a column is left to its default.
  var boundExpressions: [SQLExpression] {
    var expressions = storage[..<count].map { SQLExpression.binding($0) }
    for (column, expression) in expressionColumns { expressions[column] = expression }
    return expressions
  }
}
