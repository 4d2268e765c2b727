import TypedSQLCore

// PostgreSQL's spelling of SQLite's casts. Its own `CAST` rounds a double to an integer, rejects
// text that is not entirely a number, writes Booleans as `true`/`false`, and cannot turn a
// Boolean into a bigint; each conversion below gives SQLite's value instead.
extension PostgresDialect {
  /// The longest prefix of a text that SQLite reads as an integer (after leading white space),
  /// its sign and its digits, and `regexp_replace`'s replacement putting a 0 between them: `0`
  /// when there are no digits. `NULL` stays `NULL`, and the value is read once.
  static let integerPrefix: StaticString = #"'^\s*([-+]?)([0-9]*).*$', '\10\2'"#
  /// The longest prefix of a text that SQLite reads as a real number, likewise.
  static let realPrefix: StaticString = #"'^\s*([-+]?)([0-9]*\.?[0-9]*([eE][-+]?[0-9]+)?).*$', '\10\2'"#

  public func renderConversion(
    _ value: SQLExpression, from source: SQLType, to target: SQLType, into context: inout RenderContext
  ) throws {
    switch (source, target) {
    case (.boolean, .integer), (.boolean, .real), (.boolean, .text):
      // boolean → integer (0 or 1) is the one cast PostgreSQL has from a Boolean to a number.
      try renderCast(to: target, into: &context) { context in
        context.append("CAST(")
        try renderExpression(value, into: &context)
        context.append(" AS integer)")
      }
    case (.real, .integer):
      try renderCast(to: .integer, into: &context) { context in
        context.append("trunc(")
        try renderExpression(value, into: &context)
        context.append(")")
      }
    case (.text, .integer), (.text, .real):
      try renderCast(to: target, into: &context) { context in
        context.append("regexp_replace(")
        try renderExpression(value, into: &context)
        context.append(", ")
        context.append(target == .integer ? Self.integerPrefix : Self.realPrefix)
        context.append(")")
      }
    case (.real, .text):
      throw DialectError.unsupported(
        feature: "CAST of a Double to text (SQLite writes 15 significant digits and 3.0 for three, PostgreSQL the shortest exact digits; format it in Swift)",
        dialect: name)
    case (.timestamp, .text):
      // SQLite's text of a date: `YYYY-MM-DD HH:MM:SS.SSS` in UTC.
      context.append("to_char(")
      try renderExpression(value, into: &context)
      context.append(" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')")
    default:
      try renderStandardConversion(value, from: source, to: target, into: &context)
    }
  }
}
