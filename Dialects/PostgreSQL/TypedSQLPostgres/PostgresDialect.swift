import TypedSQLCore

/// PostgreSQL's spelling of the tree.
///
/// What differs from SQLite: `$N` placeholders, `IS [NOT] DISTINCT FROM` for null-safe
/// comparison, `NULL`s last in ascending order (so the dialect spells `NULLS FIRST` where the tree
/// asks for it), `OFFSET` without `LIMIT`, `DEFAULT` allowed inside `VALUES`, booleans as
/// `TRUE`/`FALSE`, `string_agg` for string aggregates, its own type names in `CAST` (and its own
/// spelling of SQLite's conversions), `ILIKE` under the `C` collation for `LIKE`, and `NULL` as a
/// literal so that every bound parameter has a type.
public struct PostgresDialect: Dialect {
  /// A PostgreSQL dialect; libpq accepts at most 65535 parameters per statement.
  public init() {}

  public var name: String { "PostgreSQL" }

  public var maximumBindingCount: Int { 65535 }

  /// Columns are spelled the standard way, with nothing that varies.
  public var cachesColumnLists: Bool { true }

  /// A value is a placeholder, or the literal `NULL`, whatever the value.
  @inlinable
  public var rendersValuesByKind: Bool { true }

  /// The longest identifier PostgreSQL keeps, in bytes (`NAMEDATALEN - 1`): it cuts a longer one
  /// to this length, so that two long names that differ only after it name the same object.
  public static let maximumIdentifierLength = 63

  /// `"name"`, doubling any `"` inside it; a name longer than
  /// ``maximumIdentifierLength`` bytes refuses the statement
  /// (`DialectError.identifierTooLong`) instead of reaching a server
  /// that would cut it and touch another object.
  public func appendIdentifier(_ identifier: String, into context: inout RenderContext) {
    let byteCount = identifier.utf8.count
    if byteCount > Self.maximumIdentifierLength {
      context.refuse(DialectError.identifierTooLong(
        identifier, byteCount: byteCount, limit: Self.maximumIdentifierLength, dialect: name))
    }
    context.appendQuoted(identifier, quote: UInt8(ascii: "\""))
  }

  public func appendPlaceholder(_ number: Int, into context: inout RenderContext) {
    context.append("$")
    context.appendNumber(number)
  }

  /// `"table".ctid`: the row's physical position, which no other row has while one statement
  /// runs.
  public func appendRowIdentity(qualifier: String, into context: inout RenderContext) {
    appendIdentifier(qualifier, into: &context)
    context.append(".ctid")
  }

