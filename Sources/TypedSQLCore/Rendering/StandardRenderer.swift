import Foundation

// The standard renderer: the spelling of every node in ISO SQL as both SQLite and PostgreSQL read
// it, written as the default implementations of `Dialect`'s requirements. A dialect overrides a
// node by implementing its requirement, and every other node keeps calling back into the dialect
// for the parts it contains.
extension Dialect {
  public var defaultAscendingNullsPlacement: OrderingTerm.NullsPlacement { .last }

  public var supportsDefaultInValues: Bool { true }

  public var cachesColumnLists: Bool { false }

  public func appendIdentifier(_ name: String, into context: inout RenderContext) {
    context.appendQuoted(name, quote: UInt8(ascii: "\""))
  }

  public func appendColumn(_ column: ColumnReference, into context: inout RenderContext) {
    if let qualifier = column.qualifier {
      appendIdentifier(qualifier, into: &context)
      context.append(".")
    }
    appendIdentifier(column.name, into: &context)
  }

  public func appendLiteral(_ value: QueryBinding, into context: inout RenderContext) {
    appendStandardLiteral(value, into: &context)
  }

  public func typeName(_ type: SQLType) -> String {
    switch type {
    case .integer: return "BIGINT"
    case .real: return "DOUBLE PRECISION"
    case .text: return "TEXT"
    case .blob: return "BLOB"
    case .boolean: return "BOOLEAN"
    case .timestamp: return "TIMESTAMP WITH TIME ZONE"
    }
  }

  /// Appends `value` as an ISO SQL literal: the spelling ``appendLiteral(_:into:)`` uses unless
  /// a dialect spells some values differently.
  public func appendStandardLiteral(_ value: QueryBinding, into context: inout RenderContext) {
    switch value {
    case .null: context.append("NULL")
    case .int(let value): context.appendText(String(value))
    case .double(let value): context.appendText(String(value))
    case .text(let value): context.appendText("'" + value.escapingScalars(["'"], with: "'") + "'")
    case .blob(let bytes): context.appendText("X'" + hexDigits(bytes) + "'")
    case .bool(let value): context.append(value ? "TRUE" : "FALSE")
    case .date(let value): appendStandardLiteral(.text(ISO8601Text.string(from: value)), into: &context)
    case .uuid(let value): appendStandardLiteral(.text(value.uuidString.lowercased()), into: &context)
    case .json(let value): appendStandardLiteral(.text(value), into: &context)
    case .array(let elements):
      context.append("ARRAY[")
      for (index, element) in elements.enumerated() {
        if index > 0 { context.append(", ") }
        appendLiteral(element, into: &context)
      }
      context.append("]")
    case .invalid(let error): context.appendText("NULL /* \(error.message.escapingScalars(["/"], with: " ")) */")
    }
  }

  /// Standard SQL has no row identity: a dialect whose database has one spells it.
  public func appendRowIdentity(qualifier: String, into context: inout RenderContext) throws {
    throw DialectError.unsupported(feature: "a row identity (rowid)", dialect: name)
  }

  // MARK: Statements

  public func renderStatement(_ statement: SQLStatement, into context: inout RenderContext) throws {
    switch statement {
    case .select(let select): try renderSelect(select, into: &context)
    case .insert(let insert): try renderInsert(insert, into: &context)
    case .update(let update): try renderUpdate(update, into: &context)
    case .delete(let delete): try renderDelete(delete, into: &context)
    case .raw(let segments): try renderRaw(segments, into: &context)
    }
  }

  public func renderSelect(_ select: SelectStatement, into context: inout RenderContext) throws {
    if let with = select.with {
      try renderWith(with, into: &context)
    }
    try renderSelectCore(select, into: &context)
    for term in select.compound {
      guard term.select.orderBy.isEmpty, term.select.limit == nil, term.select.with == nil,
        term.select.compound.isEmpty
      else {
        throw DialectError.invalidStatement(
          "a select combined with UNION/INTERSECT/EXCEPT cannot have its own ORDER BY, LIMIT or WITH")
      }
      switch term.op {
      case .union: context.append(" UNION ")
      case .unionAll: context.append(" UNION ALL ")
      case .intersect: context.append(" INTERSECT ")
      case .except: context.append(" EXCEPT ")
      }
      try renderSelectCore(term.select, into: &context)
    }
    try renderOrderBy(select.orderBy, into: &context)
    if let limit = select.limit {
      try renderLimit(limit, into: &context)
    }
  }

