import TypedSQLCore

// How MySQLDialect spells writes: a row of defaults, `RETURNING` where the server has it, and
// an upsert as `ON DUPLICATE KEY UPDATE`.
extension MySQLDialect {
  /// Inserts the standard way, except one row that takes every column's default, which is
  /// `INSERT INTO t () VALUES ()` (the server has no `DEFAULT VALUES`), and common tables, which
  /// go with the select whose rows are inserted, `INSERT INTO t (…) WITH … SELECT …` (the server
  /// reads no `WITH` before `INSERT`); an insert of values that reads common tables is refused,
  /// and so is an alias of the table, which the server's `INSERT` has no place for.
  public func renderInsert(_ insert: InsertStatement, into context: inout RenderContext) throws {
    guard insert.table.alias == nil else {
      throw DialectError.unsupported(feature: "an alias on INSERT (insert into the table by its name)", dialect: name)
    }
    if let with = insert.with {
      guard var select = insert.select, select.with == nil else {
        throw DialectError.unsupported(feature: "WITH on an INSERT of values", dialect: name)
      }
      select.with = with
      var moved = insert
      moved.with = nil
      moved.select = select
      return try renderInsert(moved, into: &context)
    }
    if insert.onConflict != nil {
      return try renderUpsert(insert, into: &context)
    }
    let takesOnlyDefaults =
      insert.select == nil && insert.rows.count == 1 && insert.rows[0].allSatisfy(\.isDefault)
    guard takesOnlyDefaults, insert.modifier == nil else {
      return try renderStandardInsert(insert, into: &context)
    }
    context.append("INSERT INTO ")
    try renderTableReference(insert.table, into: &context)
    context.append(" () VALUES ()")
    try renderReturning(insert.returning, of: insert.table, into: &context)
  }

  /// Updates the standard way; `RETURNING` on an update is refused, no server has it, and so
  /// is `WITH`, which the server reads before no `UPDATE`. An update of the rows a limited,
  /// distinct, grouped or compound select picks joins their keys (see `SelectedKeys`); on a
  /// table without a primary key, it takes the select's own clauses (see `FirstSelectedRows`).
  public func renderUpdate(_ update: UpdateStatement, into context: inout RenderContext) throws {
    guard update.returning.isEmpty else {
      throw DialectError.unsupported(feature: "UPDATE … RETURNING", dialect: name)
    }
    guard update.with == nil else {
      throw DialectError.unsupported(feature: "WITH on an UPDATE", dialect: name)
    }
    // An update that sets no column is the standard renderer's to refuse.
    if !update.assignments.isEmpty, let rows = FirstSelectedRows(filter: update.filter, table: update.table) {
      context.append("UPDATE ")
      try renderTableReference(update.table, into: &context)
      context.append(" SET ")
      try renderAssignments(update.assignments, into: &context)
      return try renderClauses(of: rows, into: &context)
    }
    guard !update.assignments.isEmpty, let keys = SelectedKeys(filter: update.filter, table: update.table) else {
      return try renderStandardUpdate(update, into: &context)
    }
    context.append("UPDATE ")
    try renderTableReference(update.table, into: &context)
    try renderKeysJoin(keys, into: &context)
    context.append(" SET ")
    for (index, assignment) in update.assignments.enumerated() {
      if index > 0 { context.append(", ") }
      appendIdentifier(update.table.qualifier, into: &context)
      context.append(".")
      appendIdentifier(assignment.column, into: &context)
      context.append(" = ")
      try renderExpression(assignment.value, into: &context)
    }
  }

  /// Deletes the standard way; `WITH`, which the server reads before no `DELETE`, is refused. A
  /// delete of the rows a limited, distinct, grouped or compound select picks joins their keys
  /// (see `SelectedKeys`), unless it returns rows; on a table without a primary key, it takes
  /// the select's own clauses (see `FirstSelectedRows`).
  public func renderDelete(_ delete: DeleteStatement, into context: inout RenderContext) throws {
    guard delete.with == nil else {
      throw DialectError.unsupported(feature: "WITH on a DELETE", dialect: name)
    }
    if let rows = FirstSelectedRows(filter: delete.filter, table: delete.table) {
      context.append("DELETE FROM ")
      try renderTableReference(delete.table, into: &context)
      try renderClauses(of: rows, into: &context)
      return try renderReturning(delete.returning, of: delete.table, into: &context)
    }
    // The server's `DELETE` of several tables has no `RETURNING`.
    guard delete.returning.isEmpty, let keys = SelectedKeys(filter: delete.filter, table: delete.table) else {
      return try renderStandardDelete(delete, into: &context)
    }
    context.append("DELETE ")
    appendIdentifier(delete.table.qualifier, into: &context)
    context.append(" FROM ")
    try renderTableReference(delete.table, into: &context)
    try renderKeysJoin(keys, into: &context)
  }

  /// ` JOIN (SELECT key … LIMIT ?) AS "typedsql_keys" ON "t"."key" = "typedsql_keys"."key"`.
  private func renderKeysJoin(_ keys: SelectedKeys, into context: inout RenderContext) throws {
    context.append(" JOIN (")
    try renderSelect(keys.select, into: &context)
    context.append(") AS ")
    appendIdentifier(SelectedKeys.alias, into: &context)
    context.append(" ON ")
    for (index, column) in keys.columns.enumerated() {
      if index > 0 { context.append(" AND ") }
      try renderExpression(.column(column), into: &context)
      context.append(" = ")
      try renderExpression(.column(ColumnReference(qualifier: SelectedKeys.alias, name: column.name)), into: &context)
    }
  }

