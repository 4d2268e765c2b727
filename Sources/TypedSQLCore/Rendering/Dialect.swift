/// How one database spells the tree: identifiers, placeholders, literals, and every node it
/// writes differently from the standard.
///
/// Each requirement has a standard spelling (the standard renderer, in an extension of this
/// protocol); a dialect implements only what it spells differently and the capabilities it
/// lacks. A node a dialect cannot express throws ``DialectError/unsupported(feature:dialect:)``.
///
/// ```swift
/// let rendered = try Reminder.where { $0.priority == 2 }.render(in: .postgres)
/// rendered.sql       // SELECT … WHERE ("reminders"."priority" = $1)
/// rendered.bindings  // [.int(2)]
/// ```
public protocol Dialect: Sendable {
  /// The database's name, used in errors: `"SQLite 3.40.1"`, `"PostgreSQL"`.
  var name: String { get }

  /// The most placeholders one statement may hold (see `RenderContext.placeholderCount`).
  var maximumBindingCount: Int { get }

  /// Where `NULL` sorts in an ascending `ORDER BY` term that names no placement.
  var defaultAscendingNullsPlacement: OrderingTerm.NullsPlacement { get }

  /// Whether `DEFAULT` may stand for one value of a `VALUES` row.
  var supportsDefaultInValues: Bool { get }

  /// Whether the rendered text of a ``SharedSelectList`` (a table's columns) may be kept and
  /// reused for every value of this dialect type. True only when columns are spelled the same
  /// whatever the dialect value's settings; the default is false.
  var cachesColumnLists: Bool { get }

  /// Whether the SQL of a one-row `INSERT` of bound values, and of a `SELECT` of a table's rows
  /// filtered and ordered by comparisons of columns and bound values (`=`, `<>`, `<`, `>`, `<=`,
  /// `>=`, `IS [NOT] NULL`, `IS [NOT] DISTINCT FROM`, `AND`, `OR`, `NOT`), depends only on each
  /// value's kind (its ``QueryBinding`` case) and on which values are equal, never on a value
  /// itself, and each bound value is one of the statement's, unchanged. Then a database may keep
  /// the SQL of one such statement and reuse it for the next of the same shape (see
  /// ``RenderedStatementShapes``). The default is false.
  var rendersValuesByKind: Bool { get }

  /// Appends an identifier, quoted, with embedded quote characters escaped.
  func appendIdentifier(_ name: String, into context: inout RenderContext)

  /// Appends a column reference: `"table"."column"`, or `"column"` when unqualified. Every
  /// column renders through it, lists of them without passing through
  /// ``renderExpression(_:into:)``.
  func appendColumn(_ column: ColumnReference, into context: inout RenderContext)

  /// Appends the placeholder for bound value number `number` (1-based).
  func appendPlaceholder(_ number: Int, into context: inout RenderContext)

  /// Appends the database's own identity of a row of the table `qualifier` names (SQLite
  /// `"t".rowid`, PostgreSQL `"t".ctid`); see ``SQLExpression/rowIdentity(qualifier:)``.
  func appendRowIdentity(qualifier: String, into context: inout RenderContext) throws

  /// The dialect's name for a portable type in `CAST(x AS type)`.
  func typeName(_ type: SQLType) -> String

  /// Appends a value as a literal, for display only (``RenderContext/BindingStyle/inlineLiterals``).
  func appendLiteral(_ value: QueryBinding, into context: inout RenderContext)

  /// Renders any statement.
  func renderStatement(_ statement: SQLStatement, into context: inout RenderContext) throws
  /// Renders a `SELECT`.
  func renderSelect(_ select: SelectStatement, into context: inout RenderContext) throws
  /// Renders an `INSERT`.
  func renderInsert(_ insert: InsertStatement, into context: inout RenderContext) throws
  /// Renders an `UPDATE`.
  func renderUpdate(_ update: UpdateStatement, into context: inout RenderContext) throws
  /// Renders a `DELETE`.
  func renderDelete(_ delete: DeleteStatement, into context: inout RenderContext) throws
  /// Renders the `RETURNING` clause of a write to `table` (a leading space included).
  func renderReturning(_ columns: [SQLExpression], of table: TableReference, into context: inout RenderContext) throws
  /// Renders a `JOIN` clause (a leading space included).
  func renderJoin(_ join: JoinClause, into context: inout RenderContext) throws
  /// Renders `LIMIT`/`OFFSET` (a leading space included).
  func renderLimit(_ limit: LimitClause, into context: inout RenderContext) throws
  /// Renders one `ORDER BY` term.
  func renderOrderingTerm(_ term: OrderingTerm, into context: inout RenderContext) throws
  /// Renders one `GROUP BY` term.
  func renderGroupingTerm(_ expression: SQLExpression, into context: inout RenderContext) throws

