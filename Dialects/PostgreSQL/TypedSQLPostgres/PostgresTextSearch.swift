import TypedSQLCore

// PostgreSQL's full-text search: a `tsvector` column searched with `@@`, ranked with `ts_rank`
// and highlighted with `ts_headline`. Each function is PostgreSQL only; SQLite refuses it by
// name (its search is an FTS5 table, in `TypedSQLSQLite`).

/// A PostgreSQL `tsvector`: a document's words, normalized for searching, in its text form
/// (`'dog':3 'walk':1`).
///
/// Declare the column as one the database fills in, generated from the text it indexes (or kept
/// by a trigger), and give it a GIN index:
///
/// ```swift
/// // "search" tsvector GENERATED ALWAYS AS (to_tsvector('english', "title" || ' ' || "body")) STORED
/// // CREATE INDEX ON "articles" USING gin ("search")
/// @Table struct Article {
///   let id: Int
///   var title: String
///   var body: String
///   @Column(generated: .stored) var search: TextSearchVector
/// }
///
/// Article.where { $0.search.matches(.websearch("walk OR milk")) }
///   .order { $0.search.rank(matching: .websearch("walk OR milk")).desc() }
/// ```
public struct TextSearchVector: QueryDecodable, Hashable, Sendable {
  /// The vector in PostgreSQL's text form.
  public var text: String

  /// A vector from its text form.
  public init(text: String) {
    self.text = text
  }

  public init(decoder: inout some QueryDecoder) throws {
    text = try decoder.decodeString()
  }
}

/// The text search configuration that splits text into words and normalizes them: its language's
/// stop words and stemming. A vector and the queries that search it must use the same one.
public struct TextSearchConfiguration: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  /// The configuration's name, as PostgreSQL knows it: `"english"`.
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// English words, without stop words, stemmed (`walking` is `walk`).
  public static let english: Self = "english"
  /// Every word as written, in lower case.
  public static let simple: Self = "simple"
}

/// What to search a ``TextSearchVector`` for: the user's words, parsed by one of PostgreSQL's
/// query parsers in a configuration.
public struct TextSearchQuery: Hashable, Sendable {
  enum Parser: String, Hashable, Sendable {
    case websearch = "websearch_to_tsquery"
    case plain = "plainto_tsquery"
    case phrase = "phraseto_tsquery"
    case tsquery = "to_tsquery"
  }

  let parser: Parser
  let text: String
  let configuration: TextSearchConfiguration

  /// Words as a search box takes them (`websearch_to_tsquery`): all words, `"a phrase"`, `or`,
  /// `-word` to exclude. Never fails on what a user types.
  public static func websearch(_ text: String, configuration: TextSearchConfiguration = .english) -> Self {
    Self(parser: .websearch, text: text, configuration: configuration)
  }

  /// All of the words, anywhere (`plainto_tsquery`); punctuation is ignored.
  public static func plain(_ text: String, configuration: TextSearchConfiguration = .english) -> Self {
    Self(parser: .plain, text: text, configuration: configuration)
  }

  /// The words as a phrase, in order (`phraseto_tsquery`).
  public static func phrase(_ text: String, configuration: TextSearchConfiguration = .english) -> Self {
    Self(parser: .phrase, text: text, configuration: configuration)
  }

  /// A query in `tsquery` syntax (`to_tsquery`): `walk & (dog | cat) & !milk`, `walk:*`. Fails
  /// on a syntax error, so do not pass a user's text.
  public static func tsquery(_ text: String, configuration: TextSearchConfiguration = .english) -> Self {
    Self(parser: .tsquery, text: text, configuration: configuration)
  }
}

extension SQLQueryExpression where Value == TextSearchVector {
  /// `vector @@ query`: whether the document has what `query` asks for.
  public func matches(_ query: TextSearchQuery) -> SQLQueryExpression<Bool> {
    PostgresTextSearch.expression(.matches(node, query))
  }

