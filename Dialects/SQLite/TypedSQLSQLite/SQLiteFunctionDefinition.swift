import TypedSQLCore

/// A database function declared with `@DatabaseFunction`: the generated `$name` value, callable
/// in queries with the function's own argument labels, and registered with
/// `SQLiteDatabase.add(_:)`.
public protocol SQLiteFunctionDefinition: Sendable {
  /// The function's result type, as SQL sees it.
  associatedtype Result: QueryBindable
  /// The types of the SQL arguments of one call, as SQL sees them: `(String, Int)`, `Int` for
  /// one, `()` for none. An aggregate's are those of one row.
  associatedtype Arguments
  /// The function SQLite calls.
  var function: SQLiteFunction<Result> { get }
}

/// A scalar database function declared with `@DatabaseFunction`: one result per row.
public protocol SQLiteScalarFunctionDefinition: SQLiteFunctionDefinition {}

/// An aggregate database function declared with `@DatabaseFunction`: one result per group.
public protocol SQLiteAggregateFunctionDefinition: SQLiteFunctionDefinition {}

extension SQLiteScalarFunctionDefinition {
  /// A call of the function without its argument labels, StructuredQueries' erased spelling:
  /// `$concat("foo", "bar")` for `func concat(first: String, second: String)`.
  @_disfavoredOverload
  public func callAsFunction<each Argument: QueryProjection>(
    _ arguments: repeat each Argument
  ) -> SQLQueryExpression<Result> where Arguments == (repeat (each Argument).Row) {
    function(repeat each arguments)
  }
}

extension SQLiteAggregateFunctionDefinition {
  /// A call of the aggregate without its argument labels, over the distinct values when
  /// `distinct`, taking the rows in `order`, and only the rows where `filter` holds:
  /// `$sum($0.id, distinct: true)` renders `"sum"(DISTINCT "reminders"."id")`.
  @_disfavoredOverload
  public func callAsFunction<each Argument: QueryProjection>(
    _ arguments: repeat each Argument, distinct: Bool = false, order: any QueryOrdering...,
    filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<Result> where Arguments == (repeat (each Argument).Row) {
    function.aggregateCall(repeat each arguments, distinct: distinct, order: order, filter: filter?.queryNode)
  }
}

extension SQLiteFunctionDefinition {
  /// StructuredQueries' `$name.install(db.handle)`.
  @available(*, unavailable, message: "register the function with the connection: 'try db.add($name)'")
  public func install<Handle>(_ handle: Handle) {
    fatalError("unavailable")
  }
}