  /// Renders `WITH [RECURSIVE] "name" ("columns") AS (…), … ` (a trailing space included).
  public func renderWith(_ with: WithClause, into context: inout RenderContext) throws {
    context.append(with.isRecursive ? "WITH RECURSIVE " : "WITH ")
    for (index, table) in with.tables.enumerated() {
      if index > 0 { context.append(", ") }
      appendIdentifier(table.name, into: &context)
      context.append(" (")
      for (position, column) in table.columns.enumerated() {
        if position > 0 { context.append(", ") }
        appendIdentifier(column, into: &context)
      }
      context.append(") AS (")
      try renderSelect(table.select, into: &context)
      context.append(")")
    }
    context.append(" ")
  }

  /// Renders `SELECT … FROM … WHERE … GROUP BY … HAVING …`: a select without its `ORDER BY` and
  /// `LIMIT`, as it stands in a compound.
  public func renderSelectCore(_ select: SelectStatement, into context: inout RenderContext) throws {
    context.append(select.isDistinct ? "SELECT DISTINCT " : "SELECT ")
    if let modifier = select.modifier {
      try modifier.node.render(in: self, into: &context)
      context.append(" ")
    }
    if cachesColumnLists, let shared = select.sharedColumns.value {
      try shared.append(in: self, into: &context)
    } else {
      try renderList(select.columns, into: &context)
    }
    if let from = select.from {
      context.append(" FROM ")
      try renderTableReference(from, into: &context)
    }
    for join in select.joins {
      try renderJoin(join, into: &context)
    }
    if let filter = select.filter {
      context.append(" WHERE ")
      try renderExpression(filter, into: &context)
    }
    if !select.groupBy.isEmpty {
      context.append(" GROUP BY ")
      try renderList(select.groupBy, into: &context)
    }
    if let having = select.having {
      context.append(" HAVING ")
      try renderExpression(having, into: &context)
    }
  }

  public func renderInsert(_ insert: InsertStatement, into context: inout RenderContext) throws {
    context.append("INSERT ")
    if let modifier = insert.modifier {
      try modifier.node.render(in: self, into: &context)
      context.append(" ")
    }
    context.append("INTO ")
    try renderTableReference(insert.table, into: &context)
    guard let firstRow = insert.rows.first else {
      throw DialectError.invalidStatement("an INSERT into \"\(insert.table.qualifier)\" has no rows")
    }
    // A column every row leaves to its default is left out, so no dialect ever needs `DEFAULT`
    // (or, worse, `NULL`) in its place.
    let keptColumns = insert.columns.indices.filter { column in
      insert.rows.contains { row in row[column] != .default }
    }
    if keptColumns.isEmpty {
      guard insert.rows.count == 1 else {
        throw DialectError.unsupported(
          feature: "inserting several rows that take every column's default", dialect: name)
      }
      context.append(" DEFAULT VALUES")
    } else {
      context.append(" (")
      for (position, column) in keptColumns.enumerated() {
        if position > 0 { context.append(", ") }
        appendIdentifier(insert.columns[column], into: &context)
      }
      context.append(") VALUES ")
      for (rowIndex, row) in insert.rows.enumerated() {
        guard row.count == firstRow.count else {
          throw DialectError.invalidStatement("INSERT rows have different numbers of values")
        }
        if rowIndex > 0 { context.append(", ") }
        context.append("(")
        for (position, column) in keptColumns.enumerated() {
          if position > 0 { context.append(", ") }
          switch row[column] {
          case .expression(let value):
            try renderExpression(value, into: &context)
          case .default:
            guard supportsDefaultInValues else {
              throw DialectError.unsupported(
                feature: "DEFAULT for \"\(insert.columns[column])\" in some rows of a multi-row"
                  + " INSERT while others give a value; insert those rows separately",
                dialect: name)
            }
            context.append("DEFAULT")
          }
        }
        context.append(")")
      }
    }
    if let conflict = insert.onConflict {
      try renderConflictClause(conflict, into: &context)
    }
    try renderReturning(insert.returning, into: &context)
  }

