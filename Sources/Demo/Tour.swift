import TypedSQL
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite

/// One stop of the tour: a query as written in Swift, its SQL in each dialect, and what it
/// returns when run on the demo database.
struct TourStop {
  let title: String
  let swift: String
  let run: (SQLiteDatabase) throws -> String

  /// A stop whose statement is rendered in each dialect, then run and its rows printed.
  init<S: Statement>(_ title: String, _ swift: String, _ statement: S, rows: @escaping (S, SQLiteDatabase) throws -> [Any]) {
    self.title = title
    self.swift = swift
    self.run = { db in
      var lines = [
        "SQLite:      " + describe(statement, in: db.dialect),
        "PostgreSQL:  " + describe(statement, in: .postgres),
        "MariaDB:     " + describe(statement, in: .mysql),
      ]
      let result = try rows(statement, db)
      lines.append("Rows (\(result.count)):")
      lines += result.map { "  \($0)" }
      return lines.joined(separator: "\n")
    }
  }
}

private func describe(_ statement: some Statement, in dialect: some Dialect) -> String {
  do {
    let rendered = try statement.render(in: dialect)
    guard !rendered.bindings.isEmpty else { return rendered.sql }
    // MariaDB's `?` take their values by position: a value used twice is listed twice.
    let descriptions = rendered.bindings.map(\.description)
    let listed = rendered.positionalPlaceholders.isEmpty
      ? descriptions : rendered.positionalPlaceholders.map { descriptions[$0 - 1] }
    return rendered.sql + "\n             bindings: " + listed.joined(separator: ", ")
  } catch {
    return "(\(error))"
  }
}
