import TypedSQLCore

extension MySQLDialect {
  /// SQLite's `LIKE` (ASCII letters match either case, other letters only their own): under the
  /// session's binary collation the server's `LIKE` matches case exactly, and its `LOWER` folds
  /// every alphabet. A bound pattern becomes a regular expression, `x REGEXP ?` (see
  /// ``MySQLLikePattern``); a pattern computed in SQL is compared with both sides' ASCII
  /// letters lowered, `REPLACE(…REPLACE(x, 'A', 'a')…, 'Z', 'z') LIKE … ESCAPE '\'`.
  func renderLike(
    _ subject: SQLExpression, _ pattern: SQLExpression, negated: Bool, into context: inout RenderContext
  ) throws {
    context.append("(")
    if case .binding(.text(let text)) = pattern {
      try renderExpression(subject, into: &context)
      context.append(negated ? " NOT REGEXP " : " REGEXP ")
      try renderBinding(.text(MySQLLikePattern.regularExpression(forLike: text)), into: &context)
    } else {
      try renderASCIILowered(subject, into: &context)
      context.append(negated ? " NOT LIKE " : " LIKE ")
      try renderASCIILowered(pattern, into: &context)
      context.append(" ESCAPE ")
      appendLiteral(.text("\\"), into: &context)
    }
    context.append(")")
  }

  /// `expression` with the ASCII capitals `A` to `Z` replaced by their small letters and every
  /// other character kept: `REPLACE` matches case exactly.
  private func renderASCIILowered(_ expression: SQLExpression, into context: inout RenderContext) throws {
    let capitals = UInt8(ascii: "A")...UInt8(ascii: "Z")
    for _ in capitals { context.append("REPLACE(") }
    try renderExpression(expression, into: &context)
    for capital in capitals {
      context.append(", ")
      appendLiteral(.text(String(UnicodeScalar(capital))), into: &context)
      context.append(", ")
      appendLiteral(.text(String(UnicodeScalar(capital + 32))), into: &context)
      context.append(")")
    }
  }
}

/// A `LIKE` pattern as a regular expression that MariaDB and MySQL match as SQLite matches the
/// pattern.
///
/// `like("%Milk\\_%")` becomes `(?s)^.*[mM][iI][lL][kK]_.*\z`: `%` any run of characters, `_`
/// any one, `\` makes the next character literal, an ASCII letter either case, any other
/// character only itself.
enum MySQLLikePattern {
  /// The regular expression that matches what `pattern` (escaped with `\`) matches in SQLite.
  static func regularExpression(forLike pattern: String) -> String {
    var expression = "(?s)^"
    var escaping = false
    for scalar in pattern.unicodeScalars {
      if escaping {
        appendLiteral(scalar, to: &expression)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "%" {
        expression += ".*"
      } else if scalar == "_" {
        expression += "."
      } else {
        appendLiteral(scalar, to: &expression)
      }
    }
    // A pattern that ends in its escape character ends in a backslash.
    if escaping { appendLiteral("\\", to: &expression) }
    return expression + "\\z"
  }

  /// `scalar` matched as itself: an ASCII letter in either case, a character the expression
  /// syntax gives a meaning escaped.
  private static func appendLiteral(_ scalar: Unicode.Scalar, to expression: inout String) {
    if scalar.isASCII, scalar.properties.isAlphabetic {
      let letter = Character(scalar)
      expression += "[\(letter.lowercased())\(letter.uppercased())]"
    } else if "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) {
      expression += "\\" + String(scalar)
    } else {
      expression.unicodeScalars.append(scalar)
    }
  }
}
