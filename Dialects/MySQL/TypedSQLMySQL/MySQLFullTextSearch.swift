import TypedSQLCore

// MariaDB's and MySQL's full-text search: `MATCH (columns) AGAINST (query)` over a `FULLTEXT`
// index of exactly those columns. Each function is MariaDB's and MySQL's only; SQLite and
// PostgreSQL refuse it by name (their searches are an FTS5 table and a `tsvector`).

/// What to search a `FULLTEXT` index for: the user's words, read in one of the server's modes.
///
/// Declare the index over the columns searched together, and search exactly those columns:
///
/// ```swift
/// // CREATE TABLE "articles" (…, FULLTEXT ("title", "body"))
/// Article.where { fullTextMatch($0.title, $0.body, against: .naturalLanguage("walk the dog")) }
///   .order { fullTextRelevance($0.title, $0.body, matching: .naturalLanguage("walk the dog")).desc() }
/// Article.where { $0.title.matches(.boolean("+dog -milk")) }   // a FULLTEXT ("title") index
/// ```
///
/// The words are matched as the indexed columns' collation compares them: under the binary
/// collation TypedSQL's sessions use, case exactly. Words shorter than the server's minimum
/// (`innodb_ft_min_token_size`, 3) and its stop words are not indexed.
public struct FullTextQuery: Hashable, Sendable {
  enum Mode: String, Hashable, Sendable {
    case naturalLanguage = " IN NATURAL LANGUAGE MODE"
    case boolean = " IN BOOLEAN MODE"
  }

  let mode: Mode
  let text: String

  /// Words as a search box takes them (`IN NATURAL LANGUAGE MODE`): rows with any of them,
  /// the most relevant first when ordered by relevance. Never fails on what a user types.
  public static func naturalLanguage(_ text: String) -> Self {
    Self(mode: .naturalLanguage, text: text)
  }

  /// A query in the server's boolean syntax (`IN BOOLEAN MODE`): `+dog -milk`, `"a phrase"`,
  /// `walk*`.
  public static func boolean(_ text: String) -> Self {
    Self(mode: .boolean, text: text)
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull == String {
  /// `MATCH (column) AGAINST (query)`: whether the column has what `query` asks for, through a
  /// `FULLTEXT` index of this one column.
  public func matches(_ query: FullTextQuery) -> SQLQueryExpression<Bool> {
    MySQLFullTextSearch.expression(.matches([node], query))
  }

  /// `MATCH (column) AGAINST (query)` as a number: how well the column matches `query`; higher
  /// is better, 0 for no match.
  public func relevance(matching query: FullTextQuery) -> SQLQueryExpression<Double> {
    MySQLFullTextSearch.expression(.relevance([node], query))
  }
}

/// `MATCH (a, b, …) AGAINST (query)`: whether the columns, searched together through a
/// `FULLTEXT` index of exactly these columns, have what `query` asks for.
public func fullTextMatch<each Column: QueryExpression>(
  _ columns: repeat each Column, against query: FullTextQuery
) -> SQLQueryExpression<Bool> {
  MySQLFullTextSearch.expression(.matches(fullTextColumns(repeat each columns), query))
}

/// `MATCH (a, b, …) AGAINST (query)` as a number: how well the columns match `query`.
public func fullTextRelevance<each Column: QueryExpression>(
  _ columns: repeat each Column, matching query: FullTextQuery
) -> SQLQueryExpression<Double> {
  MySQLFullTextSearch.expression(.relevance(fullTextColumns(repeat each columns), query))
}

private func fullTextColumns<each Column: QueryExpression>(_ columns: repeat each Column) -> [SQLExpression] {
  var nodes: [SQLExpression] = []
  for column in repeat each columns { nodes.append(column.queryNode) }
  return nodes
}

/// A full-text search function of MariaDB's and MySQL's, in the tree.
struct MySQLFullTextSearch: DialectExtension {
  enum Function: Hashable {
    case matches([SQLExpression], FullTextQuery)
    case relevance([SQLExpression], FullTextQuery)
  }

  let function: Function

  static func expression<Value>(_ function: Function) -> SQLQueryExpression<Value> {
    SQLQueryExpression(node: .dialectExtension(DialectExtensionNode(Self(function: function))))
  }

  var feature: String {
    switch function {
    case .matches: "MATCH … AGAINST"
    case .relevance: "MATCH … AGAINST relevance"
    }
  }

  /// `MATCH (columns) AGAINST (? IN … MODE)`; its relevance, a `DOUBLE`, is the same call read as
  /// a number. The columns must be columns: the server matches them to an index.
  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    let mysql = try owning(MySQLDialect.self, dialect)
    let (columns, query) = switch function {
    case .matches(let columns, let query), .relevance(let columns, let query): (columns, query)
    }
    guard !columns.isEmpty, columns.allSatisfy({ if case .column = $0 { true } else { false } }) else {
      throw DialectError.invalidStatement("MATCH … AGAINST searches columns of a FULLTEXT index, not computed values")
    }
    if case .matches = function { context.append("(") }
    context.append("MATCH (")
    try mysql.renderList(columns, into: &context)
    context.append(") AGAINST (")
    try mysql.renderExpression(.binding(.text(query.text)), into: &context)
    context.appendText(query.mode.rawValue)
    context.append(")")
    if case .matches = function { context.append(" > 0)") }
  }
}