  public func renderUpdate(_ update: UpdateStatement, into context: inout RenderContext) throws {
    guard !update.assignments.isEmpty else {
      throw DialectError.invalidStatement("an UPDATE of \"\(update.table.qualifier)\" sets no column")
    }
    context.append("UPDATE ")
    try renderTableReference(update.table, into: &context)
    context.append(" SET ")
    try renderAssignments(update.assignments, into: &context)
    if let filter = update.filter {
      context.append(" WHERE ")
      try renderExpression(filter, into: &context)
    }
    try renderReturning(update.returning, into: &context)
  }

  public func renderDelete(_ delete: DeleteStatement, into context: inout RenderContext) throws {
    context.append("DELETE FROM ")
    try renderTableReference(delete.table, into: &context)
    if let filter = delete.filter {
      context.append(" WHERE ")
      try renderExpression(filter, into: &context)
    }
    try renderReturning(delete.returning, into: &context)
  }

  // MARK: Clauses

  public func renderReturning(_ columns: [SQLExpression], into context: inout RenderContext) throws {
    try renderStandardReturning(columns, into: &context)
  }

  /// Renders ` RETURNING …`, or nothing for no columns.
  public func renderStandardReturning(_ columns: [SQLExpression], into context: inout RenderContext) throws {
    guard !columns.isEmpty else { return }
    context.append(" RETURNING ")
    try renderList(columns, into: &context)
  }

  public func renderJoin(_ join: JoinClause, into context: inout RenderContext) throws {
    try renderStandardJoin(join, into: &context)
  }

  /// Renders ` [LEFT|RIGHT|FULL] JOIN … ON …`.
  public func renderStandardJoin(_ join: JoinClause, into context: inout RenderContext) throws {
    switch join.kind {
    case .inner: context.append(" JOIN ")
    case .left: context.append(" LEFT JOIN ")
    case .right: context.append(" RIGHT JOIN ")
    case .full: context.append(" FULL JOIN ")
    }
    try renderTableReference(join.table, into: &context)
    context.append(" ON ")
    try renderExpression(join.condition, into: &context)
  }

  public func renderLimit(_ limit: LimitClause, into context: inout RenderContext) throws {
    try renderStandardLimit(limit, into: &context)
  }

  /// Renders `LIMIT`/`OFFSET` the standard way, each a bound value or an expression.
  public func renderStandardLimit(_ limit: LimitClause, into context: inout RenderContext) throws {
    if let count = limit.count {
      context.append(" LIMIT ")
      try renderExpression(count, into: &context)
    }
    if let offset = limit.offset {
      context.append(" OFFSET ")
      try renderExpression(offset, into: &context)
    }
  }

  public func renderOrderingTerm(_ term: OrderingTerm, into context: inout RenderContext) throws {
    try renderStandardOrderingTerm(term, into: &context)
  }

  /// Renders `expression [DESC] [NULLS FIRST|LAST]`, spelling the placement only where it
  /// differs from ``defaultAscendingNullsPlacement``'s consequence for the direction.
  public func renderStandardOrderingTerm(_ term: OrderingTerm, into context: inout RenderContext) throws {
    try renderExpression(term.expression, into: &context)
    if term.direction == .descending { context.append(" DESC") }
    // Spell out the placement only where NULLs can occur and this database's default differs
    // from the term's: a placement against an index's own order keeps the index from serving it.
    if term.isNeverNull { return }
    let defaultPlacement: OrderingTerm.NullsPlacement =
      term.direction == .ascending
      ? defaultAscendingNullsPlacement : (defaultAscendingNullsPlacement == .first ? .last : .first)
    if term.nulls != defaultPlacement {
      context.append(term.nulls == .first ? " NULLS FIRST" : " NULLS LAST")
    }
  }

