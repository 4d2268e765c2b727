// Casts between known types, which must mean the same on every database. SQLite's `CAST` is the
// reference: a real becomes an integer by truncation, text becomes a number by its longest numeric
// prefix (0 when there is none), and a Boolean is the integer 0 or 1. A dialect whose `CAST`
// means something else spells the same conversion its own way (see `renderConversion`).

extension Dialect {
  /// Renders the conversion the standard way, with `renderStandardConversion(_:from:to:into:)`.
  public func renderConversion(
    _ value: SQLExpression, from source: SQLType, to target: SQLType, into context: inout RenderContext
  ) throws {
    try renderStandardConversion(value, from: source, to: target, into: &context)
  }

  /// Refuses casts between instants and numbers, renders a cast to a Boolean as a comparison with
  /// zero (a cast alone would keep any integer, and only 0 and 1 are Booleans), and every other
  /// cast as `CAST(value AS type)`.
  public func renderStandardConversion(
    _ value: SQLExpression, from source: SQLType, to target: SQLType, into context: inout RenderContext
  ) throws {
    func isNumber(_ type: SQLType) -> Bool { type == .integer || type == .real || type == .boolean }
    if (source == .timestamp && isNumber(target)) || (target == .timestamp && isNumber(source)) {
      throw DialectError.unsupported(
        feature: "CAST between a date and a number (SQLite would read the year from the text; compare dates instead)",
        dialect: name)
    }
    if target == .boolean {
      context.append("(")
      try renderExpression(source == .integer ? value : .cast(value, .integer, from: source), into: &context)
      context.append(" <> 0)")
      return
    }
    try renderCast(to: target, into: &context) { context in try renderExpression(value, into: &context) }
  }

  /// `CAST(… AS type)`, with this dialect's name for the type, around what `body` renders.
  public func renderCast(
    to type: SQLType, into context: inout RenderContext, _ body: (inout RenderContext) throws -> Void
  ) rethrows {
    context.append("CAST(")
    try body(&context)
    context.append(" AS ")
    context.appendText(typeName(type))
    context.append(")")
  }
}
