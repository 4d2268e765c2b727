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
/// `order` and `group` take their closures as `(Scope) -> (First, repeat each Rest)`, and
/// `select`, `map` and `returning` a tuple as `(Scope) -> (First, Second, repeat each Rest)`: a
/// bare pack would match a closure holding a value that is not an expression as an empty pack
/// (see SelectedColumns.swift). They pass the closure here whole, because Swift 6.3's SIL generation crashes on a local
/// value of that tuple type but not on the closure handed on.
func selection<Scope, each Projection: QueryProjection>(
  of columns: (Scope) -> (repeat each Projection), from scope: Scope
) -> [SQLExpression] {
  let projections = columns(scope)
  return selection(repeat each projections)
}
