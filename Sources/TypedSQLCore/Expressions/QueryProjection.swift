/// Something a `select` closure can return: a column or expression, a whole table's columns, or
/// an outer-joined table's columns.
///
/// ```swift
/// Reminder.select { ($0.title, $0.priority) }   // rows decode as (String, Int?)
/// ```
public protocol QueryProjection<Row>: Sendable {
  /// How one selected row decodes.
  associatedtype Row: QueryRow
  /// Appends the selected expressions, in decoding order.
  func appendSelection(to columns: inout [SQLExpression])
}

extension SQLQueryExpression: QueryProjection where Value: QueryDecodable {
  public typealias Row = Value

  public func appendSelection(to columns: inout [SQLExpression]) {
    columns.append(node)
  }
}

/// The expressions of several projections, in order: what a `select` or `returning` closure
/// produced.
func selection<each Projection: QueryProjection>(_ projections: repeat each Projection) -> [SQLExpression] {
  var columns: [SQLExpression] = []
  for projection in repeat each projections {
    projection.appendSelection(to: &columns)
  }
  return columns
}

/// The expressions of the projections `columns` produces from `scope`, in order.
///
/// `order` and `group` take their closures as `(Scope) -> (First, repeat each Rest)`: with a
/// bare pack, a closure holding a value that is not an expression would match an empty pack and
/// compile as a closure returning nothing. They pass the closure here whole, because Swift 6.3's
/// SIL generation crashes on a local value of that tuple type but not on the closure handed on.
///
/// (`select`, `map` and `returning` keep the bare pack: the rows they produce would then be
/// `PackRow<First.Row, repeat (each Rest).Row>`, and Swift 6.3 fails to type-check a chain such
/// as `select { ($0.id, $0.rank) }.fetchAll(db).map { [$0.0, $0.1] }` over such a row.)
func selection<Scope, each Projection: QueryProjection>(
  of columns: (Scope) -> (repeat each Projection), from scope: Scope
) -> [SQLExpression] {
  let projections = columns(scope)
  return selection(repeat each projections)
}
