extension QueryExpression where Value: QueryBindable {
  /// `self IN (…)`, one bound value per element. An empty collection matches no row.
  public func `in`(_ values: some Sequence<Value>) -> QueryExpression<Bool> {
    QueryExpression<Bool>(
      node: .inList(Value.wrapSQL(node), values.map { Value.wrapSQL(.binding($0.queryBinding)) }, negated: false))
  }

  /// `self NOT IN (…)`. An empty collection matches every row.
  public func notIn(_ values: some Sequence<Value>) -> QueryExpression<Bool> {
    QueryExpression<Bool>(
      node: .inList(Value.wrapSQL(node), values.map { Value.wrapSQL(.binding($0.queryBinding)) }, negated: true))
  }
}

extension QueryExpression where Value == String {
  /// `self LIKE pattern ESCAPE '\'`: `%` matches any run of characters, `_` any one, `\` escapes.
  ///
  /// ASCII letters match either case and other letters only their own, on every database
  /// (SQLite's `LIKE`; PostgreSQL's `ILIKE` under the `C` collation).
  public func like(_ pattern: String) -> QueryExpression<Bool> {
    QueryExpression<Bool>(node: .binary(node, .like, .binding(.text(pattern))))
  }

  /// `self LIKE pattern ESCAPE '\'` with a pattern computed in SQL, such as a prepared
  /// statement's argument: `$0.title.like(prefix + "%")`.
  public func like(_ pattern: QueryExpression<String>) -> QueryExpression<Bool> {
    QueryExpression<Bool>(node: .binary(node, .like, pattern.node))
  }
}
