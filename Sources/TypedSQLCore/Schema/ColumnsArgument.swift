/// What a `@Selection` type's `Columns(…)` takes for one of its fields: anything that gives the
/// field's handles. An expression or a Swift value gives a column (`"reminder"`, `$0.count()`,
/// a helper declared `some QueryExpression<Bool>`), a group's or a table's columns give
/// themselves.
///
/// ```swift
/// @Selection struct Stats { var kind: String; var count: Int }
/// Reminder.select { Stats.Columns(kind: "reminder", count: $0.count()) }
/// // SELECT ?1, count(*) FROM "reminders"
/// ```
public protocol ColumnsArgument<Handles>: Sendable {
  /// The field's handles: a column's ``SQLQueryExpression``, or a group's or table's columns.
  associatedtype Handles
  /// The handles this argument gives.
  var handles: Handles { get }
}

extension QueryExpression {
  /// The expression as a column's handle.
  public var handles: SQLQueryExpression<QueryValue> {
    SQLQueryExpression(node: queryNode)
  }
}

extension TableDefinition {
  /// A table's columns give themselves.
  public var handles: Self { self }
}

extension SelectionColumns {
  /// A group's columns give themselves.
  public var handles: Self { self }
}

extension NullableColumns: ColumnsArgument {
  /// An optional group's or table's columns give themselves.
  public var handles: Self { self }
}
