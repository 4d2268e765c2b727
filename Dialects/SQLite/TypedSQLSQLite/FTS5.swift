import TypedSQLCore

/// A table of SQLite's FTS5 full-text index, declared with `@Table` like any other:
///
/// ```swift
/// // CREATE VIRTUAL TABLE "reminderTexts" USING fts5("title", "notes", tokenize = 'porter unicode61')
/// @Table struct ReminderText: FTS5 {
///   let rowid: Int          // FTS5's own row key: the reminder's id, to join back on
///   var title: String
///   var notes: String
/// }
///
/// ReminderText.where { $0.match("walk OR milk") }
///   .join(Reminder.all) { $0.rowid == $1.id }
///   .order { text, _ in text.rank }
/// ```
///
/// A `rowid` property stands for FTS5's row key; every other property is one of the index's
/// columns, in the order it was created with. Searching it is SQLite only: PostgreSQL refuses
/// each of these functions by name (its search is a `tsvector` column, in `TypedSQLPostgres`).
public protocol FTS5: Table {}

extension TableDefinition where QueryValue: FTS5 {
  /// `"reminderTexts"."reminderTexts" MATCH query` (the table's hidden column of its own name):
  /// the rows whose indexed text matches `query`, in FTS5's query syntax (words, `"phrases"`,
  /// `OR`, `AND`, `NOT`, `prefix*`, `NEAR(…)`, `column: …`).
  public func match(_ query: String) -> SQLQueryExpression<Bool> {
    fullText(.match(.binding(.text(query))))
  }

  /// `"reminderTexts"."title" MATCH query`: the rows whose `column` matches `query`.
  public func match<Value>(_ query: String, in column: KeyPath<Self, SQLQueryExpression<Value>>) -> SQLQueryExpression<Bool> {
    fullText(.matchColumn(self[keyPath: column].node, .binding(.text(query))))
  }

  /// FTS5's `rank` of a matched row: lower is better, so order by it ascending. It is `bm25` with
  /// every column weighted alike unless the table was configured otherwise. `NULL` in a query
  /// without `MATCH`, so it is optional.
  public var rank: SQLQueryExpression<Double?> {
    fullText(.rank)
  }

  /// `bm25(…)` of a matched row with each column's weight (1 for a column not listed): lower is
  /// better.
  ///
  /// ```swift
  /// ReminderText.where { $0.match("milk") }.order { $0.bm25([\.title: 10]) }
  /// // … ORDER BY bm25("reminderTexts"."reminderTexts", 10.0, 1.0)
  /// ```
  public func bm25(_ weights: [PartialKeyPath<Self>: Double] = [:]) -> SQLQueryExpression<Double> {
    var weightsByName: [ExactText: Double] = [:]
    for (column, weight) in weights {
      guard let name = Self.indexedColumnName(self[keyPath: column]) else { return fullText(.bm25(weights: nil)) }
      weightsByName[ExactText(name)] = weight
    }
    return fullText(.bm25(weights: Self.indexedColumnNames.map { weightsByName[ExactText($0)] ?? 1 }))
  }

  /// `highlight(…)`: the matched row's `column` with each matched phrase between `open` and
  /// `close`.
  public func highlight<Value>(
    _ column: KeyPath<Self, SQLQueryExpression<Value>>, open: String, close: String
  ) -> SQLQueryExpression<Value> {
    fullText(.highlight(column: Self.indexedColumnIndex(self[keyPath: column]), open: open, close: close))
  }

  /// `snippet(…)`: a fragment of the matched row's `column` of at most `tokens` words (1 to 64)
  /// around the matched phrases, each between `open` and `close`, with `ellipsis` where text was
  /// cut.
  public func snippet<Value>(
    _ column: KeyPath<Self, SQLQueryExpression<Value>>, open: String, close: String, ellipsis: String, tokens: Int
  ) -> SQLQueryExpression<Value> {
    fullText(.snippet(
      column: Self.indexedColumnIndex(self[keyPath: column]), open: open, close: close, ellipsis: ellipsis, tokens: tokens))
  }

  private func fullText<Value>(_ function: SQLiteFullText.Function) -> SQLQueryExpression<Value> {
    SQLQueryExpression(node: .dialectExtension(DialectExtensionNode(
      SQLiteFullText(table: qualifier, name: QueryValue.tableName, function: function))))
  }

  /// The index's columns: every column but `rowid`, in order.
  private static var indexedColumnNames: [String] {
    columnNames.filter { $0 != "rowid" }
  }

