import TypedSQLCore

/// MariaDB's and MySQL's spelling of the tree.
///
/// What differs from SQLite: identifiers between backticks, `?` placeholders matched to values by
/// position (the same value bound once per place it appears), `DIV` for integer division,
/// `<=>` for null-safe comparison,
/// `NULL`s first in ascending order with no `NULLS FIRST/LAST` (a placement that differs is
/// spelled as a leading `(x IS NULL)` term), `LIMIT` with a count before any offset, `CONCAT`
/// for `||`, bitwise operators read back as signed, `LIKE` as `REGEXP` (or with ASCII letters
/// lowered), `CAST` to `SIGNED` (a real truncated first), `DOUBLE`, `CHAR`, `BINARY` and
/// `DATETIME(6)`, aggregates without `FILTER`, `GROUP_CONCAT`, `INSERT INTO t () VALUES ()` for
/// a row of defaults and `INSERT INTO t (…) WITH … SELECT` for common tables, an upsert as
/// `ON DUPLICATE KEY UPDATE`, dates with `DATE_FORMAT`, `INTERVAL` and `TIMESTAMPDIFF`, JSON with
/// the server's JSON functions and `JSON_TABLE`, triggers with a `BEGIN … END` body. Refused by
/// name: `FULL JOIN`, `RETURNING` on `UPDATE` (and on anything on MySQL or MariaDB before 10.5),
/// `WITH` on `UPDATE` and `DELETE`, a shift by a computed amount, temporary views, and the
/// triggers the server cannot run with SQLite's meaning (see `MySQLTriggers.swift`).
///
/// The SQL it writes assumes the session ``MySQLDatabase`` sets up: `NO_BACKSLASH_ESCAPES`
/// (a backslash in a `'…'` literal is itself), UTC, and `utf8mb4`.
public struct MySQLDialect: Dialect {
  /// The server statements are rendered for; features are gated on its flavour and version.
  public let server: MySQLServer

  /// The table whose name, while a trigger's column value is rendered, names the row being
  /// written: its columns are read from the `new` row (see `MySQLTriggers.swift`).
  var writtenRowTable: String?

  /// A dialect for `server`; MariaDB 10.11 when none is named.
  public init(server: MySQLServer = .mariaDB10_11) {
    self.server = server
  }

  /// `MariaDB 10.11`, `MySQL 8.0`.
  public var name: String { server.description }

  /// A prepared statement takes at most 65535 parameters.
  public var maximumBindingCount: Int { 65535 }

  /// `NULL` is the smallest value: first ascending, last descending, as in SQLite.
  public var defaultAscendingNullsPlacement: OrderingTerm.NullsPlacement { .first }

  /// Columns are spelled the same whatever the server.
  public var cachesColumnLists: Bool { true }

  /// A value is a placeholder, whatever the value.
  @inlinable
  public var rendersValuesByKind: Bool { true }

  /// The identifier between backticks, doubling any backtick inside it: read the same whatever
  /// the session's `ANSI_QUOTES`.
  public func appendIdentifier(_ identifier: String, into context: inout RenderContext) {
    context.appendQuoted(identifier, quote: UInt8(ascii: "`"))
  }

  /// `?`, noting which value it stands for: the server matches placeholders to values by
  /// position.
  public func appendPlaceholder(_ number: Int, into context: inout RenderContext) {
    context.append("?")
    context.notePositionalPlaceholder(number)
  }

  public func typeName(_ type: SQLType) -> String {
    switch type {
    case .integer, .boolean: return "SIGNED"
    case .real: return "DOUBLE"
    case .text: return "CHAR"
    case .blob: return "BINARY"
    case .timestamp: return "DATETIME(6)"
    }
  }

