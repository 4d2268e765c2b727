import TypedSQLCore

/// SQLite's spelling of the tree, gated on the library version.
///
/// What differs from the standard: `?NNN` placeholders, `IS` / `IS NOT` for null-safe
/// comparison, `NULL`s first in ascending order, `LIMIT -1` before an `OFFSET` alone, booleans as
/// `1`/`0` literals, no `DEFAULT` inside `VALUES`, `group_concat` for string aggregates, its own
/// type names in `CAST`, and features that need a newer library (`ON CONFLICT` 3.24, `RETURNING`
/// 3.35, `NULLS FIRST`/`LAST` 3.30, `RIGHT`/`FULL JOIN` 3.39, an ordered `group_concat` 3.44)
/// throw `DialectError.unsupported(feature:dialect:)` on older ones.
public struct SQLiteDialect: Dialect {
  /// The SQLite version statements are rendered for.
  public var version: SQLiteVersion
  /// The most values one statement may bind: the connection's `SQLITE_LIMIT_VARIABLE_NUMBER` for
  /// a `SQLiteDatabase`'s dialect.
  public var maximumBindingCount: Int
  /// While a `RETURNING` of an aliased table renders: the alias and the table's name, which
  /// SQLite's `RETURNING` knows the table by.
  private var returningTable: ReturningTable?

  /// An aliased table written by a statement whose `RETURNING` is rendering.
  private struct ReturningTable: Sendable {
    let alias: String
    let name: String
  }

  /// A dialect for `version`, accepting at most `maximumBindingCount` bindings per statement
  /// (SQLite's `SQLITE_LIMIT_VARIABLE_NUMBER`: 32766 by default since 3.32).
  public init(version: SQLiteVersion = .linked, maximumBindingCount: Int = 32766) {
    self.version = version
    self.maximumBindingCount = maximumBindingCount
  }

  /// `SQLite` and the version, as errors name the dialect: `"SQLite 3.40.1"`.
  public var name: String { "SQLite \(version)" }

  /// `.first`: SQLite sorts `NULL` as the smallest value, first in ascending order.
  public var defaultAscendingNullsPlacement: OrderingTerm.NullsPlacement { .first }

  /// `false`: SQLite has no `DEFAULT` inside a `VALUES` row.
  public var supportsDefaultInValues: Bool { false }

  /// Columns are spelled the same in every SQLite version.
  public var cachesColumnLists: Bool { true }

  /// A value is a placeholder, or `jsonb(…)` around one for JSONB, whatever the value.
  @inlinable
  public var rendersValuesByKind: Bool { true }

  /// Appends a numbered placeholder: `?1`, `?2`, ….
  public func appendPlaceholder(_ number: Int, into context: inout RenderContext) {
    context.append("?")
    context.appendNumber(number)
  }

  /// The highest placeholder spelled with its number when it first appears. SQLite's parser
  /// takes time quadratic in the count of numbered placeholders (`?NNN`: 0.5 s to prepare 20,000
  /// of them, against 7 ms for as many plain `?`), so a value first bound past this number is
  /// spelled `?`, which SQLite numbers the same way: one more than the highest so far. A
  /// value used again is always spelled `?NNN`.
  static let numberedPlaceholderLimit = 999

  /// The first version with binary JSON (JSONB).
  static let jsonbVersion = SQLiteVersion(3, 45)

  /// Binds `value` as `appendPlaceholder(_:into:)` spells it, except a new value past
  /// `numberedPlaceholderLimit`, spelled `?`. JSON to store as JSONB is bound as its text and
  /// converted: `jsonb(?1)`.
  public func renderBinding(_ value: QueryBinding, into context: inout RenderContext) throws {
    if case .invalid(let error) = value { throw error }
    if case .jsonb = value {
      try require(Self.jsonbVersion, for: "JSONB")
      context.append("jsonb(")
      try renderTextOrPlaceholder(value, into: &context)
      context.append(")")
    } else {
      try renderTextOrPlaceholder(value, into: &context)
    }
  }

  private func renderTextOrPlaceholder(_ value: QueryBinding, into context: inout RenderContext) throws {
    switch context.bindingStyle {
    case .placeholders: break
    case .inlineLiterals: return appendLiteral(value, into: &context)
    case .literals:
      if case .double(let number) = value, number.isFinite { return appendExactDouble(number, into: &context) }
      return try appendExecutableLiteral(value, into: &context)
    }
    let count = context.bindings.count
    let number = context.placeholderNumber(for: value)
    if number > count, number > Self.numberedPlaceholderLimit {
      context.append("?")
    } else {
      appendPlaceholder(number, into: &context)
    }
  }

