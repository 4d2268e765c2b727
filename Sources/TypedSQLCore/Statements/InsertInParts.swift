// A multi-row INSERT that binds more values than the database accepts in one statement runs as
// several INSERTs of fewer rows, in one transaction (a savepoint inside an open one), so it is
// still all or nothing. Nothing else about it changes: each part keeps the columns, the
// conflict clause and RETURNING.

extension Insert: SplittableStatement {
  func renderedParts(in dialect: some Dialect) throws -> [RenderedSQL] {
    let rows = insert.rows
    // A row binds at most one value per column; the rest of the statement (a conflict clause)
    // binds what a one-row insert binds beyond its row.
    var first = insert
    first.rows = Array(rows.prefix(1))
    let perRow = max(1, insert.columns.count)
    let fixed = max(0, try dialect.render(.insert(first)).bindings.count - perRow)
    var rowsPerPart = max(1, (dialect.maximumBindingCount - fixed) / perRow)
    while true {
      do {
        return try stride(from: 0, to: rows.count, by: rowsPerPart).map { start in
          var part = insert
          part.rows = Array(rows[start..<min(start + rowsPerPart, rows.count)])
          return try dialect.render(.insert(part))
        }
      } catch DialectError.tooManyBindings where rowsPerPart > 1 {
        rowsPerPart /= 2
      }
    }
  }
}
