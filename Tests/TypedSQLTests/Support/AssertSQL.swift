import InlineSnapshotTesting
import Testing
import TypedSQLCore
import TypedSQLPostgres
import TypedSQLSQLite

/// Snapshots a statement's SQL in SQLite and PostgreSQL side by side, with its bindings.
///
/// The statement is also rendered through ``OddDialect``: a quote or placeholder spelled outside
/// a dialect fails the test.
func assertSQL<S: Statement>(
  _ statement: @autoclosure () throws -> S,
  sqlite: SQLiteDialect = .sqlite,
  matches expected: (() -> String)? = nil,
  fileID: StaticString = #fileID, file: StaticString = #filePath, function: StaticString = #function,
  line: UInt = #line, column: UInt = #column
) {
  assertInlineSnapshot(
    of: try statement(),
    as: .sql(sqlite: sqlite),
    syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "matches"),
    matches: expected,
    fileID: fileID, file: file, function: function, line: line, column: column)
}

extension Snapshotting where Value: Statement, Format == String {
  /// The SQL of a statement in each dialect, and its bindings.
  static func sql(sqlite: SQLiteDialect) -> Self {
    Snapshotting<String, String>.lines.pullback { statement in
      let sqliteText = describe(statement, in: sqlite)
      let postgresText = describe(statement, in: .postgres)
      checkSpellingComesFromDialect(statement)
      return "SQLite:\n\(sqliteText)\nPostgreSQL:\n\(postgresText)"
    }
  }
}

/// `sql` then `bindings: …`, or the error rendering threw.
func describe(_ statement: some Statement, in dialect: some Dialect) -> String {
  do {
    let rendered = try statement.render(in: dialect)
    var text = "  " + rendered.sql
    if !rendered.bindings.isEmpty {
      text += "\n  bindings: " + rendered.bindingDescriptions.joined(separator: ", ")
    }
    return text
  } catch {
    return "  error: \(error)"
  }
}

private func checkSpellingComesFromDialect(_ statement: some Statement) {
  guard let odd = try? statement.render(in: OddDialect()) else { return }
  // Identifiers may hold anything; only the text between them is SQL syntax.
  var syntax = ""
  var inIdentifier = false
  for character in odd.sql {
    if character == "⟦" { inIdentifier = true } else if character == "⟧" { inIdentifier = false }
    else if !inIdentifier { syntax.append(character) }
  }
  for character in ["\"", "?", "$"] where syntax.contains(character) {
    Issue.record("\(character) was written outside a dialect: \(odd.sql)")
  }
}