  /// A double with an exponent (`1.5e0`: without one the server reads an exact decimal), an
  /// instant as `TIMESTAMP'…'` in UTC, every other value the standard way. Text is written for
  /// a session with `NO_BACKSLASH_ESCAPES`, which ``MySQLDatabase`` sets.
  public func appendLiteral(_ value: QueryBinding, into context: inout RenderContext) {
    switch value {
    case .double(let number) where number.isFinite:
      let text = String(number)
      context.appendText(text.contains("e") ? text : text + "e0")
    case .date(let date):
      context.append("TIMESTAMP")
      appendStandardLiteral(.text(ISO8601Text.string(from: date)), into: &context)
    default:
      appendStandardLiteral(value, into: &context)
    }
  }

  /// A real becomes an integer by truncation, `CAST(TRUNCATE(x, 0) AS SIGNED)`, as in SQLite
  /// (the server's `CAST` rounds); an instant becomes SQLite's text of it,
  /// `YYYY-MM-DD HH:MM:SS.SSS`; a real's text is refused, as on PostgreSQL (SQLite writes `3.0`,
  /// the server `3`), and so is text made an instant (the server makes a text that is no date
  /// `NULL`, where SQLite and PostgreSQL fail); every other conversion the standard way.
  public func renderConversion(
    _ value: SQLExpression, from source: SQLType, to target: SQLType, into context: inout RenderContext
  ) throws {
    switch (source, target) {
    case (.real, .integer):
      try renderCast(to: .integer, into: &context) { context in
        context.append("TRUNCATE(")
        try renderExpression(value, into: &context)
        context.append(", 0)")
      }
    case (.real, .text):
      throw DialectError.unsupported(
        feature: "CAST of a Double to text (SQLite writes 15 significant digits and 3.0 for three, MariaDB 3; format it in Swift)",
        dialect: name)
    case (.text, .timestamp):
      throw DialectError.unsupported(
        feature: "CAST of text to a date (MariaDB makes a text that is no date NULL, where SQLite and PostgreSQL fail; decode the text in Swift)",
        dialect: name)
    case (.timestamp, .text):
      context.append("LEFT(DATE_FORMAT(")
      try renderExpression(value, into: &context)
      context.append(", '%Y-%m-%d %H:%i:%s.%f'), 23)")
    default:
      try renderStandardConversion(value, from: source, to: target, into: &context)
    }
  }

  /// `<=>` is the null-safe equal: `(a <=> b)` for `IS NOT DISTINCT FROM`, `(NOT (a <=> b))` for
  /// `IS DISTINCT FROM`, where one side is a bound value, so that an index on the other serves
  /// it.
  ///
  /// Between two expressions, such as two columns, it is `((a <=> b) = 1)` and
  /// `((a <=> b) = 0)`. MariaDB 10.11 merges a bare `a <=> b` with an `a = b` elsewhere in the
  /// query (a join's `ON`) and then matches rows whose `a` and `b` are both `NULL`, which neither
  /// condition does: `… JOIN t2 ON t1.x = t2.y WHERE t2.y <=> t1.x` returns pairs of `NULL`s.
  /// Against a bound value, the same query returns the right rows, and keeps the index. The
  /// price: no index serves a null-safe comparison of two columns, so a join on one (rather
  /// than on `==`) reads the other table whole.
  public func renderIsDistinctFrom(
    _ lhs: SQLExpression, _ rhs: SQLExpression, negated: Bool, into context: inout RenderContext
  ) throws {
    guard !Self.isBoundValue(lhs), !Self.isBoundValue(rhs) else {
      context.append(negated ? "(" : "(NOT (")
      try renderExpression(lhs, into: &context)
      context.append(" <=> ")
      try renderExpression(rhs, into: &context)
      return context.append(negated ? ")" : "))")
    }
    context.append("((")
    try renderExpression(lhs, into: &context)
    context.append(" <=> ")
    try renderExpression(rhs, into: &context)
    context.append(negated ? ") = 1)" : ") = 0)")
  }

  /// Whether `expression` is a value bound to a placeholder: a statement's value or argument.
  private static func isBoundValue(_ expression: SQLExpression) -> Bool {
    switch expression {
    case .binding, .argument: true
    default: false
    }
  }

