import TypedSQLCore

// Features only PostgreSQL has. They render on PostgreSQL; any other dialect throws
// `DialectError.unsupported` naming the feature.

extension SQLQueryExpression where Value == String {
  /// `self ILIKE pattern ESCAPE '\'`: case-insensitive `LIKE`, Unicode-aware. PostgreSQL only.
  public func ilike(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(
      node: .dialectExtension(DialectExtensionNode(PostgresILike(value: node, pattern: .binding(.text(pattern))))))
  }
}

extension Select {
  /// `SELECT DISTINCT ON (…)`: the first row of each group of equal `terms`, in the query's
  /// order (which should start with the same terms). PostgreSQL only.
  public func distinctOn<each Term>(_ terms: (Scope) -> (repeat SQLQueryExpression<each Term>)) -> Self {
    var expressions: [SQLExpression] = []
    for term in repeat each terms(scope) { expressions.append(term.node) }
    var copy = self
    copy.select.modifier = DialectExtensionNode(PostgresDistinctOn(terms: expressions))
    return copy
  }
}

struct PostgresILike: DialectExtension {
  let value: SQLExpression
  let pattern: SQLExpression
  var feature: String { "ILIKE" }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    let postgres = try owning(PostgresDialect.self, dialect)
    context.append("(")
    try postgres.renderExpression(value, into: &context)
    context.append(" ILIKE ")
    try postgres.renderExpression(pattern, into: &context)
    context.append(" ESCAPE ")
    postgres.appendLiteral(.text("\\"), into: &context)
    context.append(")")
  }
}

struct PostgresDistinctOn: DialectExtension {
  let terms: [SQLExpression]
  var feature: String { "DISTINCT ON" }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    let postgres = try owning(PostgresDialect.self, dialect)
    context.append("DISTINCT ON (")
    try postgres.renderList(terms, into: &context)
    context.append(")")
  }
}