  /// `ts_rank(vector, query)`: how well the document matches `query`; higher is better.
  public func rank(matching query: TextSearchQuery) -> SQLQueryExpression<Double> {
    PostgresTextSearch.expression(.rank(node, query))
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull == String {
  /// `to_tsvector(configuration, text)`: the text's words, normalized for searching; what a
  /// maintained `tsvector` column is set to.
  public func textSearchVector(_ configuration: TextSearchConfiguration = .english) -> SQLQueryExpression<TextSearchVector> {
    PostgresTextSearch.expression(.vector(node, configuration))
  }

  /// `ts_headline(…)`: the text with each word `query` matches between `open` and `close`. The
  /// whole text unless `maxWords` is given; then a fragment of at most that many words around
  /// the matches.
  public func textSearchHeadline(
    matching query: TextSearchQuery, open: String, close: String, maxWords: Int? = nil
  ) -> SQLQueryExpression<Value> {
    PostgresTextSearch.expression(.headline(node, query, open: open, close: close, maxWords: maxWords))
  }
}

/// A full-text search function of PostgreSQL's, in the tree.
struct PostgresTextSearch: DialectExtension {
  enum Function: Hashable {
    case matches(SQLExpression, TextSearchQuery)
    case rank(SQLExpression, TextSearchQuery)
    case vector(SQLExpression, TextSearchConfiguration)
    case headline(SQLExpression, TextSearchQuery, open: String, close: String, maxWords: Int?)
  }

  let function: Function

  static func expression<Value>(_ function: Function) -> SQLQueryExpression<Value> {
    SQLQueryExpression(node: .dialectExtension(DialectExtensionNode(Self(function: function))))
  }

  var feature: String {
    switch function {
    case .matches: "tsvector @@"
    case .rank: "ts_rank"
    case .vector: "to_tsvector"
    case .headline: "ts_headline"
    }
  }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    let postgres = try owning(PostgresDialect.self, dialect)
    switch function {
    case .matches(let vector, let query):
      context.append("(")
      try postgres.renderExpression(vector, into: &context)
      context.append(" @@ ")
      try render(query, postgres, into: &context)
      context.append(")")
    case .rank(let vector, let query):
      // `ts_rank` is a `real`; widened, it reads like every other Double.
      context.append("CAST(ts_rank(")
      try postgres.renderExpression(vector, into: &context)
      context.append(", ")
      try render(query, postgres, into: &context)
      context.append(") AS double precision)")
    case .vector(let text, let configuration):
      context.append("to_tsvector(")
      try render(configuration, postgres, into: &context)
      context.append(", ")
      try postgres.renderExpression(text, into: &context)
      context.append(")")
    case .headline(let text, let query, let open, let close, let maxWords):
      context.append("ts_headline(")
      try render(query.configuration, postgres, into: &context)
      context.append(", ")
      try postgres.renderExpression(text, into: &context)
      context.append(", ")
      try render(query, postgres, into: &context)
      context.append(", ")
      try postgres.renderExpression(.binding(.text(try Self.headlineOptions(open: open, close: close, maxWords: maxWords))), into: &context)
      context.append(")")
    }
  }

  /// `websearch_to_tsquery('english', $1)`.
  private func render(_ query: TextSearchQuery, _ postgres: PostgresDialect, into context: inout RenderContext) throws {
    context.appendText(query.parser.rawValue)
    context.append("(")
    try render(query.configuration, postgres, into: &context)
    context.append(", ")
    try postgres.renderExpression(.binding(.text(query.text)), into: &context)
    context.append(")")
  }

  /// The configuration as a constant, never a parameter, so that the expression is the one a
  /// generated column or an expression index was declared with, and the planner can match it.
  private func render(
    _ configuration: TextSearchConfiguration, _ postgres: PostgresDialect, into context: inout RenderContext
  ) throws {
    guard !configuration.rawValue.isEmpty, !configuration.rawValue.utf8.contains(0) else {
      throw DialectError.invalidStatement("a text search configuration needs a name")
    }
    postgres.appendLiteral(.text(configuration.rawValue), into: &context)
  }

  /// `ts_headline`'s options: each value double-quoted, its own quotes doubled.
  static func headlineOptions(open: String, close: String, maxWords: Int?) throws -> String {
    func quoted(_ value: String) -> String { "\"" + value.escapingScalars(["\""], with: "\"") + "\"" }
    guard !open.isEmpty, !close.isEmpty else {
      throw DialectError.invalidStatement("ts_headline needs text to mark where a match opens and closes")
    }
    var options = "StartSel=\(quoted(open)), StopSel=\(quoted(close))"
    if let maxWords {
      guard maxWords >= 2 else { throw DialectError.invalidStatement("ts_headline needs at least 2 words, not \(maxWords)") }
      options += ", MaxWords=\(maxWords), MinWords=\(min(15, maxWords - 1))"
    } else {
      options += ", HighlightAll=true"
    }
    return options
  }
}