  /// `CONCAT(a, b)` for `||` (which is `OR` in MySQL's default mode), bitwise operators with
  /// SQLite's signed meaning (see `renderBitwise`), `LIKE` with SQLite's meaning, ASCII letters matching either case and
  /// others only their own (see `renderLike`), a scalar subquery limited to its first row, as
  /// SQLite reads it; every other expression the standard way. `likeMatchingCase` is the standard `LIKE`, which matches case exactly under the
  /// session's binary collation.
  public func renderExpression(_ expression: SQLExpression, into context: inout RenderContext) throws {
    switch expression {
    case .binary(let lhs, let op, let rhs):
      switch op {
      case .integerDivide:
        // `/` gives a decimal here; `DIV` truncates toward zero, `NULL` for a zero divisor.
        context.append("(")
        try renderExpression(lhs, into: &context)
        context.append(" DIV ")
        try renderExpression(rhs, into: &context)
        context.append(")")
      case .concatenate:
        context.append("CONCAT(")
        try renderExpression(lhs, into: &context)
        context.append(", ")
        try renderExpression(rhs, into: &context)
        context.append(")")
      case .bitwiseAnd, .bitwiseOr, .bitwiseXor:
        try renderBitwise(lhs, op, rhs, into: &context)
      case .shiftLeft, .shiftRight:
        try renderShift(lhs, left: op == .shiftLeft, by: rhs, into: &context)
      case .like, .notLike:
        try renderLike(lhs, rhs, negated: op == .notLike, into: &context)
      case .subtract where !Self.isSafeSubtrahend(rhs):
        try renderCheckedSubtraction(lhs, rhs, into: &context)
      default:
        try renderStandardExpression(expression, into: &context)
      }
    case .bitwiseNot(let operand):
      try renderBitwiseNot(operand, into: &context)
    case .inList(let operand, let list, let negated) where list.count > maximumBindingCount:
      guard let array = Self.jsonArray(ofBoundIntegers: list) else {
        return try renderStandardExpression(expression, into: &context)
      }
      // More values than a statement takes placeholders: integers go as one JSON array,
      // `x IN (SELECT "value" FROM JSON_TABLE(?, '$[*]' COLUMNS ("value" BIGINT PATH '$')) AS
      // "typedsql_list")`, which a select reads by semi-join through `x`'s index.
      context.append("(")
      try renderExpression(operand, into: &context)
      context.append(negated ? " NOT IN (SELECT " : " IN (SELECT ")
      appendIdentifier("value", into: &context)
      context.append(" FROM JSON_TABLE(")
      try renderBinding(.text(array), into: &context)
      context.append(", '$[*]' COLUMNS (")
      appendIdentifier("value", into: &context)
      context.append(" BIGINT PATH '$')) AS ")
      appendIdentifier("typedsql_list", into: &context)
      context.append("))")
    case .inSubquery(let operand, let subquery, let negated) where subquery.limit != nil:
      // The server refuses `LIMIT` in an `IN` subquery (1235, "doesn't yet support 'LIMIT &
      // IN/ALL/ANY/SOME subquery'") but reads the same select as a derived table:
      // `x IN (SELECT * FROM (SELECT … LIMIT ?) AS "typedsql_in")`.
      context.append("(")
      try renderExpression(operand, into: &context)
      context.append(negated ? " NOT IN (SELECT * FROM (" : " IN (SELECT * FROM (")
      try renderSelect(subquery, into: &context)
      context.append(") AS ")
      appendIdentifier("typedsql_in", into: &context)
      context.append("))")
    case .scalarSubquery(var subquery) where subquery.limit?.count == nil:
      // A second row is an error here; SQLite reads the first. An offset is kept.
      subquery.limit = LimitClause(count: .binding(.int(1)), offset: subquery.limit?.offset)
      try renderStandardExpression(.scalarSubquery(subquery), into: &context)
    case .jsonEdit(let edit):
      try renderJSONEditReadingDocumentOnce(edit, into: &context)
    case .column(let reference) where writtenRowTable != nil && reference.qualifier == writtenRowTable:
      try renderStandardExpression(.column(ColumnReference(qualifier: TriggerDefinition.newRow, name: reference.name)), into: &context)
    default:
      try renderStandardExpression(expression, into: &context)
    }
  }

