import TypedSQLCore

extension PostgresDialect {
  /// Renders the catalog's functions that PostgreSQL spells, or computes, differently from
  /// SQLite, so that each gives SQLite's answer; every other one the standard way.
  ///
  /// - `instr` is `strpos`; `substr`'s position and length are cast to `integer`.
  /// - `lower` and `upper` run under the `C` collation, where they change ASCII letters only.
  /// - `hex` of bytes is `upper(encode(x, 'hex'))`.
  /// - `sign` of any number is an integer, as SQLite's is.
  /// - `round` is computed in `numeric` from the double's shortest exact text, which rounds
  ///   halves away from zero (PostgreSQL's `round` of a double rounds them to even).
  public func renderFunction(
    _ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext
  ) throws {
    switch function {
    case .position:
      try renderCall("strpos", arguments, into: &context)
    case .lower, .upper:
      guard let text = arguments.first, arguments.count == 1 else {
        throw DialectError.invalidStatement("\(function) takes 1 argument, not \(arguments.count)")
      }
      try renderCall(function.name, [.raw([.expression(text), .text(#" COLLATE "C""#)])], into: &context)
    case .hex:
      try renderCall("upper", [.raw([.text("encode(")] + arguments.map { .expression($0) } + [.text(", 'hex')")])], into: &context)
    case .sign:
      try renderCast(to: .integer, into: &context) { context in
        try renderStandardFunction(function, arguments, into: &context)
      }
    case .substring:
      // Positions and lengths are `integer`s there; a bound value is a `bigint`.
      try renderCall("substr", arguments.prefix(1) + arguments.dropFirst().map(Self.asInteger), into: &context)
    case .round:
      guard let value = arguments.first else {
        throw DialectError.invalidStatement("round takes 1 or 2 arguments, not 0")
      }
      let exact = SQLExpression.raw([.text("CAST(CAST("), .expression(value), .text(" AS text) AS numeric)")])
      try renderCast(to: .real, into: &context) { context in
        try renderCall("round", [exact] + arguments.dropFirst().map(Self.asInteger), into: &context)
      }
    default:
      try renderStandardFunction(function, arguments, into: &context)
    }
  }

  /// `CAST(value AS integer)`: the type of the counts PostgreSQL's text, rounding and shift
  /// operations take (a bound integer is a `bigint`).
  static func asInteger(_ value: SQLExpression) -> SQLExpression {
    .raw([.text("CAST("), .expression(value), .text(" AS integer)")])
  }
}
