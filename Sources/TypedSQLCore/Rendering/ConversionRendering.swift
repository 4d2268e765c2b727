// Casts between known types, which must mean the same on every database. SQLite's `CAST` is the
// reference: a real becomes an integer by truncation, text becomes a number by its longest numeric
// prefix (0 when there is none), and a Boolean is the integer 0 or 1. A dialect whose `CAST`
// means something else spells the same conversion its own way (see `renderConversion`).

extension Dialect {
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
    let numbers: Set<SQLType> = [.integer, .real, .boolean]
    if (source == .timestamp && numbers.contains(target)) || (target == .timestamp && numbers.contains(source)) {
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
    context.append("CAST(")
    try renderExpression(value, into: &context)
    context.append(" AS ")
    context.appendText(typeName(target))
    context.append(")")
  }
}