  /// `[1,2,null]`: the JSON array of `list`, when each of its values is a bound integer or
  /// `NULL`; nil otherwise.
  private static func jsonArray(ofBoundIntegers list: [SQLExpression]) -> String? {
    var array = "["
    array.reserveCapacity(list.count * 8)
    for (index, value) in list.enumerated() {
      if index > 0 { array += "," }
      switch value {
      case .binding(.int(let number)): array += String(number)
      case .binding(.null): array += "null"
      default: return nil
      }
    }
    return array + "]"
  }

  /// `a - b`, written so that it fails when the result leaves 64 bits, as PostgreSQL's does:
  /// `CASE WHEN b = -2^63 THEN (a + (2^63 - 1) * (b = -2^63)) + (b = -2^63) ELSE (a - b) END`.
  ///
  /// - The server's `0 - b` gives -2^63 for a `b` of -2^63, without a word, where 2^63 does not
  ///   fit; every other difference that does not fit fails there. For that `b`, `a - b` is
  ///   `(a + (2^63 - 1)) + 1`, and the two sums fail exactly when it does not fit (`a` of 0 or
  ///   more).
  /// - The server computes a branch whose operands are all constants (bound values among them)
  ///   before it knows which branch is taken, and its error ends the statement. So the branch
  ///   for -2^63 must not fail for a `b` that does not take it: there `b = -2^63` is 0, and the
  ///   branch is `a`. `a - b` fails in the `ELSE` branch, taken or not, only where the
  ///   difference does not fit.
  /// - No negation: the server gives the negation of a negative constant the type `DECIMAL`,
  ///   which would make 2^63 a value rather than an error.
  private func renderCheckedSubtraction(
    _ lhs: SQLExpression, _ rhs: SQLExpression, into context: inout RenderContext
  ) throws {
    func isSmallest() throws {
      context.append("(")
      try renderExpression(rhs, into: &context)
      context.append(" = -9223372036854775808)")
    }
    context.append("CASE WHEN ")
    try renderExpression(rhs, into: &context)
    context.append(" = -9223372036854775808 THEN ((")
    try renderExpression(lhs, into: &context)
    context.append(" + 9223372036854775807 * ")
    try isSmallest()
    context.append(") + ")
    try isSmallest()
    context.append(") ELSE ")
    try renderStandardExpression(.binary(lhs, .subtract, rhs), into: &context)
    context.append(" END")
  }

  /// Whether `a - b` needs no check for this `b`: a bound number that is not -2^63.
  private static func isSafeSubtrahend(_ subtrahend: SQLExpression) -> Bool {
    switch subtrahend {
    case .binding(.int(let value)): return value != .min
    case .binding(.double): return true
    default: return false
    }
  }

  /// `LIMIT count OFFSET offset`; an offset alone gets the largest count, as the manual
  /// advises. The server takes a bound value or a number there, never an expression.
  public func renderLimit(_ limit: LimitClause, into context: inout RenderContext) throws {
    guard limit.count != nil || limit.offset != nil else { return }
    context.append(" LIMIT ")
    if let count = limit.count {
      try renderLimitValue(count, into: &context)
    } else {
      context.append("18446744073709551615")
    }
    if let offset = limit.offset {
      context.append(" OFFSET ")
      try renderLimitValue(offset, into: &context)
    }
  }

  private func renderLimitValue(_ value: SQLExpression, into context: inout RenderContext) throws {
    switch value {
    case .binding(.int), .argument:
      try renderExpression(value, into: &context)
    default:
      throw DialectError.unsupported(feature: "LIMIT or OFFSET computed by an expression", dialect: name)
    }
  }

