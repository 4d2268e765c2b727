// Conditions written as StructuredQueries writes them: a `where` or `having` closure may choose
// its condition with `if` and `switch`, add one per element with `for`, or have none at all.
//
// ```swift
// Reminder.where {
//   if let listID { $0.remindersListID == listID }
// }
// RemindersList.where {
//   for term in terms { $0.title.like("%\(term)%") }   // each term, joined with AND
// }
// ```

/// Builds the condition of a `where` or `having` closure: one Boolean expression (optional ones
/// too: `NULL` counts as false), `nil` or nothing for no condition, `if` and `switch` choosing
/// among them, and `for` loops whose conditions are joined with `AND`.
@resultBuilder
public enum ConditionBuilder {
  /// A condition.
  public static func buildExpression(_ condition: some QueryExpression<Bool>) -> SQLExpression? {
    condition.queryNode
  }

  /// An optional condition, such as a Boolean column of an outer join: `NULL` counts as false.
  @_disfavoredOverload
  public static func buildExpression(_ condition: some QueryExpression<Bool?>) -> SQLExpression? {
    condition.queryNode
  }

  /// `nil`: no condition.
  public static func buildExpression(_ none: Never?) -> SQLExpression? { nil }

  /// An empty closure: no condition.
  public static func buildBlock() -> SQLExpression? { nil }

  /// The closure's one condition.
  public static func buildBlock(_ condition: SQLExpression?) -> SQLExpression? { condition }

  /// An `if` without `else`: no condition when its test is false.
  public static func buildOptional(_ condition: SQLExpression??) -> SQLExpression? { condition ?? nil }

  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first condition: SQLExpression?) -> SQLExpression? { condition }

  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second condition: SQLExpression?) -> SQLExpression? { condition }

  /// A `for` loop: its conditions joined with `AND`; none for no iteration.
  public static func buildArray(_ conditions: [SQLExpression?]) -> SQLExpression? {
    conditions.reduce(nil) { all, condition in condition.map { SQLExpression.and(all, $0) } ?? all }
  }

  /// An `if #available` branch.
  public static func buildLimitedAvailability(_ condition: SQLExpression?) -> SQLExpression? { condition }
}
