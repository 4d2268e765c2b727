import TypedSQLCore

extension SQLiteDialect {
  /// Renders every expression the standard way except two SQLite has no operator for: a
  /// case-sensitive `LIKE` (`BinaryOperator.likeMatchingCase`; SQLite's `LIKE` folds ASCII
  /// case), which becomes `GLOB` with the pattern translated (see `globPattern(likePattern:)`),
  /// and exclusive or, computed as `(a | b) - (a & b)`.
  public func renderExpression(_ expression: SQLExpression, into context: inout RenderContext) throws {
    switch expression {
    case .binary(let value, .likeMatchingCase, let pattern):
      try renderCaseSensitiveLike(value, pattern, into: &context)
    case .binary(let lhs, .bitwiseXor, let rhs):
      try renderStandardExpression(
        .binary(.binary(lhs, .bitwiseOr, rhs), .subtract, .binary(lhs, .bitwiseAnd, rhs)), into: &context)
    case .window:
      try require(SQLiteVersion(3, 25), for: "window functions")
      try renderStandardExpression(expression, into: &context)
    default:
      try renderStandardExpression(expression, into: &context)
    }
  }

  private func renderCaseSensitiveLike(
    _ value: SQLExpression, _ pattern: SQLExpression, into context: inout RenderContext
  ) throws {
    guard case .binding(.text(let likePattern)) = pattern else {
      throw DialectError.unsupported(
        feature: "a case-sensitive LIKE whose pattern is computed in SQL (bind the pattern as a value)",
        dialect: name)
    }
    try renderInfix(value, "GLOB", .binding(.text(Self.globPattern(likePattern: likePattern))), into: &context)
  }

  /// The `GLOB` pattern that matches exactly what `pattern` matches as a case-sensitive
  /// `LIKE … ESCAPE '\'`: `%` becomes `*`, `_` becomes `?`, an escaped character stands for
  /// itself, and GLOB's own wildcards (`*`, `?`, `[`) are matched literally as one-character
  /// sets (`[*]`). Both compare one Unicode scalar at a time, with no case folding.
  ///
  /// Throws for a pattern that ends with the escape character, which PostgreSQL rejects too.
  static func globPattern(likePattern pattern: String) throws -> String {
    var glob = ""
    glob.unicodeScalars.reserveCapacity(pattern.unicodeScalars.count)
    var isEscaped = false
    for scalar in pattern.unicodeScalars {
      switch scalar {
      case _ where isEscaped:
        appendLiteral(scalar, to: &glob)
        isEscaped = false
      case "\\": isEscaped = true
      case "%": glob.unicodeScalars.append("*")
      case "_": glob.unicodeScalars.append("?")
      default: appendLiteral(scalar, to: &glob)
      }
    }
    if isEscaped {
      throw DialectError.invalidStatement("the LIKE pattern \(String(reflecting: pattern)) ends with its escape character")
    }
    return glob
  }

  /// Appends `scalar` so that GLOB matches it literally.
  private static func appendLiteral(_ scalar: Unicode.Scalar, to glob: inout String) {
    switch scalar {
    case "*", "?", "[":
      glob.unicodeScalars.append("[")
      glob.unicodeScalars.append(scalar)
      glob.unicodeScalars.append("]")
    default:
      glob.unicodeScalars.append(scalar)
    }
  }
}
