// A table's whole row compared with a Swift row of the table, column by column, as a row value:
// StructuredQueries' `Tag.where { $0.eq(Tag(id: 1, title: "car")) }` and
// `Tag.where { $0 > Tag(id: 1, title: "car") }`.
//
//   // WHERE ("tags"."id", "tags"."title") = (?1, ?2)
//   // WHERE ("tags"."id", "tags"."title") > (?1, ?2)
//
// A generated column, which the Swift row does not write, is left out of both sides.

extension TableDefinition {
  /// `(a, b, …) op (?1, ?2, …)` over the columns `row` writes.
  private func compared(_ op: BinaryOperator, _ row: QueryValue) -> SQLQueryExpression<Bool> {
    var values = ColumnValues(reservingCapacity: Self.columnNames.count)
    row.encodeColumns(into: &values)
    var columns: [SQLExpression] = []
    var bound: [SQLExpression] = []
    for (column, value) in zip(Self.selection(qualifiedBy: qualifier), values.values) {
      guard case .expression(let expression) = value else { continue }
      columns.append(column)
      bound.append(expression)
    }
    return SQLQueryExpression(node: .binary(.tuple(columns), op, .tuple(bound)))
  }

  /// Every column equal to `row`'s.
  public func eq(_ row: QueryValue) -> SQLQueryExpression<Bool> { compared(.equal, row) }
  /// Some column different from `row`'s.
  public func neq(_ row: QueryValue) -> SQLQueryExpression<Bool> { compared(.notEqual, row) }
  /// Before `row`, ordered column by column.
  public func lt(_ row: QueryValue) -> SQLQueryExpression<Bool> { compared(.lessThan, row) }
  /// After `row`, ordered column by column.
  public func gt(_ row: QueryValue) -> SQLQueryExpression<Bool> { compared(.greaterThan, row) }
  /// Before or equal to `row`, ordered column by column.
  public func lte(_ row: QueryValue) -> SQLQueryExpression<Bool> { compared(.lessThanOrEqual, row) }
  /// After or equal to `row`, ordered column by column.
  public func gte(_ row: QueryValue) -> SQLQueryExpression<Bool> { compared(.greaterThanOrEqual, row) }

  /// `(a, b) = (?1, ?2)`: every column equal.
  public static func == (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> { lhs.eq(rhs) }
  /// `(a, b) <> (?1, ?2)`.
  public static func != (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> { lhs.neq(rhs) }
  /// `(a, b) < (?1, ?2)`, ordered column by column.
  public static func < (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> { lhs.lt(rhs) }
  /// `(a, b) > (?1, ?2)`.
  public static func > (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> { lhs.gt(rhs) }
  /// `(a, b) <= (?1, ?2)`.
  public static func <= (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> { lhs.lte(rhs) }
  /// `(a, b) >= (?1, ?2)`.
  public static func >= (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> { lhs.gte(rhs) }
}