  /// Renders an `IN` list of bound values of one type as one array parameter, `x = ANY($1)`
  /// (see `PostgresArrayParameter`); `LIKE` with SQLite's meaning (ASCII letters match either
  /// case, as `ILIKE` under the `C` collation does) and its case-sensitive twin under the same
  /// collation, so that one index serves both; every other expression the standard way.
  public func renderExpression(_ expression: SQLExpression, into context: inout RenderContext) throws {
    switch expression {
    case .inList(let operand, let list, let negated)
    where context.bindingStyle == .placeholders && PostgresArrayParameter.elementType(of: list) != nil:
      var values: [QueryBinding] = []
      values.reserveCapacity(list.count)
      for case .binding(let value) in list { values.append(value) }
      context.append("(")
      try renderExpression(operand, into: &context)
      context.append(negated ? " <> ALL(" : " = ANY(")
      try renderBinding(.array(values), into: &context)
      context.append("))")
    case .binary(let lhs, let op, let rhs):
      // One switch on the operator: most binary expressions are the standard ones.
      switch op {
      case .like, .notLike, .likeMatchingCase:
        context.append("(")
        try renderExpression(lhs, into: &context)
        switch op {
        case .like: context.append(#" COLLATE "C" ILIKE "#)
        case .notLike: context.append(#" COLLATE "C" NOT ILIKE "#)
        default: context.append(#" COLLATE "C" LIKE "#)
        }
        try renderExpression(rhs, into: &context)
        context.append(" ESCAPE ")
        appendLiteral(.text("\\"), into: &context)
        context.append(")")
      case .divide where !Self.isNonZeroConstant(rhs), .integerDivide where !Self.isNonZeroConstant(rhs),
        .modulo where !Self.isNonZeroConstant(rhs):
        // Division by zero is an error here and NULL in SQLite: divide by NULL instead.
        try renderStandardExpression(.binary(lhs, op, .function(.nullIf, [rhs, .binding(.int(0))])), into: &context)
      case .shiftLeft, .shiftRight:
        if case .binding(.int(let amount)) = rhs, (0..<64).contains(amount) {
          // The shift amount of a bigint is an integer.
          try renderStandardExpression(.binary(lhs, op, Self.asInteger(rhs)), into: &context)
        } else {
          try renderExpression(Self.shiftAsSQLite(lhs, left: op == .shiftLeft, by: rhs), into: &context)
        }
      default:
        try renderStandardExpression(expression, into: &context)
      }
    case .scalarSubquery(var subquery) where subquery.limit?.count == nil:
      // A second row is an error here; SQLite reads the first. An offset is kept.
      subquery.limit = LimitClause(count: .binding(.int(1)), offset: subquery.limit?.offset)
      try renderStandardExpression(.scalarSubquery(subquery), into: &context)
    default:
      try renderStandardExpression(expression, into: &context)
    }
  }

  /// A shift by an amount only known when the statement runs, with SQLite's meaning: a negative
  /// amount shifts the other way, and 64 or more shifts every bit out (0 to the left, the sign's
  /// copies to the right). PostgreSQL shifts a bigint by the amount modulo 64.
  static func shiftAsSQLite(_ value: SQLExpression, left: Bool, by amount: SQLExpression) -> SQLExpression {
    // Written out, not as a shift node, which would come back here: the amount is in range.
    func shift(_ left: Bool, _ distance: SQLExpression) -> SQLExpression {
      .raw([
        .text("("), .expression(value), .text(left ? " << " : " >> "), .expression(asInteger(distance)), .text(")"),
      ])
    }
    func allShiftedOut(_ left: Bool) -> SQLExpression {
      left ? .binary(value, .multiply, .binding(.int(0))) : .binary(value, .shiftRight, .binding(.int(63)))
    }
    func amountIs(_ op: BinaryOperator, _ bound: Int64) -> SQLExpression {
      .binary(amount, op, .binding(.int(bound)))
    }
    return .caseWhen(
      [
        CaseBranch(condition: amountIs(.greaterThanOrEqual, 64), value: allShiftedOut(left)),
        CaseBranch(condition: amountIs(.greaterThanOrEqual, 0), value: shift(left, amount)),
        CaseBranch(condition: amountIs(.greaterThan, -64), value: shift(!left, .negate(amount))),
        CaseBranch(condition: .isNull(amount, negated: true), value: allShiftedOut(!left)),
      ],
      else: nil)
  }

  /// Whether `expression` is a bound number other than zero.
  private static func isNonZeroConstant(_ expression: SQLExpression) -> Bool {
    switch expression {
    case .binding(.int(let value)): return value != 0
    case .binding(.double(let value)): return value != 0
    default: return false
    }
  }

  /// Views the standard way (PostgreSQL has no `CREATE VIEW IF NOT EXISTS`); triggers as a
  /// PL/pgSQL function and a trigger that calls it (see `PostgresTriggers.swift`).
  public func renderSchemaStatement(_ statement: SchemaStatement, into context: inout RenderContext) throws {
    switch statement {
    case .createView(let view) where view.ifNotExists:
      throw DialectError.unsupported(feature: "CREATE VIEW IF NOT EXISTS", dialect: name)
    case .createView, .dropView:
      try renderStandardSchemaStatement(statement, into: &context)
    case .createTrigger(let trigger):
      try renderCreateTrigger(trigger, into: &context)
    case .dropTrigger(let name, let table, let ifExists):
      // Dropping the function drops the trigger that calls it.
      context.append(ifExists ? "DROP FUNCTION IF EXISTS " : "DROP FUNCTION ")
      try renderTableReference(TableReference(name: name, schema: table.schema), into: &context)
      context.append("() CASCADE")
    }
  }

  /// Writes a constant `LIMIT` into the SQL as a number instead of binding it. The server keeps
  /// a prepared statement's generic plan only when it costs about what a plan for the actual
  /// values would; with the limit bound, the generic plan expects a tenth of the table, so the
  /// server would plan the statement afresh on every run, which takes as long as reading a first
  /// page through an index. An offset stays bound, so that every page of a query shares one
  /// statement.
  public func renderLimit(_ limit: LimitClause, into context: inout RenderContext) throws {
    guard let count = limit.count, case .binding(.int(let constant)) = count else {
      return try renderStandardLimit(limit, into: &context)
    }
    context.append(" LIMIT ")
    context.appendNumber(Int(constant))
    if let offset = limit.offset {
      context.append(" OFFSET ")
      try renderExpression(offset, into: &context)
    }
  }

  /// Renders `ON CONFLICT` the standard way, except a `DO UPDATE` with no target, which the
  /// server refuses: it names the table's primary key instead. A conflict with another unique
  /// constraint then fails with a unique violation (23505), where SQLite updates the row; a
  /// table with no primary key is refused by name.
  public func renderConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws {
    guard clause.target.isEmpty, case .doUpdate = clause.action else {
      return try renderStandardConflictClause(clause, into: &context)
    }
    guard !clause.primaryKey.isEmpty else {
      throw DialectError.unsupported(
        feature: "ON CONFLICT DO UPDATE without a conflict target on a table with no primary key"
          + " (name the unique columns with onConflict:)",
        dialect: name)
    }
    var keyed = clause
    keyed.target = clause.primaryKey
    try renderStandardConflictClause(keyed, into: &context)
  }

  public func typeName(_ type: SQLType) -> String {
    switch type {
    case .integer: return "bigint"
    case .real: return "double precision"
    case .text: return "text"
    case .blob: return "bytea"
    case .boolean: return "boolean"
    case .timestamp: return "timestamptz"
    }
  }

  /// Binds every value with its type, except `NULL`, which is written as the literal `NULL`: an
  /// untyped `NULL` parameter in a position with no type to infer (`SELECT $1`) is an error on
  /// PostgreSQL, while the literal is accepted everywhere a value is.
  public func renderBinding(_ value: QueryBinding, into context: inout RenderContext) throws {
    if case .invalid(let error) = value { throw error }
    switch context.bindingStyle {
    case .literals:
      try appendExecutableLiteral(value, into: &context)
    case .inlineLiterals:
      appendLiteral(value, into: &context)
    case .placeholders where value == .null:
      appendLiteral(value, into: &context)
    case .placeholders:
      appendPlaceholder(context.placeholderNumber(for: value), into: &context)
    }
  }

  /// Writes each value as a literal that the server reads as exactly that value whatever the
  /// session's `standard_conforming_strings` (a trigger's body is compiled by the session that
  /// fires it, which may have it off): text holding a backslash as an escape string, a double as
  /// `double precision` (a bare `-0.0` would be `numeric` and lose its sign), bytes as `bytea`
  /// hexadecimal.
  public func appendLiteral(_ value: QueryBinding, into context: inout RenderContext) {
    switch value {
    case .text(let text):
      appendTextLiteral(text, into: &context)
    case .double(let number):
      appendTextLiteral(String(number), into: &context)
      context.append("::double precision")
    case .date(let date):
      appendTextLiteral(ISO8601Text.string(from: date) + "+00", into: &context)
      context.append("::timestamptz")
    case .uuid(let uuid):
      appendTextLiteral(uuid.uuidString.lowercased(), into: &context)
      context.append("::uuid")
    case .json(let json), .jsonb(let json):
      appendTextLiteral(json, into: &context)
      context.append("::jsonb")
    case .blob(let bytes):
      appendTextLiteral("\\x" + HexText.digits(of: bytes), into: &context)
      context.append("::bytea")
    default:
      appendStandardLiteral(value, into: &context)
    }
  }

  /// `'text'` with each `'` doubled; text holding a backslash as `E'text'` with each backslash
  /// and quote escaped, as libpq's `PQescapeLiteral` writes it. Both read the same with
  /// `standard_conforming_strings` on or off, where `'\'` would not.
  private func appendTextLiteral(_ text: String, into context: inout RenderContext) {
    if text.unicodeScalars.contains("\\") {
      context.appendText("E'" + text.escapingScalars(["\\", "'"], with: "\\") + "'")
    } else {
      context.appendText("'" + text.escapingScalars(["'"], with: "'") + "'")
    }
  }
}

extension Dialect where Self == PostgresDialect {
  /// PostgreSQL: `try query.render(in: .postgres)`.
  public static var postgres: PostgresDialect { PostgresDialect() }
}
