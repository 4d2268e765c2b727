// The standard spelling of statements and their clauses: `SELECT`, `INSERT`, `UPDATE`,
// `DELETE`, `WITH`, joins, limits, orderings and `ON CONFLICT`.
extension Dialect {
  /// Renders a statement through the method for its kind: `renderSelect(_:into:)`,
  /// `renderInsert(_:into:)`, `renderUpdate(_:into:)`, `renderDelete(_:into:)`,
  /// `renderSchemaStatement(_:into:)`, or `renderRaw(_:into:)` for a `#sql` statement.
  public func renderStatement(_ statement: SQLStatement, into context: inout RenderContext) throws {
    switch statement {
    case .select(let select): try renderSelect(select, into: &context)
    case .insert(let insert): try renderInsert(insert, into: &context)
    case .update(let update): try renderUpdate(update, into: &context)
    case .delete(let delete): try renderDelete(delete, into: &context)
    case .raw(let segments): try renderRaw(segments, into: &context)
    case .schema(let statement): try renderSchemaStatement(statement, into: &context)
    }
  }

  public func renderSelect(_ select: SelectStatement, into context: inout RenderContext) throws {
    try renderStandardSelect(select, into: &context)
  }

  /// Renders any `WITH`, the `SELECT`, its `UNION`, `INTERSECT` and `EXCEPT` terms (which may have
  /// no `ORDER BY`, `LIMIT` or `WITH` of their own), then its `ORDER BY` and `LIMIT`.
  public func renderStandardSelect(_ select: SelectStatement, into context: inout RenderContext) throws {
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
    try select.limit.withWrapped { try renderLimit($0, into: &context) }
  }

  /// Renders `WITH [RECURSIVE] "name" ("columns") AS (…), … ` (a trailing space included).
  public func renderWith(_ with: WithClause, into context: inout RenderContext) throws {
    let tables = with.tablesRead
    // At the top of a statement, a `none` table means the statement runs nothing; inside, the
    // statement around it has no SQL for that.
    guard !tables.contains(where: \.select.isNone) else { throw DialectError.runsNothing }
    context.append(with.isRecursive ? "WITH RECURSIVE " : "WITH ")
    for (index, table) in tables.enumerated() {
      if index > 0 { context.append(", ") }
      appendIdentifier(table.name, into: &context)
      context.append(" ")
      appendIdentifierList(table.columns, into: &context)
      context.append(" AS (")
      try renderSelect(table.select, into: &context)
      context.append(")")
    }
    context.append(" ")
  }

  /// Renders `SELECT … FROM … WHERE … GROUP BY … HAVING …`: a select without its `ORDER BY` and
  /// `LIMIT`, as it stands in a compound.
  public func renderSelectCore(_ select: SelectStatement, into context: inout RenderContext) throws {
    context.append(select.isDistinct ? "SELECT DISTINCT " : "SELECT ")
    try select.modifier.withWrapped { modifier in
      try modifier.node.render(in: self, into: &context)
      context.append(" ")
    }
    if cachesColumnLists, let shared = select.sharedColumns.value {
      try shared.append(in: self, into: &context)
    } else {
      // A tree of no result columns (built by hand: every `select` closure gives at least one)
      // is refused rather than run as `SELECT FROM`, which SQLite rejects and PostgreSQL
      // answers with empty rows.
      guard !select.columns.isEmpty else {
        throw DialectError.invalidStatement("a SELECT of no columns")
      }
      try renderList(select.columns, into: &context)
    }
    try select.from.withWrapped { from in
      context.append(" FROM ")
      try renderTableReference(from, into: &context)
    }
    for join in select.joins {
      try renderJoin(join, into: &context)
    }
    try select.filter.withWrapped { filter in
      context.append(" WHERE ")
      try renderExpression(filter, into: &context)
    }
    if !select.groupBy.isEmpty {
      context.append(" GROUP BY ")
      for index in select.groupBy.indices {
        if index > 0 { context.append(", ") }
        try renderGroupingTerm(select.groupBy[index], into: &context)
      }
    }
    try select.having.withWrapped { having in
      context.append(" HAVING ")
      try renderExpression(having, into: &context)
    }
  }

  public func renderInsert(_ insert: InsertStatement, into context: inout RenderContext) throws {
    try renderStandardInsert(insert, into: &context)
  }

