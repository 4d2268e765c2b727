// The standard spelling of function calls: portable scalar functions, JSON paths and
// aggregates.
extension Dialect {
  /// Binds the path as a text array, `CAST(? AS text[])`: the form PostgreSQL's `#>` and `#>>`
  /// take.
  public func renderJSONPath(_ path: JSONPath, into context: inout RenderContext) throws {
    context.append("CAST(")
    try renderBinding(.text(path.postgresPath), into: &context)
    context.append(" AS text[])")
  }

  public func renderFunction(
    _ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext
  ) throws {
    try renderStandardFunction(function, arguments, into: &context)
  }

  /// Renders a function the standard way: `name(arguments)`, except the date and JSON functions
  /// standard SQL spells otherwise (PostgreSQL's spelling).
  public func renderStandardFunction(
    _ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext
  ) throws {
    switch function {
    case .unixEpoch:
      context.append("extract(epoch FROM CAST(")
      try renderList(arguments, into: &context)
      context.append(" AS ")
      context.appendText(typeName(.timestamp))
      context.append("))")
    case .json, .jsonBinary:
      context.append("CAST(")
      try renderList(arguments, into: &context)
      context.append(" AS jsonb)")
    case .jsonExtractText, .jsonExtractScalar:
      let (value, path) = try pair(of: arguments, for: function)
      try renderInfix(value, "#>>", path, into: &context)
    case .jsonExtract:
      let (value, path) = try pair(of: arguments, for: function)
      try renderInfix(value, "#>", path, into: &context)
    case .jsonArrayLength:
      // SQLite's answer for a value that is not an array is 0; PostgreSQL's function fails.
      let value = try single(of: arguments, for: function)
      context.append("CASE WHEN jsonb_typeof(")
      try renderExpression(value, into: &context)
      context.append(") = 'array' THEN jsonb_array_length(")
      try renderExpression(value, into: &context)
      context.append(") WHEN ")
      try renderExpression(value, into: &context)
      context.append(" IS NOT NULL THEN 0 END")
    case .jsonArrayElementIndex:
      context.append("(")
      try renderList(arguments, into: &context)
      context.append(" - 1)")
    case .jsonDocument:
      try renderList(arguments, into: &context)
    case .jsonScalar:
      context.append("(")
      try renderList(arguments, into: &context)
      context.append(" #>> '{}')")
    default:
      try renderCall(function.name, arguments, into: &context)
    }
  }

  /// Renders `name(arguments)`.
  public func renderCall(_ name: String, _ arguments: [SQLExpression], into context: inout RenderContext) throws {
    appendFunctionName(name, into: &context)
    context.append("(")
    try renderList(arguments, into: &context)
    context.append(")")
  }

  public func renderAggregate(
    _ function: AggregateFunction, _ argument: SQLExpression, distinct: Bool, clauses: AggregateClauses,
    into context: inout RenderContext
  ) throws {
    try renderStandardAggregate(function, argument, distinct: distinct, clauses: clauses, into: &context)
  }

  /// Renders `name([DISTINCT] argument) [FILTER (WHERE filter)]` with the standard names.
  public func renderStandardAggregate(
    _ function: AggregateFunction, _ argument: SQLExpression, distinct: Bool, clauses: AggregateClauses,
    into context: inout RenderContext
  ) throws {
    switch function {
    case .count: context.append("count(")
    case .sum: context.append("sum(")
    case .average: context.append("avg(")
    case .minimum: context.append("min(")
    case .maximum: context.append("max(")
    case .every: context.append("bool_and(")
    case .any: context.append("bool_or(")
    case .named(let name):
      appendFunctionName(name, into: &context)
      context.append("(")
    case .integerSum:
      // sum(bigint) is an exact numeric: back to bigint, which fails where the total does not fit.
      return try renderCast(to: .integer, into: &context) { context in
        try renderStandardAggregate(.sum, argument, distinct: distinct, clauses: clauses, into: &context)
      }
    case .integerAverage:
      context.append("(")
      try renderCast(to: .real, into: &context) { context in
        try renderAggregate(.integerSum, argument, distinct: distinct, clauses: clauses, into: &context)
      }
      context.append(" / ")
      try renderAggregate(.count, argument, distinct: distinct, clauses: clauses, into: &context)
      context.append(")")
      return
    case .total:
      context.append("coalesce(")
      try renderCast(to: .real, into: &context) { context in
        try renderStandardAggregate(.sum, argument, distinct: distinct, clauses: clauses, into: &context)
      }
      context.append(", 0)")
      return
    case .groupConcat(let separator):
      context.append("string_agg(")
      return try renderAggregateArguments(.cast(argument, .text), separator, distinct: distinct, clauses: clauses, into: &context)
    case .jsonArray:
      // An empty group is NULL to jsonb_agg but [] to SQLite's json_group_array: agree on [].
      context.append("coalesce(jsonb_agg(")
      try renderAggregateArguments(argument, distinct: distinct, clauses: clauses, into: &context)
      context.append(", '[]'::jsonb)")
      return
    }
    try renderAggregateArguments(argument, distinct: distinct, clauses: clauses, into: &context)
  }

