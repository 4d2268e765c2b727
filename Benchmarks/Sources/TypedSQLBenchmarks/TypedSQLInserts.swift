import TypedSQLCore

/// TypedSQL's two ways of loading the benchmark's rows into a server's emptied `reminders`
/// table: each row through a prepared insert in one transaction, or all of them at once.
struct TypedSQLInserts<Connection: Database> {
  let database: Connection
  let rows: [Reminder]
  let insert: PreparedInsert<Connection, Reminder>

  init(rows: [Reminder], into database: Connection) {
    self.database = database
    self.rows = rows
    insert = database.prepareInsert(into: Reminder.self)
  }

  /// Every row through the prepared insert, one statement each, in one transaction.
  func prepared() throws {
    try empty()
    try database.transaction { _ in
      for row in rows { try insert.execute(row) }
    }
  }

  /// Every row in one bulk load (`prepareInsert … execute(contentsOf:)`).
  func bulk() throws {
    try empty()
    try insert.execute(contentsOf: rows)
  }

  private func empty() throws {
    try database.execute(RenderedSQL(sql: #"TRUNCATE "reminders""#))
  }
}