  /// Appends a literal for display: Booleans as `1` and `0`, as SQLite stores them; any other
  /// value the standard way.
  public func appendLiteral(_ value: QueryBinding, into context: inout RenderContext) {
    if case .bool(let value) = value {
      context.append(value ? "1" : "0")
    } else {
      appendStandardLiteral(value, into: &context)
    }
  }

  /// `"table".rowid`; a `WITHOUT ROWID` table has none, and SQLite says so when the statement is
  /// prepared.
  public func appendRowIdentity(qualifier: String, into context: inout RenderContext) {
    appendIdentifier(qualifier, into: &context)
    context.append(".rowid")
  }

  /// SQLite's type names: `INTEGER` for integers and Booleans, `REAL`, `TEXT` for text and
  /// instants, and `BLOB`.
  public func typeName(_ type: SQLType) -> String {
    switch type {
    case .integer, .boolean: return "INTEGER"
    case .real: return "REAL"
    case .text, .timestamp: return "TEXT"
    case .blob: return "BLOB"
    }
  }

  /// Renders a portable function as SQLite calls it: by the catalog's name, except extracted
  /// JSON text (`CAST(json_extract(…) AS TEXT)`), JSON extraction (the `->` operator, or
  /// `json_extract` for a scalar), a JSON document (`json_quote`) and an octet length (`length`
  /// of a blob). `unixepoch()` and `->` need SQLite 3.38, `jsonb` 3.45; older versions throw.
  public func renderFunction(
    _ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext
  ) throws {
    switch function {
    case .unixEpoch:
      try require(SQLiteVersion(3, 38), for: "unixepoch()")
      context.append("unixepoch(")
      try renderList(arguments, into: &context)
      context.append(")")
    case .json:
      try renderCall("json", arguments, into: &context)
    case .jsonBinary:
      try require(Self.jsonbVersion, for: "JSONB")
      try renderCall("jsonb", arguments, into: &context)
    case .jsonExtractText:
      context.append("CAST(json_extract(")
      try renderList(arguments, into: &context)
      context.append(") AS TEXT)")
    case .unhex:
      try require(SQLiteVersion(3, 41), for: "unhex()")
      try renderCall("unhex", arguments, into: &context)
    case .jsonExtractScalar:
      try renderCall("json_extract", arguments, into: &context)
    case .jsonExtract:
      try require(SQLiteVersion(3, 38), for: "the JSON -> operator")
      let (value, path) = try pair(of: arguments, for: function)
      try renderInfix(value, "->", path, into: &context)
    case .jsonArrayLength:
      try renderCall("json_array_length", arguments, into: &context)
    case .jsonArrayElementIndex, .jsonScalar:
      // json_each's key and value columns are these already.
      try renderList(arguments, into: &context)
    case .jsonDocument:
      try renderCall("json_quote", arguments, into: &context)
    case .octetLength:
      try renderCall("length", arguments.map { .cast($0, .blob) }, into: &context)
    default:
      // The catalog's names are SQLite's.
      try renderCall(function.name, arguments, into: &context)
    }
  }

  /// Renders views the standard way, and triggers as SQLite spells them:
  /// `CREATE [TEMP] TRIGGER [IF NOT EXISTS] "name" AFTER UPDATE OF "title" ON "reminders" FOR
  /// EACH ROW [WHEN …] BEGIN …; END`.
  ///
  /// SQLite cannot assign to the new row, so a trigger that gives the written row's columns
  /// values (`BEFORE UPDATE`, setting `updatedAt`) runs after the write instead, updating the row
  /// by its `rowid` (SQLite does not fire triggers from within a trigger, unless
  /// `PRAGMA recursive_triggers` is on).
  public func renderSchemaStatement(_ statement: SchemaStatement, into context: inout RenderContext) throws {
    switch statement {
    case .createTrigger(let trigger):
      context.append(trigger.isTemporary ? "CREATE TEMP TRIGGER " : "CREATE TRIGGER ")
      if trigger.ifNotExists { context.append("IF NOT EXISTS ") }
      appendIdentifier(trigger.name, into: &context)
      context.append(" ")
      try renderTriggerEvent(trigger, timing: trigger.setsColumns ? .after : trigger.timing, into: &context)
      if let condition = trigger.condition {
        context.append(" WHEN ")
        try renderExpression(condition, into: &context)
      }
      context.append(" BEGIN ")
      try renderTriggerActions(trigger, into: &context)
      context.append("END")
    case .dropTrigger(let name, _, let ifExists):
      context.append(ifExists ? "DROP TRIGGER IF EXISTS " : "DROP TRIGGER ")
      appendIdentifier(name, into: &context)
    case .createView, .dropView:
      try renderStandardSchemaStatement(statement, into: &context)
    }
  }

