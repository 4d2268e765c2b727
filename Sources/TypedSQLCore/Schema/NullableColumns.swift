/// Columns that may all be `NULL`: the joined side of an outer join, an optional column group, an
/// enum table's case. Each column reads as optional, and the row decodes as `nil` when every
/// column is `NULL`.
///
/// ```swift
/// Reminder.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }
///   .select { ($0.title, $1.title) }   // rows decode as (String, String?)
/// ```
@dynamicMemberLookup
public struct NullableColumns<Columns: QueryProjection>: QueryProjection, Sendable
where Columns.Row: QueryDecodable {
  public typealias Row = Columns.Row?

  /// The columns, as declared.
  public let columns: Columns

  /// Wraps columns.
  public init(_ columns: Columns) {
    self.columns = columns
  }

  /// A column, made optional.
  public subscript<Value: QueryDecodable>(
    dynamicMember keyPath: KeyPath<Columns, SQLQueryExpression<Value>>
  ) -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression(node: columns[keyPath: keyPath].node)
  }

  /// A helper of the columns declared as any expression (`var isHighPriority: some
  /// QueryExpression<Bool>` on a table's columns), made optional: `NULL` on the joined side of
  /// an outer join with no match. `$1.isHighPriority.ifnull(false)`.
  @_disfavoredOverload
  public subscript<Helper: QueryExpression>(
    dynamicMember keyPath: KeyPath<Columns, Helper>
  ) -> SQLQueryExpression<Helper.QueryValue.Nullable> where Helper.QueryValue: QueryDecodable {
    SQLQueryExpression(node: columns[keyPath: keyPath].queryNode)
  }

  /// A group of columns (a `@Selection` field), made optional: `$1.kind` of a left-joined table.
  public subscript<Group: SelectionColumns>(
    dynamicMember keyPath: KeyPath<Columns, Group>
  ) -> NullableColumns<Group> where Group.Row: QueryDecodable {
    NullableColumns<Group>(columns[keyPath: keyPath])
  }

  /// A group of columns that is optional already (an optional field, an enum's case), as it is:
  /// `$0.time.span` of an optional enum group.
  public subscript<Group: QueryProjection>(
    dynamicMember keyPath: KeyPath<Columns, NullableColumns<Group>>
  ) -> NullableColumns<Group> {
    columns[keyPath: keyPath]
  }

  public func appendSelection(to selection: inout [SQLExpression]) {
    columns.appendSelection(to: &selection)
  }
}
