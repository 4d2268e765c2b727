import TypedSQLCore

extension SQLiteDialect {
  /// Renders every expression the standard way except a case-sensitive `LIKE`
  /// (``BinaryOperator/likeMatchingCase``), which SQLite's `LIKE` cannot express (it folds ASCII
  /// case): it becomes `GLOB` with the pattern translated, see ``globPattern(likePattern:)``.
  public func renderExpression(_ expression: SQLExpression, into context: inout RenderContext) throws {
    guard case .binary(let value, .likeMatchingCase, let pattern) = expression else {
      return try renderStandardExpression(expression, into: &context)
    }
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