  /// The name of the index's column `handle` stands for, or `nil` when it is not one.
  private static func indexedColumnName(_ handle: Any) -> String? {
    guard let projection = handle as? any QueryProjection else { return nil }
    var nodes: [SQLExpression] = []
    projection.appendSelection(to: &nodes)
    guard nodes.count == 1, case .column(let column) = nodes[0], column.name != "rowid" else { return nil }
    return column.name
  }

  /// The position of `handle`'s column among the index's columns, or `nil` when it is not one.
  private static func indexedColumnIndex(_ handle: Any) -> Int? {
    indexedColumnName(handle).flatMap { indexedColumnNames.firstIndexExactly(of: $0) }
  }
}

/// A full-text search function of FTS5 over one table, in the tree.
struct SQLiteFullText: DialectExtension {
  enum Function: Hashable {
    case match(SQLExpression)
    case matchColumn(SQLExpression, SQLExpression)
    case rank
    /// `weights` is `nil` when one of the handles given was not one of the index's columns.
    case bm25(weights: [Double]?)
    /// `column` is `nil` when the handle given was not one of the index's columns.
    case highlight(column: Int?, open: String, close: String)
    case snippet(column: Int?, open: String, close: String, ellipsis: String, tokens: Int)
  }

  /// The table's name or alias in the query.
  let table: String
  /// The table's own name: FTS5 names its hidden column after it.
  let name: String
  let function: Function

  var feature: String {
    switch function {
    case .match, .matchColumn: "FTS5 MATCH"
    case .rank: "FTS5 rank"
    case .bm25: "FTS5 bm25"
    case .highlight: "FTS5 highlight"
    case .snippet: "FTS5 snippet"
    }
  }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    let sqlite = try owning(SQLiteDialect.self, dialect)
    switch function {
    case .match(let query):
      context.append("(")
      appendTableColumn(sqlite, into: &context)
      context.append(" MATCH ")
      try sqlite.renderExpression(query, into: &context)
      context.append(")")
    case .matchColumn(let column, let query):
      try sqlite.renderInfix(column, "MATCH", query, into: &context)
    case .rank:
      sqlite.appendIdentifier(table, into: &context)
      context.append(".rank")
    case .bm25(let weights):
      guard let weights else {
        throw DialectError.invalidStatement("FTS5 bm25 weighs only \(name)'s indexed columns")
      }
      if let weight = weights.first(where: { !$0.isFinite }) {
        // Written into the SQL, `nan` or `inf` would read as a column of that name.
        throw DialectError.invalidStatement("FTS5 bm25 weighs columns by finite numbers, not \(weight)")
      }
      context.append("bm25(")
      appendTableColumn(sqlite, into: &context)
      for weight in weights {
        context.append(", ")
        sqlite.appendLiteral(.double(weight), into: &context)
      }
      context.append(")")
    case .highlight(let column, let open, let close):
      context.append("highlight(")
      try appendColumnIndex(column, sqlite, into: &context)
      try sqlite.renderList([.binding(.text(open)), .binding(.text(close))], into: &context)
      context.append(")")
    case .snippet(let column, let open, let close, let ellipsis, let tokens):
      guard (1...64).contains(tokens) else {
        throw DialectError.invalidStatement("FTS5 snippet takes 1 to 64 tokens, not \(tokens)")
      }
      context.append("snippet(")
      try appendColumnIndex(column, sqlite, into: &context)
      try sqlite.renderList([.binding(.text(open)), .binding(.text(close)), .binding(.text(ellipsis))], into: &context)
      context.append(", ")
      context.appendNumber(tokens)
      context.append(")")
    }
  }

  /// FTS5's hidden column named after the table, which stands for the whole row.
  private func appendTableColumn(_ sqlite: SQLiteDialect, into context: inout RenderContext) {
    sqlite.appendIdentifier(table, into: &context)
    context.append(".")
    sqlite.appendIdentifier(name, into: &context)
  }

  private func appendColumnIndex(_ column: Int?, _ sqlite: SQLiteDialect, into context: inout RenderContext) throws {
    guard let column else {
      throw DialectError.invalidStatement("FTS5 \(feature.dropFirst(5)) needs one of \(name)'s indexed columns")
    }
    appendTableColumn(sqlite, into: &context)
    context.append(", ")
    context.appendNumber(column)
    context.append(", ")
  }
}