  /// Renders any expression.
  func renderExpression(_ expression: SQLExpression, into context: inout RenderContext) throws
  /// Renders a bound value: a placeholder, or a literal when displaying.
  func renderBinding(_ value: QueryBinding, into context: inout RenderContext) throws
  /// Renders a null-safe comparison.
  func renderIsDistinctFrom(
    _ lhs: SQLExpression, _ rhs: SQLExpression, negated: Bool, into context: inout RenderContext
  ) throws
  /// Renders a path into a JSON value, bound in the form the dialect's JSON functions take.
  func renderJSONPath(_ path: JSONPath, into context: inout RenderContext) throws
  /// Renders a statement that creates or drops a view or a trigger.
  func renderSchemaStatement(_ statement: SchemaStatement, into context: inout RenderContext) throws
  /// Renders a JSON object of named values (see ``SQLExpression/jsonObject(_:)``).
  func renderJSONObject(_ fields: [JSONObjectField], into context: inout RenderContext) throws
  /// Renders a value as a JSON value (see ``SQLExpression/jsonValue(_:_:)``).
  func renderJSONValue(_ value: SQLExpression, form: JSONValueForm, into context: inout RenderContext) throws
  /// Renders a JSON document's elements or members as a table source named `alias`, with the
  /// columns `key` and `value` (see ``TableReference/Source/jsonEach(_:_:)``).
  func renderJSONEachSource(
    _ document: SQLExpression, _ shape: TableReference.JSONEachShape, alias: String, into context: inout RenderContext
  ) throws
  /// Renders a change to a JSON document (see ``JSONEdit``).
  func renderJSONEdit(_ edit: JSONEdit, into context: inout RenderContext) throws
  /// Renders a portable function call.
  func renderFunction(_ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext) throws
  /// Renders an `ON CONFLICT` clause (a leading space included).
  func renderConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws
  /// Renders an aggregate call, followed by its `FILTER` and `OVER` clauses when it has them.
  func renderAggregate(
    _ function: AggregateFunction, _ argument: SQLExpression, distinct: Bool, clauses: AggregateClauses,
    into context: inout RenderContext
  ) throws
  /// Renders an operation on instants (see ``DateOperation``).
  func renderDate(_ operation: DateOperation, into context: inout RenderContext) throws
  /// Renders a `CAST` of a value whose type is known to another type, so that it gives the value
  /// SQLite's `CAST` gives, or throws ``DialectError/unsupported(feature:dialect:)`` where the
  /// dialect cannot.
  func renderConversion(
    _ value: SQLExpression, from source: SQLType, to target: SQLType, into context: inout RenderContext
  ) throws
}

extension Dialect {
  /// Renders `statement` with its values bound to placeholders.
  public func render(_ statement: SQLStatement) throws -> RenderedSQL {
    if statement.runsNothing { throw DialectError.runsNothing }
    return try render { context in try renderStatement(statement, into: &context) }
  }

  /// Renders a `SELECT` with its values bound to placeholders: ``render(_:)-(SQLStatement)``
  /// without wrapping the select in a statement first, on the path of every query.
  public func render(_ select: SelectStatement) throws -> RenderedSQL {
    if select.runsNothing { throw DialectError.runsNothing }
    return try render { context in try renderSelect(select, into: &context) }
  }

  /// The statement `body` renders, checked against the binding limit.
  /// Its text is written on the stack until it outgrows 1 KiB, and copied into the statement's
  /// SQL once at the end.
  private func render(_ body: (inout RenderContext) throws -> Void) throws -> RenderedSQL {
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { textStorage in
      var context = RenderContext(textStorage: textStorage)
      try body(&context)
      try context.checkNotRefused()
      guard context.placeholderCount <= maximumBindingCount else {
        throw DialectError.tooManyBindings(
          count: context.placeholderCount, limit: maximumBindingCount, dialect: name)
      }
      return try context.finish()
    }
  }

  /// Renders `statement` with its values written as executable literals: for a statement that
  /// cannot take parameters, such as one that creates a view or a trigger.
  public func renderWithLiterals(_ statement: SQLStatement) throws -> RenderedSQL {
    var context = RenderContext(bindingStyle: .literals)
    try renderStatement(statement, into: &context)
    return try context.finish()
  }

  /// Renders `statement` with its values written as literals: for reading, never for executing.
  public func renderForDisplay(_ statement: SQLStatement) throws -> String {
    if statement.runsNothing { throw DialectError.runsNothing }
    var context = RenderContext(bindingStyle: .inlineLiterals)
    try renderStatement(statement, into: &context)
    try context.checkNotRefused()
    return context.sql
  }
}
