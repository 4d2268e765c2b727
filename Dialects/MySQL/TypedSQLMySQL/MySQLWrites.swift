import TypedSQLCore

// How MySQLDialect spells writes: a row of defaults, `RETURNING` where the server has it, and
// no `ON CONFLICT`.
extension MySQLDialect {
  /// Inserts the standard way, except one row that takes every column's default, which is
  /// `INSERT INTO t () VALUES ()` (the server has no `DEFAULT VALUES`), and common tables, which
  /// go with the select whose rows are inserted, `INSERT INTO t (…) WITH … SELECT …` (the server
  /// reads no `WITH` before `INSERT`); an insert of values that reads common tables is refused.
  public func renderInsert(_ insert: InsertStatement, into context: inout RenderContext) throws {
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
    let takesOnlyDefaults =
      insert.select == nil && insert.rows.count == 1 && insert.rows[0].allSatisfy(\.isDefault)
    guard takesOnlyDefaults, insert.modifier == nil, insert.onConflict == nil else {
      return try renderStandardInsert(insert, into: &context)
    }
    context.append("INSERT INTO ")
    try renderTableReference(insert.table, into: &context)
    context.append(" () VALUES ()")
    try renderReturning(insert.returning, of: insert.table, into: &context)
  }

  /// Updates the standard way; `RETURNING` on an update is refused, no server has it, and so
  /// is `WITH`, which the server reads before no `UPDATE`.
  public func renderUpdate(_ update: UpdateStatement, into context: inout RenderContext) throws {
    guard update.returning.isEmpty else {
      throw DialectError.unsupported(feature: "UPDATE … RETURNING", dialect: name)
    }
    guard update.with == nil else {
      throw DialectError.unsupported(feature: "WITH on an UPDATE", dialect: name)
    }
    try renderStandardUpdate(update, into: &context)
  }

  /// Deletes the standard way; `WITH`, which the server reads before no `DELETE`, is refused.
  public func renderDelete(_ delete: DeleteStatement, into context: inout RenderContext) throws {
    guard delete.with == nil else {
      throw DialectError.unsupported(feature: "WITH on a DELETE", dialect: name)
    }
    try renderStandardDelete(delete, into: &context)
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

  /// Refused: the server's upsert is `ON DUPLICATE KEY UPDATE`, which names no conflict target
  /// and is not written yet.
  public func renderConflictClause(_ clause: ConflictClause, into context: inout RenderContext) throws {
    throw DialectError.unsupported(feature: "ON CONFLICT (an upsert)", dialect: name)
  }
}
