/// A typed SQL expression whose result is a `Value`.
///
/// Column handles (`$0.title`), bound values and everything built from them with operators and
/// functions are `SQLQueryExpression`s. The `Value` type is checked by Swift; the ``node`` is what a
/// dialect renders.
public struct SQLQueryExpression<Value>: Sendable {
  /// The dialect-neutral tree of this expression.
  public var node: SQLExpression

  /// Wraps a tree node. The caller vouches that it produces `Value`.
  @inlinable
  public init(node: SQLExpression) {
    self.node = node
  }

  /// The column `name` of the table (or alias) `qualifier`.
  @inlinable
  public init(column name: String, qualifier: String) {
    self.node = .column(ColumnReference(qualifier: qualifier, name: name))
  }
}

extension SQLQueryExpression where Value: QueryBindable {
  /// A bound value: `SQLQueryExpression(value: 42)` renders a placeholder bound to `42`.
  @inlinable
  public init(value: Value) {
    self.node = .binding(value.queryBinding)
  }
}