  /// Renders any `WITH`, then `INSERT INTO` the table, of rows of values or of a select, then any
  /// `ON CONFLICT` and `RETURNING`. A column every row leaves to its default is left out; one row
  /// of only defaults is `DEFAULT VALUES`.
  public func renderStandardInsert(_ insert: InsertStatement, into context: inout RenderContext) throws {
    if let with = insert.with {
      try renderWith(with, into: &context)
    }
    context.append("INSERT ")
    if let modifier = insert.modifier {
      try modifier.node.render(in: self, into: &context)
      context.append(" ")
    }
    context.append("INTO ")
    try renderTableReference(insert.table, into: &context)
    if let select = insert.select {
      context.append(" ")
      appendIdentifierList(insert.columns, into: &context)
      context.append(" ")
      var select = select
      if insert.onConflict != nil {
        select.ensureLastCoreHasFilter()
      }
      try renderSelect(select, into: &context)
      try renderInsertTail(insert, into: &context)
      return
    }
    guard let firstRow = insert.rows.first else {
      throw DialectError.invalidStatement("an INSERT into \"\(insert.table.qualifier)\" has no rows")
    }
    // A column every row leaves to its default is left out, so no dialect ever needs `DEFAULT`
    // (or, worse, `NULL`) in its place.
    let keptColumns = insert.columns.indices.filter { column in
      insert.rows.contains { row in !row[column].isDefault }
    }
    if keptColumns.isEmpty {
      guard insert.rows.count == 1 else {
        throw DialectError.unsupported(
          feature: "one INSERT of several rows that take every column's default (running it inserts them one by one)",
          dialect: name)
      }
      context.append(" DEFAULT VALUES")
    } else {
      context.append(" ")
      appendIdentifierList(insert.columns, at: keptColumns, into: &context)
      context.append(" VALUES ")
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
                  + " INSERT while others give a value (running it inserts each kind of row separately)",
                dialect: name)
            }
            context.append("DEFAULT")
          }
        }
        context.append(")")
      }
    }
    try renderInsertTail(insert, into: &context)
  }

  /// Renders an insert's conflict clause and `RETURNING`.
  private func renderInsertTail(_ insert: InsertStatement, into context: inout RenderContext) throws {
    if let conflict = insert.resolvedConflictClause {
      try renderConflictClause(conflict, into: &context)
    }
    try renderReturning(insert.returning, of: insert.table, into: &context)
  }

  public func renderUpdate(_ update: UpdateStatement, into context: inout RenderContext) throws {
    try renderStandardUpdate(update, into: &context)
  }

  /// Renders any `WITH`, then `UPDATE table SET …`, its `WHERE`, and any `RETURNING`; an update
  /// that sets no column throws.
  public func renderStandardUpdate(_ update: UpdateStatement, into context: inout RenderContext) throws {
    guard !update.assignments.isEmpty else {
      throw DialectError.invalidStatement("an UPDATE of \"\(update.table.qualifier)\" sets no column")
    }
    if let with = update.with {
      try renderWith(with, into: &context)
    }
    context.append("UPDATE ")
    try renderTableReference(update.table, into: &context)
    context.append(" SET ")
    try renderAssignments(update.assignments, into: &context)
    if let filter = update.filter {
      context.append(" WHERE ")
      try renderExpression(filter, into: &context)
    }
    try renderReturning(update.returning, of: update.table, into: &context)
  }

  public func renderDelete(_ delete: DeleteStatement, into context: inout RenderContext) throws {
    try renderStandardDelete(delete, into: &context)
  }

  /// Renders any `WITH`, then `DELETE FROM table`, its `WHERE`, and any `RETURNING`.
  public func renderStandardDelete(_ delete: DeleteStatement, into context: inout RenderContext) throws {
    if let with = delete.with {
      try renderWith(with, into: &context)
    }
    context.append("DELETE FROM ")
    try renderTableReference(delete.table, into: &context)
    if let filter = delete.filter {
      context.append(" WHERE ")
      try renderExpression(filter, into: &context)
    }
    try renderReturning(delete.returning, of: delete.table, into: &context)
  }

  // MARK: Clauses

  public func renderReturning(_ columns: [SQLExpression], of table: TableReference, into context: inout RenderContext) throws {
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

  public func renderGroupingTerm(_ expression: SQLExpression, into context: inout RenderContext) throws {
    // Most terms are plain columns: they go straight to `appendColumn`.
    if case .column(let column) = expression {
      appendColumn(column, into: &context)
    } else {
      try renderExpression(expression, into: &context)
    }
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


  /// Renders ` ORDER BY …`, of a statement or inside an aggregate call, or nothing.
  public func renderOrderBy(_ orderBy: [OrderingTerm], into context: inout RenderContext) throws {
    guard !orderBy.isEmpty else { return }
    context.append(" ORDER BY ")
    try renderOrderingTerms(orderBy, into: &context)
  }

  /// Renders ordering terms separated by `, `.
  public func renderOrderingTerms(_ terms: [OrderingTerm], into context: inout RenderContext) throws {
    for index in terms.indices {
      if index > 0 { context.append(", ") }
      try renderOrderingTerm(terms[index], into: &context)
    }
  }

  public func renderConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws {
    try renderStandardConflictClause(clause, into: &context)
  }

  /// Renders ` ON CONFLICT (…) DO …`, or ` ON CONFLICT DO …` with no target: a conflict with any
  /// unique constraint (SQLite 3.35 or later for `DO UPDATE`).
  public func renderStandardConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws {
    context.append(" ON CONFLICT")
    if !clause.target.isEmpty {
      context.append(" ")
      appendIdentifierList(clause.target, into: &context)
      if let filter = clause.targetFilter {
        context.append(" WHERE ")
        try renderExpression(filter, into: &context)
      }
    }
    switch clause.action {
    case .doNothing:
      context.append(" DO NOTHING")
    case .updateWrittenColumns:
      throw DialectError.invalidStatement(
        "ON CONFLICT that updates the written columns, rendered without its INSERT (render the insert, which names them)")
    case .doUpdate(let assignments, let filter):
      context.append(" DO UPDATE SET ")
      try renderAssignments(assignments, into: &context)
      if let filter {
        context.append(" WHERE ")
        try renderExpression(filter, into: &context)
      }
    }
  }

  /// Appends `("a", "b", …)`: column names in parentheses, or only those at `positions` when given.
  /// Concrete types, not a generic sequence: rendering runs unspecialized behind the `Dialect`
  /// protocol, where a generic sequence costs a metadata lookup for every name.
  public func appendIdentifierList(_ names: [String], at positions: [Int]? = nil, into context: inout RenderContext) {
    context.append("(")
    if let positions {
      for (index, position) in positions.enumerated() {
        if index > 0 { context.append(", ") }
        appendIdentifier(names[position], into: &context)
      }
    } else {
      for (index, name) in names.enumerated() {
        if index > 0 { context.append(", ") }
        appendIdentifier(name, into: &context)
      }
    }
    context.append(")")
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

  /// Renders `"name"`, `"schema"."name"`, either `AS "alias"`, `(SELECT …) AS "alias"`, or a
  /// table's own SQL `AS "alias"`.
  public func renderTableReference(_ table: TableReference, into context: inout RenderContext) throws {
    switch table.source {
    case .table(let name):
      if let schema = table.schema {
        appendIdentifier(schema, into: &context)
        context.append(".")
      }
      appendIdentifier(name, into: &context)
    case .subquery(let select):
      context.append("(")
      try renderSelect(select, into: &context)
      context.append(")")
    case .jsonEach(let document, let shape):
      return try renderJSONEachSource(document, shape, alias: table.qualifier, into: &context)
    case .fragment(let segments):
      try renderRaw(segments, into: &context)
    }
    if let alias = table.alias {
      context.append(" AS ")
      appendIdentifier(alias, into: &context)
    }
  }
}

extension SelectStatement {
  /// Gives the last select of a compound (or the only one) a `WHERE`, `WHERE true` if it has
  /// none. SQLite reads an upsert's `ON CONFLICT` right after a `FROM` or `JOIN` as the `ON` of a
  /// join, whatever shape the source has.
  fileprivate mutating func ensureLastCoreHasFilter() {
    if compound.isEmpty {
      if filter == nil { filter = .binding(.bool(true)) }
    } else if compound[compound.count - 1].select.filter == nil {
      compound[compound.count - 1].select.filter = .binding(.bool(true))
    }
  }
}
