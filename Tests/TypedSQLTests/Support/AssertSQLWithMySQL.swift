import InlineSnapshotTesting
import Testing
import TypedSQLCore
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite

/// Snapshots a statement's SQL in SQLite, PostgreSQL and MySQL (MariaDB 10.11) side by side, with
/// its bindings: for MySQL the values in the order its `?` placeholders take them, a value used
/// twice listed twice.
func assertSQLWithMySQL<S: Statement>(
  _ statement: @autoclosure () throws -> S,
  matches expected: (() -> String)? = nil,
  fileID: StaticString = #fileID, file: StaticString = #filePath, function: StaticString = #function,
  line: UInt = #line, column: UInt = #column
) {
  assertInlineSnapshot(
    of: try statement(),
    as: .sqlWithMySQL,
    syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "matches"),
    matches: expected,
    fileID: fileID, file: file, function: function, line: line, column: column)
}

extension Snapshotting where Value: Statement, Format == String {
  /// The SQL of a statement in the three dialects, and its bindings.
  static var sqlWithMySQL: Self {
    Snapshotting<String, String>.lines.pullback { statement in
      """
      SQLite:
      \(describe(statement, in: .sqlite))
      PostgreSQL:
      \(describe(statement, in: .postgres))
      MySQL:
      \(describePositionally(statement, in: .mysql))
      """
    }
  }
}

/// `sql` then `bindings: …` in placeholder order, or the error rendering threw.
private func describePositionally(_ statement: some Statement, in dialect: MySQLDialect) -> String {
  do {
    let rendered = try statement.render(in: dialect)
    var text = "  " + rendered.sql
    if !rendered.positionalPlaceholders.isEmpty {
      let descriptions = rendered.bindingDescriptions
      text += "\n  bindings: " + rendered.positionalPlaceholders.map { descriptions[$0 - 1] }.joined(separator: ", ")
    }
    return text
  } catch {
    return "  error: \(error)"
  }
}