  /// Renders what follows `name(` in an aggregate call: `[DISTINCT] argument[, more…] [ORDER BY
  /// …])` and its clauses.
  public func renderAggregateArguments(
    _ argument: SQLExpression, _ more: SQLExpression..., distinct: Bool, clauses: AggregateClauses,
    into context: inout RenderContext
  ) throws {
    if distinct { context.append("DISTINCT ") }
    try renderExpression(argument, into: &context)
    for next in more {
      context.append(", ")
      try renderExpression(next, into: &context)
    }
    try renderOrderBy(clauses.orderBy, into: &context)
    context.append(")")
    try renderClauses(clauses, into: &context)
  }

  /// Appends a function's name: as it is when it is a plain SQL identifier (ASCII letters,
  /// digits and `_`, not starting with a digit), quoted otherwise.
  public func appendFunctionName(_ name: String, into context: inout RenderContext) {
    func isWordByte(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
    let startsWithDigit = name.utf8.first.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? true
    if !startsWithDigit && name.utf8.allSatisfy(isWordByte) {
      context.appendText(name)
    } else {
      appendIdentifier(name, into: &context)
    }
  }

  /// Renders ` FILTER (WHERE …)` and ` OVER (…)`, each when there is one.
  public func renderClauses(_ clauses: AggregateClauses, into context: inout RenderContext) throws {
    if let filter = clauses.filter {
      context.append(" FILTER (WHERE ")
      try renderExpression(filter, into: &context)
      context.append(")")
    }
    if let window = clauses.window {
      context.append(" OVER (")
      try renderWindow(window, into: &context)
      context.append(")")
    }
  }

  /// Renders a window's `PARTITION BY`, `ORDER BY` and frame, without the parentheses.
  public func renderWindow(_ window: WindowSpecification, into context: inout RenderContext) throws {
    var separator = ""
    if !window.partitionBy.isEmpty {
      context.append("PARTITION BY ")
      try renderList(window.partitionBy, into: &context)
      separator = " "
    }
    if !window.orderBy.isEmpty {
      context.appendText(separator)
      context.append("ORDER BY ")
      try renderOrderingTerms(window.orderBy, into: &context)
      separator = " "
    }
    if let frame = window.frame {
      context.appendText(separator)
      context.append(frame.unit == .rows ? "ROWS BETWEEN " : "RANGE BETWEEN ")
      appendFrameBound(frame.start, into: &context)
      context.append(" AND ")
      appendFrameBound(frame.end, into: &context)
    }
  }

  private func appendFrameBound(_ bound: WindowFrame.Bound, into context: inout RenderContext) {
    switch bound {
    case .unboundedPreceding: context.append("UNBOUNDED PRECEDING")
    case .preceding(let rows):
      context.appendNumber(Swift.max(rows, 0))
      context.append(" PRECEDING")
    case .currentRow: context.append("CURRENT ROW")
    case .following(let rows):
      context.appendNumber(Swift.max(rows, 0))
      context.append(" FOLLOWING")
    case .unboundedFollowing: context.append("UNBOUNDED FOLLOWING")
    }
  }

  /// The argument of a unary function, or an error naming it.
  public func single(of arguments: [SQLExpression], for function: SQLFunction) throws -> SQLExpression {
    guard arguments.count == 1 else {
      throw DialectError.invalidStatement("\(function) takes 1 argument, not \(arguments.count)")
    }
    return arguments[0]
  }

  /// The two arguments of a binary function, or an error naming it.
  public func pair(of arguments: [SQLExpression], for function: SQLFunction) throws -> (SQLExpression, SQLExpression) {
    guard arguments.count == 2 else {
      throw DialectError.invalidStatement("\(function) takes 2 arguments, not \(arguments.count)")
    }
    return (arguments[0], arguments[1])
  }
}
