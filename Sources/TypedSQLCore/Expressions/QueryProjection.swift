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

extension QueryExpression: QueryProjection where Value: QueryDecodable {
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
