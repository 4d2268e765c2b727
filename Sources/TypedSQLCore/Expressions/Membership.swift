extension SQLQueryExpression where Value: QueryBindable {
  /// `self IN (…)`, one bound value per element. An empty collection matches no row.
  public func `in`(_ values: some Sequence<Value>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(
      node: .inList(Value.wrapSQL(node), values.map { Value.wrapSQL(.binding($0.queryBinding)) }, negated: false))
  }

  /// `self NOT IN (…)`. An empty collection matches every row.
  public func notIn(_ values: some Sequence<Value>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(
      node: .inList(Value.wrapSQL(node), values.map { Value.wrapSQL(.binding($0.queryBinding)) }, negated: true))
  }
}

extension SQLQueryExpression where Value == String {
  /// `self LIKE pattern ESCAPE '\'`: `%` matches any run of characters, `_` any one, `\` escapes.
  ///
  /// ASCII letters match either case and other letters only their own, on every database
  /// (SQLite's `LIKE`; PostgreSQL's `ILIKE` under the `C` collation).
  public func like(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .binary(node, .like, .binding(.text(pattern))))
  }

  /// `self LIKE pattern ESCAPE escape`, StructuredQueries' spelling with an escape character of
  /// the caller's choosing: `$0.title.like("50!%%", escape: "!")` finds titles starting with
  /// "50%". The pattern is rewritten to escape with `\` before it is bound, so it means the same on
  /// every database and an index serves it as `like(_:)` with a pattern does. As in SQL, the escape
  /// is one code point; another character makes the statement throw when it is rendered.
  public func like(_ pattern: String, escape: Character) -> SQLQueryExpression<Bool> {
    guard escape.unicodeScalars.count == 1, let escapeScalar = escape.unicodeScalars.first else {
      let error = QueryBindingError("a LIKE escape must be one code point, not \(String(reflecting: escape))")
      return SQLQueryExpression<Bool>(node: .binary(node, .like, .binding(.invalid(error))))
    }
    var rewritten = String.UnicodeScalarView()
    var escaping = false
    for scalar in pattern.unicodeScalars {
      if escaping {
        rewritten.append("\\")
        rewritten.append(scalar)
        escaping = false
      } else if scalar == escapeScalar {
        escaping = true
      } else {
        if scalar == "\\" { rewritten.append("\\") }
        rewritten.append(scalar)
      }
    }
    if escaping { rewritten.append("\\") }
    return like(String(rewritten))
  }

  /// `self LIKE pattern ESCAPE '\'` with a pattern computed in SQL, such as a prepared
  /// statement's argument: `$0.title.like(prefix + "%")`.
  public func like(_ pattern: SQLQueryExpression<String>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .binary(node, .like, pattern.node))
  }

  /// `self LIKE pattern ESCAPE '\'` where every letter matches only itself, in any alphabet:
  /// `$0.title.likeMatchingCase("Milk%")` matches "Milk" but not "milk".
  ///
  /// PostgreSQL spells it `LIKE` under the `C` collation; SQLite, whose `LIKE` folds ASCII case,
  /// spells it `GLOB` with the pattern translated (`%` to `*`, `_` to `?`, and `*`, `?`, `[`
  /// matched literally), so an index of the column serves a prefix search on both. SQLite can
  /// translate a pattern bound as a value, which this form always is.
  public func likeMatchingCase(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .binary(node, .likeMatchingCase, .binding(.text(pattern))))
  }

  /// ``likeMatchingCase(_:)-(String)`` with a pattern computed in SQL. PostgreSQL only: SQLite's
  /// `GLOB` needs the pattern translated before it is bound, so its dialect throws
  /// ``DialectError`` for this form.
  public func likeMatchingCase(_ pattern: SQLQueryExpression<String>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .binary(node, .likeMatchingCase, pattern.node))
  }
}

extension SQLQueryExpression where Value == String? {
  /// `self LIKE pattern ESCAPE '\'` of optional text: `NULL` where the text is (StructuredQueries'
  /// `like` on a `String?` column), with the meaning of `like(_:)` on text.
  public func like(_ pattern: String) -> SQLQueryExpression<Bool?> {
    SQLQueryExpression<Bool?>(node: SQLQueryExpression<String>(node: node).like(pattern).node)
  }

  /// `self LIKE pattern ESCAPE escape` of optional text, with the meaning of `like(_:escape:)`
  /// on text.
  public func like(_ pattern: String, escape: Character) -> SQLQueryExpression<Bool?> {
    SQLQueryExpression<Bool?>(node: SQLQueryExpression<String>(node: node).like(pattern, escape: escape).node)
  }
}

extension QueryBindable {
  /// `value IN (…)` of a Swift value, StructuredQueries' `UUID(0).in([UUID(1), UUID(2)])`.
  public func `in`(_ values: some Sequence<Self>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Self>(node: .binding(queryBinding)).in(values)
  }

  /// `value NOT IN (…)` of a Swift value.
  public func notIn(_ values: some Sequence<Self>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Self>(node: .binding(queryBinding)).notIn(values)
  }
}

extension Sequence where Element: QueryBindable {
  /// Whether `expression` is one of these values: StructuredQueries' `[1, 2].contains($0.id)`,
  /// `$0.id.in([1, 2])`.
  public func contains(_ expression: SQLQueryExpression<Element>) -> SQLQueryExpression<Bool> {
    expression.in(self)
  }
}

extension ClosedRange where Bound: QueryBindable {
  /// Whether `expression` lies in the range, bounds included: StructuredQueries'
  /// `(0...10).contains($0.c)`, `$0.c.between(0, and: 10)`.
  public func contains(_ expression: SQLQueryExpression<Bound>) -> SQLQueryExpression<Bool> {
    expression.between(lowerBound, and: upperBound)
  }
}

extension Select {
  /// Whether `expression` is among the values of this query of one value per row:
  /// StructuredQueries' `Row.select(\.c).contains($0.c)`, `$0.c.in(Row.select(\.c))`.
  public func contains<Value: QueryDecodable>(_ expression: SQLQueryExpression<Value>) -> SQLQueryExpression<Bool>
  where Row.Output: QueryDecodable, Row.Output.NonNull == Value.NonNull {
    expression.in(self)
  }
}
