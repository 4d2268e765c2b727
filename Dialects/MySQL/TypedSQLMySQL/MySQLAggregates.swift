import TypedSQLCore

// How MySQLDialect spells aggregates: the server has no `FILTER`, no `bool_and`/`bool_or` and
// no `string_agg`.
extension MySQLDialect {
  /// A filter moves into the argument, `count(CASE WHEN filter THEN x END)`, which keeps its
  /// meaning; `every` and `any` are `min` and `max` of their 0-or-1 argument; a string
  /// aggregate is `GROUP_CONCAT(… SEPARATOR '…')`, its separator a literal (the server takes no
  /// parameter there) and not over a window; a sum of integers fails where the total leaves 64
  /// bits (see `renderCheckedIntegerSum`); a JSON array aggregate is `JSON_ARRAYAGG` (see
  /// `renderJSONArrayAggregate`). Every other aggregate is spelled the standard way.
  public func renderAggregate(
    _ function: AggregateFunction, _ argument: SQLExpression, distinct: Bool, clauses: AggregateClauses,
    into context: inout RenderContext
  ) throws {
    if function == .jsonArray {
      return try renderJSONArrayAggregate(argument, distinct: distinct, clauses: clauses, into: &context)
    }
    if let filter = clauses.filter {
      var unfiltered = clauses
      unfiltered.filter = nil
      // `count(*)` counts the rows that pass: `count(CASE WHEN filter THEN 1 END)`.
      let counted = argument == .raw([.text("*")]) ? .raw([.text("1")]) : argument
      let filtered = SQLExpression.caseWhen([CaseBranch(condition: filter, value: counted)], else: nil)
      return try renderAggregate(function, filtered, distinct: distinct, clauses: unfiltered, into: &context)
    }
    switch function {
    case .every:
      try renderStandardAggregate(.minimum, argument, distinct: distinct, clauses: clauses, into: &context)
    case .any:
      try renderStandardAggregate(.maximum, argument, distinct: distinct, clauses: clauses, into: &context)
    case .groupConcat(let separator):
      guard case .binding(.text(let text)) = separator else {
        throw DialectError.unsupported(feature: "a string aggregate whose separator is not a constant", dialect: name)
      }
      guard clauses.window == nil else {
        throw DialectError.unsupported(feature: "a string aggregate over a window", dialect: name)
      }
      context.append("GROUP_CONCAT(")
      if distinct { context.append("DISTINCT ") }
      try renderCast(to: .text, into: &context) { context in try renderExpression(argument, into: &context) }
      try renderOrderBy(clauses.orderBy, into: &context)
      context.append(" SEPARATOR ")
      appendLiteral(.text(text), into: &context)
      context.append(")")
    case .integerSum:
      try renderCheckedIntegerSum(argument, distinct: distinct, clauses: clauses, into: &context)
    default:
      try renderStandardAggregate(function, argument, distinct: distinct, clauses: clauses, into: &context)
    }
  }

  /// The group's values as a JSON array, `[]` for no rows, as SQLite's `json_group_array` gives:
  /// `JSON_EXTRACT(COALESCE(JSON_ARRAYAGG(x ORDER BY …), '[]'), '$')`, marked as JSON. A filter
  /// cannot move into `JSON_ARRAYAGG`'s argument, which keeps a `NULL` as `null`; a filtered
  /// array is joined with `GROUP_CONCAT`, which skips the rows that do not pass, each value as a
  /// one-element array, and the values are read back out of those:
  /// `JSON_EXTRACT(COALESCE(JSON_EXTRACT(CONCAT('[', GROUP_CONCAT(CASE WHEN filter THEN
  /// JSON_ARRAY(x) END ORDER BY … SEPARATOR ','), ']'), '$[*][0]'), '[]'), '$')`.
  private func renderJSONArrayAggregate(
    _ argument: SQLExpression, distinct: Bool, clauses: AggregateClauses, into context: inout RenderContext
  ) throws {
    guard clauses.window == nil else {
      throw DialectError.unsupported(feature: "a JSON array aggregate over a window", dialect: name)
    }
    guard let filter = clauses.filter else {
      context.append("JSON_EXTRACT(COALESCE(JSON_ARRAYAGG(")
      try renderAggregateArguments(argument, distinct: distinct, clauses: clauses, into: &context)
      context.append(", '[]'), '$')")
      return
    }
    context.append("JSON_EXTRACT(COALESCE(JSON_EXTRACT(CONCAT('[', GROUP_CONCAT(")
    if distinct { context.append("DISTINCT ") }
    context.append("CASE WHEN ")
    try renderExpression(filter, into: &context)
    context.append(" THEN JSON_ARRAY(")
    try renderExpression(argument, into: &context)
    context.append(") END")
    try renderOrderBy(clauses.orderBy, into: &context)
    context.append(" SEPARATOR ','), ']'), '$[*][0]'), '[]'), '$')")
  }

  /// A sum of integers as a `BIGINT` that fails (error 1690) where the total does not fit, as
  /// SQLite's and PostgreSQL's do: the server sums into a `DECIMAL`, and its `CAST` to `SIGNED`
  /// would clamp a total that does not fit without a word, so a total past either end is cast
  /// and then stepped past it, which the server refuses.
  /// `CASE WHEN sum(x) > 9223372036854775807 THEN CAST(sum(x) AS SIGNED) + 1 WHEN sum(x) <
  /// -9223372036854775808 THEN CAST(sum(x) AS SIGNED) - 1 ELSE CAST(sum(x) AS SIGNED) END`.
  private func renderCheckedIntegerSum(
    _ argument: SQLExpression, distinct: Bool, clauses: AggregateClauses, into context: inout RenderContext
  ) throws {
    func sum(_ context: inout RenderContext) throws {
      try renderStandardAggregate(.sum, argument, distinct: distinct, clauses: clauses, into: &context)
    }
    context.append("CASE WHEN ")
    try sum(&context)
    context.append(" > 9223372036854775807 THEN ")
    try renderCast(to: .integer, into: &context, sum)
    context.append(" + 1 WHEN ")
    try sum(&context)
    context.append(" < -9223372036854775808 THEN ")
    try renderCast(to: .integer, into: &context, sum)
    context.append(" - 1 ELSE ")
    try renderCast(to: .integer, into: &context, sum)
    context.append(" END")
  }
}
