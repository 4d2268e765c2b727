/// Several expressions compared together as one row value, column by column:
/// `RowValue($0.priority, $0.id) > RowValue(values: 2, 40)` renders
/// `(("priority", "id") > (?1, ?2))`, the condition of a keyset page ordered by two columns (an
/// index on both serves it).
///
/// A group of columns (`@Selection`) compares as a row value by itself.
public struct RowValue<each Value: QueryDecodable>: Sendable {
  /// The row value's node, `(a, b, …)`.
  public let node: SQLExpression

  /// The row value of `expressions`, in order.
  public init(_ expressions: repeat SQLQueryExpression<each Value>) {
    var nodes: [SQLExpression] = []
    func append<Element: QueryDecodable>(_ expression: SQLQueryExpression<Element>) {
      nodes.append(Element.wrapSQL(expression.node))
    }
    repeat append(each expressions)
    node = .tuple(nodes)
  }

  private func compared(_ op: BinaryOperator, _ other: RowValue<repeat each Value>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(node: .binary(node, op, other.node))
  }

  /// `(a, b) = (c, d)`: every column equal.
  public static func == (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.compared(.equal, rhs) }
  /// `(a, b) <> (c, d)`.
  public static func != (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.compared(.notEqual, rhs) }
  /// `(a, b) < (c, d)`: ordered by the first column, ties by the next.
  public static func < (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.compared(.lessThan, rhs) }
  /// `(a, b) > (c, d)`.
  public static func > (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.compared(.greaterThan, rhs) }
  /// `(a, b) <= (c, d)`.
  public static func <= (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.compared(.lessThanOrEqual, rhs) }
  /// `(a, b) >= (c, d)`.
  public static func >= (lhs: Self, rhs: Self) -> SQLQueryExpression<Bool> { lhs.compared(.greaterThanOrEqual, rhs) }
}

extension RowValue {
  /// The row value of bound values, one per column: `RowValue(values: 2, 40)`.
  public init(values: repeat each Value) where repeat each Value: QueryBindable {
    var nodes: [SQLExpression] = []
    func append<Element: QueryBindable>(_ value: Element) {
      nodes.append(Element.wrapSQL(.binding(value.queryBinding)))
    }
    repeat append(each values)
    node = .tuple(nodes)
  }
}
