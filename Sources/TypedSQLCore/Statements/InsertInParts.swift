// A multi-row INSERT that binds more values than the database accepts in one statement runs as
// several INSERTs of fewer rows, in one transaction (a savepoint inside an open one), so it is
// still all or nothing. So does one the dialect cannot write as one statement: rows that leave
// different columns to their defaults on SQLite, which has no `DEFAULT` in `VALUES` (a draft
// beside a row with its key), several rows of nothing but defaults, which no database
// writes in one `INSERT`, and an upsert of rows that leave different columns to their defaults,
// on any database, so that each part updates only the columns its own rows write. Nothing else
// about it changes: each part keeps the columns, the conflict clause and RETURNING.

extension Insert: SplittableStatement {
  public func runsAsSeveralStatements(in dialect: some Dialect) -> Bool {
    guard insert.select == nil, insert.rows.count > 1, let first = insert.rows.first else { return false }
    // One pass, no allocation per row: this runs for every insert, bulk ones included.
    let firstPattern = Self.defaultPattern(of: first)
    let samePattern = insert.rows.allSatisfy { row in
      row.count == firstPattern.count && zip(row, firstPattern).allSatisfy { $0.isDefault == $1 }
    }
    // Rows that leave different columns to their defaults need several statements where the
    // dialect has no `DEFAULT` in `VALUES`, and in any dialect when the upsert updates the
    // columns its rows write: one statement's `excluded` row would carry a default in place
    // of the value another row kept.
    guard samePattern else { return !dialect.supportsDefaultInValues || insert.updatesWrittenColumns }
    return firstPattern.allSatisfy { $0 }
  }

  func renderedParts(in dialect: some Dialect) throws -> [RenderedSQL] {
    try rowGroups(in: dialect).flatMap { rows in
      var part = insert
      part.rows = rows
      return try Self.withinBindingLimit(part, in: dialect)
    }
  }

  /// The rows in groups the dialect can write as one statement each: all together, or, where
  /// ``runsAsSeveralStatements(in:)``, by the columns they leave to their defaults (in the
  /// order each kind first appears), and one per row for rows of nothing but defaults.
  private func rowGroups(in dialect: some Dialect) -> [[[InsertValue]]] {
    guard runsAsSeveralStatements(in: dialect) else { return [insert.rows] }
    var groups: [[Bool]: [[InsertValue]]] = [:]
    var order: [[Bool]] = []
    for row in insert.rows {
      let pattern = Self.defaultPattern(of: row)
      if groups[pattern] == nil { order.append(pattern) }
      groups[pattern, default: []].append(row)
    }
    return order.flatMap { pattern in
      let rows = groups[pattern] ?? []
      return pattern.allSatisfy { $0 } ? rows.map { [$0] } : [rows]
    }
  }

  /// Which of a row's columns it leaves to their defaults.
  private static func defaultPattern(of row: [InsertValue]) -> [Bool] {
    row.map(\.isDefault)
  }

  /// `insert` as one statement or, when it binds more values than the dialect accepts, as
  /// several of fewer rows.
  private static func withinBindingLimit(_ insert: InsertStatement, in dialect: some Dialect) throws -> [RenderedSQL] {
    do {
      return [try dialect.render(.insert(insert))]
    } catch DialectError.tooManyBindings {
      let rows = insert.rows
      // A row binds at most one value per column; the rest of the statement (a conflict clause)
      // binds what a one-row insert binds beyond its row.
      var first = insert
      first.rows = Array(rows.prefix(1))
      let perRow = max(1, insert.columns.count)
      let fixed = max(0, try dialect.render(.insert(first)).placeholderCount - perRow)
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
}