  // MARK: Expressions

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
      appendPlaceholder(context.placeholderNumber(forArgument: index), into: &context)
    case .not(let operand):
      context.append("(NOT ")
      try renderExpression(operand, into: &context)
      context.append(")")
    case .negate(let operand):
      context.append("(-")
      try renderExpression(operand, into: &context)
      context.append(")")
    case .binary(let lhs, let op, let rhs):
      context.append("(")
      try renderExpression(lhs, into: &context)
      context.append(binaryOperatorSpelling(op))
      try renderExpression(rhs, into: &context)
      if op == .like || op == .notLike || op == .likeMatchingCase { context.append(" ESCAPE '\\'") }
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
    case .rowIdentity(let qualifier):
      try appendRowIdentity(qualifier: qualifier, into: &context)
    case .aggregate(let function, let argument, let distinct):
      try renderAggregate(function, argument, distinct: distinct, into: &context)
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
    case .caseWhen(let branches, let otherwise):
      context.append("CASE")
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
    case .stringAggregate(let value, let separator, let orderBy):
      try renderStringAggregate(value, separator: separator, orderBy: orderBy, into: &context)
    case .function(let function, let arguments):
      try renderFunction(function, arguments, into: &context)
    case .raw(let segments):
      try renderRaw(segments, into: &context)
    case .jsonPath(let path):
      try renderJSONPath(path, into: &context)
    case .dialectExtension(let node):
      try node.node.render(in: self, into: &context)
    }
  }

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
    switch function {
    case .unixEpoch:
      context.append("extract(epoch FROM CAST(")
      try renderList(arguments, into: &context)
      context.append(" AS ")
      context.appendText(typeName(.timestamp))
      context.append("))")
    case .json:
      context.append("CAST(")
      try renderList(arguments, into: &context)
      context.append(" AS jsonb)")
    case .jsonExtractText:
      let (value, path) = try pair(of: arguments, for: function)
      try renderInfix(value, "#>>", path, into: &context)
    case .jsonExtract:
      let (value, path) = try pair(of: arguments, for: function)
      try renderInfix(value, "#>", path, into: &context)
    case .jsonArrayLength:
      context.append("jsonb_array_length(")
      try renderList(arguments, into: &context)
      context.append(")")
    }
  }

  public func renderStringAggregate(
    _ value: SQLExpression, separator: SQLExpression, orderBy: [OrderingTerm],
    into context: inout RenderContext
  ) throws {
    context.append("string_agg(")
    try renderExpression(.cast(value, .text), into: &context)
    context.append(", ")
    try renderExpression(separator, into: &context)
    try renderOrderBy(orderBy, into: &context)
    context.append(")")
  }

  /// Renders ` ORDER BY …`, of a statement or inside an aggregate call, or nothing.
  public func renderOrderBy(_ orderBy: [OrderingTerm], into context: inout RenderContext) throws {
    guard !orderBy.isEmpty else { return }
    context.append(" ORDER BY ")
    for index in orderBy.indices {
      if index > 0 { context.append(", ") }
      try renderOrderingTerm(orderBy[index], into: &context)
    }
  }

  public func renderConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws {
    try renderStandardConflictClause(clause, into: &context)
  }

  /// Renders ` ON CONFLICT (…) DO …`; `DO UPDATE` needs a target, as PostgreSQL requires.
  public func renderStandardConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws {
    context.append(" ON CONFLICT")
    if !clause.target.isEmpty {
      context.append(" (")
      for (index, column) in clause.target.enumerated() {
        if index > 0 { context.append(", ") }
        appendIdentifier(column, into: &context)
      }
      context.append(")")
    }
    switch clause.action {
    case .doNothing:
      context.append(" DO NOTHING")
    case .doUpdate(let assignments, let filter):
      guard !clause.target.isEmpty else {
        throw DialectError.unsupported(feature: "ON CONFLICT DO UPDATE without a conflict target", dialect: name)
      }
      context.append(" DO UPDATE SET ")
      try renderAssignments(assignments, into: &context)
      if let filter {
        context.append(" WHERE ")
        try renderExpression(filter, into: &context)
      }
    }
  }

  public func renderBinding(_ value: QueryBinding, into context: inout RenderContext) throws {
    if case .invalid(let error) = value { throw error }
    switch context.bindingStyle {
    case .placeholders:
      appendPlaceholder(context.placeholderNumber(for: value), into: &context)
    case .inlineLiterals:
      appendLiteral(value, into: &context)
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

  public func renderAggregate(
    _ function: AggregateFunction, _ argument: SQLExpression, distinct: Bool,
    into context: inout RenderContext
  ) throws {
    try renderStandardAggregate(function, argument, distinct: distinct, into: &context)
  }

  /// Renders `name([DISTINCT] argument)` with the standard names.
  public func renderStandardAggregate(
    _ function: AggregateFunction, _ argument: SQLExpression, distinct: Bool,
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
    case .integerSum:
      // sum(bigint) is an exact numeric: back to bigint, which fails where the total does not fit.
      return try renderCast(to: .integer, into: &context) { context in
        try renderStandardAggregate(.sum, argument, distinct: distinct, into: &context)
      }
    case .integerAverage:
      context.append("(")
      try renderCast(to: .real, into: &context) { context in
        try renderAggregate(.integerSum, argument, distinct: distinct, into: &context)
      }
      context.append(" / ")
      try renderAggregate(.count, argument, distinct: distinct, into: &context)
      context.append(")")
      return
    case .jsonArray:
      // An empty group is NULL to jsonb_agg but [] to SQLite's json_group_array: agree on [].
      context.append(distinct ? "coalesce(jsonb_agg(DISTINCT " : "coalesce(jsonb_agg(")
      try renderExpression(argument, into: &context)
      context.append("), '[]'::jsonb)")
      return
    }
    if distinct { context.append("DISTINCT ") }
    try renderExpression(argument, into: &context)
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
      case .expression(let expression): try renderExpression(expression, into: &context)
      }
    }
  }

  /// The two arguments of a binary function, or an error naming it.
  public func pair(of arguments: [SQLExpression], for function: SQLFunction) throws -> (SQLExpression, SQLExpression) {
    guard arguments.count == 2 else {
      throw DialectError.invalidStatement("\(function) takes 2 arguments, not \(arguments.count)")
    }
    return (arguments[0], arguments[1])
  }

  /// Renders `"column" = value, …`.
  public func renderAssignments(_ assignments: [Assignment], into context: inout RenderContext) throws {
    for (index, assignment) in assignments.enumerated() {
      if index > 0 { context.append(", ") }
      appendIdentifier(assignment.column, into: &context)
      context.append(" = ")
      try renderExpression(assignment.value, into: &context)
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

  /// Renders `"name"`, `"name" AS "alias"`, or `(SELECT …) AS "alias"`.
  public func renderTableReference(_ table: TableReference, into context: inout RenderContext) throws {
    switch table.source {
    case .table(let name):
      appendIdentifier(name, into: &context)
    case .subquery(let select):
      context.append("(")
      try renderSelect(select, into: &context)
      context.append(")")
    }
    if let alias = table.alias {
      context.append(" AS ")
      appendIdentifier(alias, into: &context)
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
    case .divide: return " / "
    case .modulo: return " % "
    case .concatenate: return " || "
    case .like: return " LIKE "
    case .notLike: return " NOT LIKE "
    case .likeMatchingCase: return " LIKE "
    }
  }
}

/// Lower-case hexadecimal digits of `bytes`.
func hexDigits(_ bytes: [UInt8]) -> String {
  let digits = Array("0123456789abcdef".utf8)
  var text = [UInt8]()
  text.reserveCapacity(bytes.count * 2)
  for byte in bytes {
    text.append(digits[Int(byte >> 4)])
    text.append(digits[Int(byte & 0x0f)])
  }
  return String(decoding: text, as: UTF8.self)
}
