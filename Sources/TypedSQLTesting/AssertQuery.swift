import InlineSnapshotTesting
import TypedSQLCore

/// Snapshots, inline, the SQL a query renders for `database` and the rows it returns there.
///
/// ```swift
/// @Test func openReminders() throws {
///   assertQuery(Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) }, database: db) {
///     """
///     SELECT "reminders"."id", "reminders"."title"
///     FROM "reminders"
///     WHERE NOT ("reminders"."isCompleted")
///     """
///   } results: {
///     """
///     ┌───┬────────┐
///     │ 1 │ "Milk" │
///     └───┴────────┘
///     """
///   }
/// }
/// ```
///
/// Leave the closures out (or empty) and the first run writes them into the test's source. The
/// SQL is laid out one clause per line, with its values written in (it is for reading, never
/// run); give `otherDialects` to snapshot their SQL too, each under its name. Rows are drawn as a
/// table, one column per element of a tuple; a query that fails snapshots its error.
public func assertQuery<Query: Statement>(
  _ query: Query,
  database: some Database,
  otherDialects: [any Dialect] = [],
  sql: (() -> String)? = nil,
  results: (() -> String)? = nil,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) {
  var dialects: [any Dialect] = [database.dialect]
  dialects += otherDialects
  assertInlineSnapshot(
    of: readableSQL(of: query, in: dialects),
    as: .lines,
    syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "sql", trailingClosureOffset: 0),
    matches: sql,
    fileID: fileID, file: filePath, function: function, line: line, column: column)
  assertInlineSnapshot(
    of: resultsTable(of: query, in: database),
    as: .lines,
    syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "results", trailingClosureOffset: 1),
    matches: results,
    fileID: fileID, file: filePath, function: function, line: line, column: column)
}

/// The query's SQL in each dialect, one clause per line; under each dialect's name when there
/// are several.
private func readableSQL(of query: some Statement, in dialects: [any Dialect]) -> String {
  let texts = dialects.map { dialect in
    do {
      return ReadableSQL.format(try dialect.renderForDisplay(query.statementNode))
    } catch {
      return "error: \(error)"
    }
  }
  guard dialects.count > 1 else { return texts[0] }
  return zip(dialects, texts).map { dialect, text in
    // The family, without the version ("SQLite 3.40.1" is "SQLite"), so the snapshot holds on
    // another machine.
    let name = dialect.name.split(separator: " ").prefix { !($0.first?.isNumber ?? false) }.joined(separator: " ")
    return "\(name):\n" + text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }.joined(separator: "\n")
}

/// The rows the query returns, drawn as a table, or its error.
private func resultsTable<Query: Statement>(of query: Query, in database: some Database) -> String {
  do {
    if query.runsNothing { return ResultTable.draw([]) }
    let rendered = try query.render(in: database.dialect)
    return ResultTable.draw(try database.fetchAll(rendered, as: Query.Row.self))
  } catch {
    return "error: \(error)"
  }
}