  /// `expression [DESC]`, preceded by `(expression IS NULL) [DESC], ` where the term places
  /// `NULL`s where the server would not (last ascending, first descending): the server has no
  /// `NULLS FIRST/LAST`. A term that is never `NULL` keeps its plain form, which an index serves.
  public func renderOrderingTerm(_ term: OrderingTerm, into context: inout RenderContext) throws {
    let serverPlacement: OrderingTerm.NullsPlacement = term.direction == .ascending ? .first : .last
    if !term.isNeverNull, term.nulls != serverPlacement {
      context.append("(")
      try renderExpression(term.expression, into: &context)
      context.append(term.nulls == .last ? " IS NULL), " : " IS NULL) DESC, ")
    }
    try renderGroupingTerm(term.expression, into: &context)
    if term.direction == .descending { context.append(" DESC") }
  }

  /// A `GROUP BY` or `ORDER BY` term. The server reads a bound integer there as a column's
  /// position (`ORDER BY ?` bound to 2 orders by the second column; bound to 5, it fails), where
  /// SQLite and PostgreSQL read it as the constant it is. A bound integer or Boolean, or a
  /// prepared statement's argument (whose type is known only when it runs), is `COALESCE(?)`
  /// there: the same value, as an expression the server takes for one (a constant orders nothing
  /// and groups every row together, on every database).
  public func renderGroupingTerm(_ expression: SQLExpression, into context: inout RenderContext) throws {
    switch expression {
    case .binding(.int), .binding(.bool), .argument:
      context.append("COALESCE(")
      try renderExpression(expression, into: &context)
      context.append(")")
    default:
      try renderExpression(expression, into: &context)
    }
  }

  /// Selects the standard way. Inside a trigger's column value, a subquery's own tables are in
  /// scope again: the written row's table name means the table there.
  public func renderSelect(_ select: SelectStatement, into context: inout RenderContext) throws {
    guard writtenRowTable == nil else {
      var outside = self
      outside.writtenRowTable = nil
      return try outside.renderSelect(select, into: &context)
    }
    try renderStandardSelect(select, into: &context)
  }

  /// Joins the standard way; `FULL JOIN` is refused, the server has none.
  public func renderJoin(_ join: JoinClause, into context: inout RenderContext) throws {
    guard join.kind != .full else {
      throw DialectError.unsupported(feature: "FULL JOIN", dialect: name)
    }
    try renderStandardJoin(join, into: &context)
  }

  /// Views the standard way, except a temporary view, which neither server has, and
  /// `CREATE VIEW IF NOT EXISTS`, which MySQL lacks; triggers in the server's spelling (see
  /// `MySQLTriggers.swift`), dropped by name in the table's schema.
  public func renderSchemaStatement(_ statement: SchemaStatement, into context: inout RenderContext) throws {
    switch statement {
    case .createView(let view) where view.isTemporary:
      throw DialectError.unsupported(feature: "CREATE TEMPORARY VIEW", dialect: name)
    case .createView(let view) where view.ifNotExists && server.flavor == .mySQL:
      throw DialectError.unsupported(feature: "CREATE VIEW IF NOT EXISTS", dialect: name)
    case .createView, .dropView:
      try renderStandardSchemaStatement(statement, into: &context)
    case .createTrigger(let trigger):
      try renderCreateTrigger(trigger, into: &context)
    case .dropTrigger(let name, let table, let ifExists):
      context.append(ifExists ? "DROP TRIGGER IF EXISTS " : "DROP TRIGGER ")
      try renderTableReference(TableReference(name: name, schema: table.schema), into: &context)
    }
  }
}

extension Dialect where Self == MySQLDialect {
  /// MariaDB 10.11: `try query.render(in: .mysql)`.
  public static var mysql: MySQLDialect { MySQLDialect() }
}
