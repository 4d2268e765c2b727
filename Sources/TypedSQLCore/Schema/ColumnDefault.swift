/// A Swift value selected as its columns' bound values: the default of a parameter of a `@Table`
/// type's `Columns(…)` for a column declared with a default value or an optional type, so that
/// `Reminder.Columns(id: 1, remindersListID: 1)` selects every other column's default, as in
/// StructuredQueries.
public struct ColumnDefault<Value: QueryRow>: QueryProjection {
  public typealias Row = Value

  private let bindings: [QueryBinding]

  /// A column's value.
  public init(_ value: Value) where Value: QueryBindable {
    bindings = [value.queryBinding]
  }

  /// A group's values, one per column.
  public init(_ group: Value) where Value: Selection {
    self.init { $0.append(group) }
  }

  /// An optional group's values: `NULL` in each column when it is `nil`.
  public init<Group: Selection>(_ group: Group?) where Value == Group? {
    self.init { $0.append(group) }
  }

  /// A table row's values, one per column (a row stored in a group's columns).
  public init(_ row: Value) where Value: Table {
    self.init { $0.append(row) }
  }

  /// An optional table row's values: `NULL` in each column when it is `nil`.
  public init<Row: Table>(_ row: Row?) where Value == Row? {
    self.init { $0.append(row) }
  }

  /// The bindings `encode` appends, in column order.
  private init(encoding encode: (inout BindingList) -> Void) {
    var encoder = BindingList()
    encode(&encoder)
    bindings = encoder.bindings
  }

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(contentsOf: bindings.map(SQLExpression.binding))
  }
}

/// The bindings a group encodes, in column order.
private struct BindingList: ColumnEncoder {
  var bindings: [QueryBinding] = []

  mutating func appendBinding(_ binding: consuming QueryBinding) {
    bindings.append(binding)
  }

  mutating func appendDefault() {
    bindings.append(.null)
  }
}