  /// Each action followed by `;`; the column values a trigger sets become one `UPDATE` of the
  /// written row.
  private func renderTriggerActions(_ trigger: TriggerDefinition, into context: inout RenderContext) throws {
    var assignments: [Assignment] = []
    for action in trigger.actions {
      switch action {
      case .statement(let statement):
        try renderStatement(statement, into: &context)
        context.append("; ")
      case .setColumn(let column, let value):
        assignments.append(Assignment(column: try TriggerDefinition.columnName(of: column), value: value))
      }
    }
    guard !assignments.isEmpty else { return }
    guard case .table(let table) = trigger.table.source else {
      throw DialectError.invalidStatement("a trigger that sets columns must be on a table")
    }
    let rowid = SQLExpression.raw([.identifier(TriggerDefinition.newRow), .text(".rowid")])
    let update = UpdateStatement(
      table: TableReference(name: table), assignments: assignments, filter: .binary(.raw([.text("rowid")]), .equal, rowid))
    try renderUpdate(update, into: &context)
    context.append("; ")
  }

  /// Binds the path as SQLite's JSON path text, `$."tags"[0]`.
  public func renderJSONPath(_ path: JSONPath, into context: inout RenderContext) throws {
    try renderBinding(.text(try sqlitePathText(path)), into: &context)
  }

  /// Renders an aggregate with SQLite's functions: `group_concat` (`DISTINCT` only with the
  /// default `","` separator), `json_group_array`, `total`, `sum` for an exact sum of integers,
  /// and `min` and `max` for Boolean `every` and `any`. `OVER` needs SQLite 3.25, `FILTER` 3.30
  /// and `ORDER BY` inside the call 3.44; older versions throw.
  public func renderAggregate(
    _ function: AggregateFunction, _ argument: SQLExpression, distinct: Bool, clauses: AggregateClauses,
    into context: inout RenderContext
  ) throws {
    if clauses.filter != nil { try require(SQLiteVersion(3, 30), for: "FILTER on an aggregate") }
    if clauses.window != nil { try require(SQLiteVersion(3, 25), for: "window functions") }
    if !clauses.orderBy.isEmpty { try require(SQLiteVersion(3, 44), for: "ORDER BY inside an aggregate") }
    switch function {
    case .groupConcat(let separator):
      context.append("group_concat(")
      guard distinct else {
        return try renderAggregateArguments(argument, separator, distinct: false, clauses: clauses, into: &context)
      }
      // SQLite's DISTINCT takes one argument: the separator must be group_concat's default.
      guard separator == .binding(.text(",")) else {
        throw DialectError.unsupported(feature: "group_concat DISTINCT with a separator other than \",\"", dialect: name)
      }
      try renderAggregateArguments(argument, distinct: true, clauses: clauses, into: &context)
    case .jsonArray:
      context.append("json_group_array(")
      try renderAggregateArguments(argument, distinct: distinct, clauses: clauses, into: &context)
    // SQLite's own sum of integers is exact and fails on overflow; its Booleans are 0 and 1.
    case .integerSum: try renderStandardAggregate(.sum, argument, distinct: distinct, clauses: clauses, into: &context)
    case .every: try renderStandardAggregate(.minimum, argument, distinct: distinct, clauses: clauses, into: &context)
    case .any: try renderStandardAggregate(.maximum, argument, distinct: distinct, clauses: clauses, into: &context)
    case .total:
      context.append("total(")
      try renderAggregateArguments(argument, distinct: distinct, clauses: clauses, into: &context)
    case .count, .sum, .average, .minimum, .maximum, .integerAverage, .named:
      try renderStandardAggregate(function, argument, distinct: distinct, clauses: clauses, into: &context)
    }
  }