  /// ` RETURNING …` on `INSERT` and `DELETE` from MariaDB 10.5; refused on MySQL and earlier
  /// MariaDB.
  public func renderReturning(
    _ columns: [SQLExpression], of table: TableReference, into context: inout RenderContext
  ) throws {
    guard columns.isEmpty || server.isAtLeast(.mariaDB, 10, 5) else {
      throw DialectError.unsupported(feature: "RETURNING", dialect: name)
    }
    try renderStandardReturning(columns, into: &context)
  }

  /// Refused on its own: an upsert is rendered whole by ``renderInsert(_:into:)``, which knows
  /// the columns the insert writes.
  public func renderConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws {
    throw DialectError.invalidStatement("ON CONFLICT rendered without its INSERT (render the insert)")
  }

  /// An upsert on MariaDB: the insert, then `ON DUPLICATE KEY UPDATE`, then any `RETURNING`.
  ///
  /// The server takes no conflict target: the clause acts on a conflict with any unique key, as
  /// SQLite's `ON CONFLICT DO UPDATE` with no target does. With a target, each assignment is
  /// made only when the existing row has the target's values, the conflict SQLite and
  /// PostgreSQL would act on, and when the update's condition holds:
  /// `"a" = IF("k" = VALUES("k") AND …, new value, "a")`, every assignment reading the row as it
  /// was (the session's `SIMULTANEOUS_ASSIGNMENT`). A row that conflicts with another unique
  /// key is left as it is, where SQLite and PostgreSQL fail with a unique violation. `DO NOTHING`
  /// assigns a column to itself. The proposed row, `excluded`, is `VALUES("column")`. A target's
  /// condition (`ON CONFLICT (…) WHERE …`) only chooses a partial unique index, and the server
  /// has none, so it is left out. The server's `RETURNING` returns a skipped row too, so it is
  /// refused with `DO NOTHING` and with an update's condition.
  private func renderUpsert(_ insert: InsertStatement, into context: inout RenderContext) throws {
    guard server.flavor == .mariaDB else {
      throw DialectError.unsupported(feature: "an upsert on MySQL (ON DUPLICATE KEY UPDATE is written for MariaDB)", dialect: name)
    }
    guard let clause = insert.resolvedConflictClause, let firstColumn = clause.target.first ?? insert.columns.first else {
      throw DialectError.invalidStatement("an upsert into \"\(insert.table.qualifier)\" writes no column")
    }
    if !insert.returning.isEmpty {
      switch clause.action {
      case .doUpdate(_, where: nil): break
      default:
        throw DialectError.unsupported(
          feature: "RETURNING on an upsert that can skip a row (the server returns skipped rows too)", dialect: name)
      }
    }
    var plain = insert
    plain.onConflict = nil
    plain.returning = []
    try renderInsert(plain, into: &context)
    context.append(" ON DUPLICATE KEY UPDATE ")
    switch clause.action {
    case .doNothing:
      appendIdentifier(firstColumn, into: &context)
      context.append(" = ")
      appendIdentifier(firstColumn, into: &context)
    case .doUpdate(let assignments, let filter):
      var conditions = clause.target.map { column -> SQLExpression in
        .binary(.column(ColumnReference(qualifier: nil, name: column)), .equal, .column(ColumnReference(qualifier: Self.proposedRow, name: column)))
      }
      if let filter { conditions.append(try readingProposedRow(filter)) }
      let condition = conditions.first.map { first in conditions.dropFirst().reduce(first) { .binary($0, .and, $1) } }
      for (index, assignment) in assignments.enumerated() {
        if index > 0 { context.append(", ") }
        appendIdentifier(assignment.column, into: &context)
        context.append(" = ")
        let value = try readingProposedRow(assignment.value)
        guard let condition else {
          try renderExpression(value, into: &context)
          continue
        }
        context.append("IF(")
        try renderExpression(condition, into: &context)
        context.append(", ")
        try renderExpression(value, into: &context)
        context.append(", ")
        appendIdentifier(assignment.column, into: &context)
        context.append(")")
      }
    case .updateWrittenColumns:
      throw DialectError.invalidStatement("an upsert's written columns were not resolved")
    }
    try renderReturning(insert.returning, of: insert.table, into: &context)
  }

  /// `expression` with the proposed row's columns (`"excluded"."a"`) as ``proposedRow``'s, which
  /// ``appendColumn(_:into:)`` writes `VALUES("a")`. An expression holding a subquery, a JSON
  /// edit or a date operation, which the rewrite does not reach into, is refused.
  private func readingProposedRow(_ expression: SQLExpression) throws -> SQLExpression {
    guard let rewritten = expression.requalified("excluded", as: Self.proposedRow) else {
      throw DialectError.unsupported(
        feature: "an upsert's update holding a subquery, JSON edit or date operation", dialect: name)
    }
    return rewritten
  }

  /// The qualifier that stands for the row an upsert proposed: no name the server takes can
  /// hold a NUL, so no table's columns are ever mistaken for it.
  static let proposedRow = "\u{0}proposed row"

  /// Appends a column, `VALUES("a")` for a column of the row an upsert proposed.
  public func appendColumn(_ column: ColumnReference, into context: inout RenderContext) {
    guard column.qualifier == Self.proposedRow else { return appendStandardColumn(column, into: &context) }
    context.append("VALUES(")
    appendIdentifier(column.name, into: &context)
    context.append(")")
  }
}
