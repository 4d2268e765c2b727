/// The columns of a table on the optional side of an outer join: every column reads as optional.
///
/// ```swift
/// Reminder.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }
///   .select { ($0.title, $1.title) }   // rows decode as (String, String?)
/// ```
@dynamicMemberLookup
public struct OuterJoined<Columns: TableDefinition>: QueryProjection, Sendable {
  public typealias Row = Columns.QueryValue?

  /// The table's columns, as declared.
  public let columns: Columns

  /// Wraps a table's columns.
  public init(_ columns: Columns) {
    self.columns = columns
  }

  /// A column, made optional.
  public subscript<Value: QueryDecodable>(
    dynamicMember keyPath: KeyPath<Columns, QueryExpression<Value>>
  ) -> QueryExpression<Value.Nullable> {
    QueryExpression(node: columns[keyPath: keyPath].node)
  }

  public func appendSelection(to selection: inout [SQLExpression]) {
    columns.appendSelection(to: &selection)
  }
}
