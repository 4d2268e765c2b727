// The standard spelling of expressions: operators, bound values, `CASE`, casts, lists, and
// the helpers dialects and their extensions reuse.
extension Dialect {
  public func renderExpression(_ expression: SQLExpression, into context: inout RenderContext) throws {
    try renderStandardExpression(expression, into: &context)
  }

  /// Renders any expression the standard way, calling back into the dialect for its parts.
  public func renderStandardExpression(_ expression: SQLExpression, into context: inout RenderContext) throws {
    switch expression {
    case .column(let column):
      appendColumn(column, into: &context)
    case .binding(let value):
      try renderBinding(value, into: &context)
    case .argument(let index):
      guard context.bindingStyle != .literals else {
        throw DialectError.invalidStatement("a view or trigger cannot take a prepared statement's arguments")
      }
      appendPlaceholder(context.placeholderNumber(forArgument: index), into: &context)
    case .not(let operand):
      try renderPrefixed("(NOT ", operand, into: &context)
    case .negate(let operand):
      try renderPrefixed("(-", operand, into: &context)
    case .bitwiseNot(let operand):
      try renderPrefixed("(~", operand, into: &context)
    case .between(let value, let lower, let upper):
      context.append("(")
      try renderExpression(value, into: &context)
      context.append(" BETWEEN ")
      try renderExpression(lower, into: &context)
      context.append(" AND ")
      try renderExpression(upper, into: &context)
      context.append(")")
    case .binary(let lhs, let op, let rhs):
      context.append("(")
      try renderExpression(lhs, into: &context)
      context.append(binaryOperatorSpelling(op))
      try renderExpression(rhs, into: &context)
      if op == .like || op == .notLike || op == .likeMatchingCase {
        context.append(" ESCAPE ")
        appendLiteral(.text("\\"), into: &context)
      }
      context.append(")")
    case .isNull(let operand, let negated):
      context.append("(")
      try renderExpression(operand, into: &context)
      context.append(negated ? " IS NOT NULL)" : " IS NULL)")
    case .isDistinctFrom(let lhs, let rhs, let negated):
      try renderIsDistinctFrom(lhs, rhs, negated: negated, into: &context)
    case .inList(let operand, let list, let negated):
      guard !list.isEmpty else {
        // `IN ()` is an error on PostgreSQL: an empty list is simply false.
        context.append(negated ? "(1 = 1)" : "(1 = 0)")
        return
      }
      context.append("(")
      try renderExpression(operand, into: &context)
      context.append(negated ? " NOT IN (" : " IN (")
      try renderList(list, into: &context)
      context.append("))")
    case .inSubquery(let operand, let subquery, let negated):
      context.append("(")
      try renderExpression(operand, into: &context)
      context.append(negated ? " NOT IN (" : " IN (")
      try renderSelect(subquery, into: &context)
      context.append("))")
    case .exists(let subquery, let negated):
      context.append(negated ? "(NOT EXISTS (" : "(EXISTS (")
      try renderSelect(subquery.existenceProbe, into: &context)
      context.append("))")
    case .scalarSubquery(let subquery):
      context.append("(")
      try renderSelect(subquery, into: &context)
      context.append(")")
    case .rowIdentity(let qualifier):
      try appendRowIdentity(qualifier: qualifier, into: &context)
    case .aggregate(let function, let argument, let distinct, let filter, let orderBy):
      try renderAggregate(
        function, argument, distinct: distinct, clauses: AggregateClauses(orderBy: orderBy, filter: filter), into: &context)
    case .window(.aggregate(let function, let argument, let distinct, let filter, let orderBy), let window):
      try renderAggregate(
        function, argument, distinct: distinct, clauses: AggregateClauses(orderBy: orderBy, filter: filter, window: window),
        into: &context)
    case .window(let call, let window):
      guard case .function = call else {
        throw DialectError.invalidStatement("OVER (…) follows an aggregate or a window function, not \(call)")
      }
      try renderExpression(call, into: &context)
      try renderClauses(AggregateClauses(window: window), into: &context)
    case .countAll:
      context.append("count(*)")
    case .tuple(let elements):
      context.append("(")
      try renderList(elements, into: &context)
      context.append(")")
    case .coalesce(let arguments):
      context.append("coalesce(")
      try renderList(arguments, into: &context)
      context.append(")")
    case .caseWhen(let base, let branches, let otherwise):
      context.append("CASE")
      if let base {
        context.append(" ")
        try renderExpression(base, into: &context)
      }
      for branch in branches {
        context.append(" WHEN ")
        try renderExpression(branch.condition, into: &context)
        context.append(" THEN ")
        try renderExpression(branch.value, into: &context)
      }
      if let otherwise {
        context.append(" ELSE ")
        try renderExpression(otherwise, into: &context)
      }
      context.append(" END")
    case .cast(let value, let type, let source):
      if let source, source != type { return try renderConversion(value, from: source, to: type, into: &context) }
      try renderCast(to: type, into: &context) { context in try renderExpression(value, into: &context) }
    case .function(let function, let arguments):
      try renderFunction(function, arguments, into: &context)
    case .raw(let segments):
      try renderRaw(segments, into: &context)
    case .jsonPath(let path):
      try renderJSONPath(path, into: &context)
    case .jsonObject(let fields):
      try renderJSONObject(fields, into: &context)
    case .jsonValue(let value, let form):
      try renderJSONValue(value, form: form, into: &context)
    case .jsonEdit(let edit):
      try renderJSONEditReadingDocumentOnce(edit, into: &context)
    case .date(let operation):
      try renderDate(operation, into: &context)
    case .dialectExtension(let node):
      try node.node.render(in: self, into: &context)
    }
  }

