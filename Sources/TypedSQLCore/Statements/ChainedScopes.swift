// A scope declared once as a static query of its table, chained off any query of the table by
// its name, as StructuredQueries chains them:
//
//   extension Reminder { static let incomplete = Self.where { !$0.isCompleted } }
//   Reminder.where { $0.isFlagged }.incomplete.select(\.id)
//   // SELECT "reminders"."id" FROM "reminders"
//   // WHERE ("reminders"."isFlagged" AND (NOT "reminders"."isCompleted"))

extension Select where Scope: TableDefinition {
  /// This query, narrowed also by the condition of the table's static query `scope`: its
  /// `WHERE` joined to this one's with `AND`. A static query narrowed by more than a condition
  /// (a limit, a join, a grouping) lends nothing it could keep, so the statement throws when it
  /// renders.
  public subscript(dynamicMember scope: KeyPath<Scope.QueryValue.Type, Select<Scope.QueryValue.TableColumns, Scope.QueryValue>>) -> Self {
    combiningConditions(
      with: Scope.QueryValue.self[keyPath: scope].select, .and,
      refusal: "a scope chained off a query lends only its condition; this one is narrowed by more")
  }
}