  /// Renders `ON CONFLICT` the standard way, on SQLite 3.24 or later, and a `DO UPDATE` with no
  /// conflict target on 3.35 or later; older versions throw.
  public func renderConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws {
    try require(SQLiteVersion(3, 24), for: "ON CONFLICT")
    if clause.target.isEmpty, case .doUpdate = clause.action {
      try require(SQLiteVersion(3, 35), for: "ON CONFLICT DO UPDATE without a conflict target")
    }
    try renderStandardConflictClause(clause, into: &context)
  }

  /// Renders a null-safe comparison with SQLite's `IS NOT` (`(a IS NOT b)`), or `IS` when
  /// `negated`.
  public func renderIsDistinctFrom(
    _ lhs: SQLExpression, _ rhs: SQLExpression, negated: Bool, into context: inout RenderContext
  ) throws {
    context.append("(")
    try renderExpression(lhs, into: &context)
    context.append(negated ? " IS " : " IS NOT ")
    try renderExpression(rhs, into: &context)
    context.append(")")
  }

  /// Renders ` LIMIT count OFFSET offset`, with `LIMIT -1` (no maximum) before an `OFFSET` alone:
  /// SQLite has no `OFFSET` without `LIMIT`.
  public func renderLimit(_ limit: LimitClause, into context: inout RenderContext) throws {
    context.append(" LIMIT ")
    // `map` lends each expression; `if let` would copy it.
    if try limit.count.map({ try renderExpression($0, into: &context) }) == nil {
      // SQLite has no OFFSET without LIMIT; -1 means no maximum.
      context.append("-1")
    }
    _ = try limit.offset.map {
      context.append(" OFFSET ")
      try renderExpression($0, into: &context)
    }
  }

  /// Renders `RETURNING`, where SQLite knows the written table only by its name, not its alias.
  public func renderReturning(_ columns: [SQLExpression], of table: TableReference, into context: inout RenderContext) throws {
    if !columns.isEmpty { try require(SQLiteVersion(3, 35), for: "RETURNING") }
    guard let alias = table.alias, case .table(let name) = table.source else {
      return try renderStandardReturning(columns, into: &context)
    }
    var naming = self
    naming.returningTable = ReturningTable(alias: alias, name: name)
    try naming.renderStandardReturning(columns, into: &context)
  }

  /// Appends a column the standard way, except in the `RETURNING` of a write to an aliased table,
  /// where a column the alias qualifies is qualified by the table's name instead.
  public func appendColumn(_ column: ColumnReference, into context: inout RenderContext) {
    guard let returningTable, column.qualifier == returningTable.alias else {
      return appendStandardColumn(column, into: &context)
    }
    appendStandardColumn(ColumnReference(qualifier: returningTable.name, name: column.name), into: &context)
  }

  /// Renders a join the standard way; `RIGHT JOIN` and `FULL JOIN` need SQLite 3.39, and throw on
  /// older versions.
  public func renderJoin(_ join: JoinClause, into context: inout RenderContext) throws {
    switch join.kind {
    case .right: try require(SQLiteVersion(3, 39), for: "RIGHT JOIN")
    case .full: try require(SQLiteVersion(3, 39), for: "FULL JOIN")
    case .inner, .left: break
    }
    try renderStandardJoin(join, into: &context)
  }

  /// Renders an `ORDER BY` term the standard way; a `NULLS FIRST` or `NULLS LAST` placement other
  /// than SQLite's default needs SQLite 3.30, and throws on older versions.
  public func renderOrderingTerm(_ term: OrderingTerm, into context: inout RenderContext) throws {
    let isDefaultPlacement = term.isNeverNull || (term.direction == .ascending) == (term.nulls == .first)
    if !isDefaultPlacement { try require(SQLiteVersion(3, 30), for: "NULLS FIRST/LAST") }
    try renderStandardOrderingTerm(term, into: &context)
  }

  /// Throws unless this dialect's version is at least `minimum`.
  func require(_ minimum: SQLiteVersion, for feature: String) throws {
    guard version >= minimum else {
      throw DialectError.unsupported(feature: "\(feature) (needs SQLite \(minimum))", dialect: name)
    }
  }
}

extension Dialect where Self == SQLiteDialect {
  /// SQLite at the version this process links: `try query.render(in: .sqlite)`.
  public static var sqlite: SQLiteDialect { SQLiteDialect() }
}
