/// Anything SQL can use as a value of type `QueryValue`: a column, an expression built from
/// columns and values, a `#sql` fragment, and any bindable Swift value (`42`, `"Milk"`,
/// `Date()`), which is bound as a parameter.
///
/// Write a reusable condition or computed column as `some QueryExpression<…>`:
///
/// ```swift
/// extension Reminder.TableColumns {
///   var isPastDue: some QueryExpression<Bool> { !isCompleted && dueDate < Date() }
/// }
/// Reminder.where { $0.isPastDue }
/// ```
///
/// ``SQLQueryExpression`` is the concrete expression every operator and function returns.
public protocol QueryExpression<QueryValue>: ColumnsArgument, Sendable {
  /// The Swift type of the expression's value.
  associatedtype QueryValue

  /// The dialect-neutral tree of this expression.
  var queryNode: SQLExpression { get }
}

extension SQLQueryExpression: QueryExpression {
  public typealias QueryValue = Value

  @inlinable public var queryNode: SQLExpression { node }
}

extension SQLQueryExpression {
  /// The expression `expression`, as the concrete type operators and functions return.
  /// Disfavored: a query passed here is a subquery, whose own initializer makes its value
  /// optional (a query may return no row).
  @inlinable @_disfavoredOverload
  public init(_ expression: some QueryExpression<Value>) {
    self.init(node: expression.queryNode)
  }
}

extension QueryBindable {
  /// The value, bound as a parameter.
  @inlinable public var queryNode: SQLExpression { .binding(queryBinding) }
}

/// `NULL`, assigned to an optional column in an update: `$0.dueDate = nil`.
public struct SQLNull<Wrapped>: ExpressibleByNilLiteral, Sendable {
  /// `NULL`.
  public init(nilLiteral: ()) {}
}