  /// Renders `opening`, the operand and `)`: a prefix operator.
  private func renderPrefixed(_ opening: StaticString, _ operand: SQLExpression, into context: inout RenderContext) throws {
    context.append(opening)
    try renderExpression(operand, into: &context)
    context.append(")")
  }

  public func renderBinding(_ value: QueryBinding, into context: inout RenderContext) throws {
    if case .invalid(let error) = value { throw error }
    switch context.bindingStyle {
    case .placeholders:
      appendPlaceholder(context.placeholderNumber(for: value), into: &context)
    case .inlineLiterals:
      appendLiteral(value, into: &context)
    case .literals:
      try appendExecutableLiteral(value, into: &context)
    }
  }

  /// Appends `value` as a literal that the database reads back as exactly the value, or throws
  /// ``QueryBindingError`` for one that has none: a non-finite number, text holding a NUL.
  public func appendExecutableLiteral(_ value: QueryBinding, into context: inout RenderContext) throws {
    try requireExactLiteral(value)
    appendLiteral(value, into: &context)
  }

  private func requireExactLiteral(_ value: QueryBinding) throws {
    switch value {
    case .double(let number) where !number.isFinite:
      throw QueryBindingError("\(number) has no SQL literal; bind it in a statement that takes parameters")
    case .text(let text) where text.utf8.contains(0), .json(let text) where text.utf8.contains(0),
      .jsonb(let text) where text.utf8.contains(0):
      throw QueryBindingError("text holding a NUL character has no SQL literal")
    case .array(let elements):
      for element in elements { try requireExactLiteral(element) }
    case .invalid(let error):
      throw error
    default:
      break
    }
  }

  public func renderIsDistinctFrom(
    _ lhs: SQLExpression, _ rhs: SQLExpression, negated: Bool, into context: inout RenderContext
  ) throws {
    context.append("(")
    try renderExpression(lhs, into: &context)
    context.append(negated ? " IS NOT DISTINCT FROM " : " IS DISTINCT FROM ")
    try renderExpression(rhs, into: &context)
    context.append(")")
  }


  // MARK: Helpers

  /// Renders `(lhs KEYWORD rhs)`: the shape of most binary operators, for dialect extensions.
  public func renderInfix(
    _ lhs: SQLExpression, _ keyword: String, _ rhs: SQLExpression, into context: inout RenderContext
  ) throws {
    context.append("(")
    try renderExpression(lhs, into: &context)
    context.append(" ")
    context.appendText(keyword)
    context.append(" ")
    try renderExpression(rhs, into: &context)
    context.append(")")
  }

  /// Renders a `#sql` fragment: its text as written, its values as placeholders, its names
  /// quoted.
  public func renderRaw(_ segments: [RawSQLSegment], into context: inout RenderContext) throws {
    for segment in segments {
      switch segment {
      case .text(let text): context.appendText(text)
      case .binding(let value): try renderBinding(value, into: &context)
      case .identifier(let name): appendIdentifier(name, into: &context)
      case .literal(let value): try appendExecutableLiteral(value, into: &context)
      case .expression(let expression): try renderExpression(expression, into: &context)
      case .select(let select): try renderSelect(select, into: &context)
      }
    }
  }

  /// Renders expressions separated by `, `.
  public func renderList(_ expressions: [SQLExpression], into context: inout RenderContext) throws {
    // Indices, not elements: each element is rendered in place rather than copied out first.
    for index in expressions.indices {
      if index > 0 { context.append(", ") }
      // Most lists are plain columns: they go straight to `appendColumn`.
      if case .column(let column) = expressions[index] {
        appendColumn(column, into: &context)
      } else {
        try renderExpression(expressions[index], into: &context)
      }
    }
  }


  /// The spelling of a binary operator, with the spaces around it.
  public func binaryOperatorSpelling(_ op: BinaryOperator) -> StaticString {
    switch op {
    case .equal: return " = "
    case .notEqual: return " <> "
    case .lessThan: return " < "
    case .greaterThan: return " > "
    case .lessThanOrEqual: return " <= "
    case .greaterThanOrEqual: return " >= "
    case .and: return " AND "
    case .or: return " OR "
    case .add: return " + "
    case .subtract: return " - "
    case .multiply: return " * "
    case .divide, .integerDivide: return " / "
    case .modulo: return " % "
    case .bitwiseAnd: return " & "
    case .bitwiseOr: return " | "
    case .bitwiseXor: return " # "
    case .shiftLeft: return " << "
    case .shiftRight: return " >> "
    case .concatenate: return " || "
    case .like: return " LIKE "
    case .notLike: return " NOT LIKE "
    case .likeMatchingCase: return " LIKE "
    }
  }
}
