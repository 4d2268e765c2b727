import TypedSQLCore

extension PostgresDialect {
  /// Renders the catalog's functions that PostgreSQL spells, or computes, differently from
  /// SQLite, so that each gives SQLite's answer; every other one the standard way.
  ///
  /// - `instr` is `strpos`; `substr`'s position and length are cast to `integer`.
  /// - `lower` and `upper` run under the `C` collation, where they change ASCII letters only.
  /// - `hex` of bytes is `upper(encode(x, 'hex'))`; `unhex` of a text is `decode(x, 'hex')` where
  ///   the text is pairs of hexadecimal digits, `NULL` otherwise.
  /// - `sign` of any number is an integer, as SQLite's is.
  /// - `round` is computed in `numeric` from the double's shortest exact text, which rounds
  ///   halves away from zero (PostgreSQL's `round` of a double rounds them to even).
  /// - `quote` of a text is built with `replace`, so backslashes stay as they are.
  /// - The scalar `min` and `max` are `least` and `greatest`, `NULL` when an argument is, as
  ///   SQLite's are (PostgreSQL's skip `NULL`s).
  /// - The planner hints `likelihood`, `likely` and `unlikely` are their condition.
  /// - `randomblob(n)` and `zeroblob(n)` are built from `random()` and `repeat`; `unicode` is
  ///   `ascii` of a text that is not empty.
  public func renderFunction(
    _ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext
  ) throws {
    switch function {
    case .position:
      try renderCall("strpos", arguments, into: &context)
    case .lower, .upper:
      let text = try single(of: arguments, for: function)
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
    case .quote:
      let text = try single(of: arguments, for: function)
      context.append("coalesce('''' || replace(")
      try renderExpression(text, into: &context)
      context.append(", '''', '''''') || '''', 'NULL')")
    case .smallest:
      try renderNullPropagating("least", arguments, into: &context)
    case .largest:
      try renderNullPropagating("greatest", arguments, into: &context)
    case .likelihood, .likely, .unlikely:
      guard let condition = arguments.first else {
        throw DialectError.invalidStatement("\(function.name) takes a condition")
      }
      try renderExpression(condition, into: &context)
    case .randomBlob:
      let count = try single(of: arguments, for: function)
      context.append("(SELECT decode(string_agg(lpad(to_hex(CAST(floor(random() * 256) AS integer)), 2, '0'), ''), 'hex')")
      context.append(" FROM generate_series(1, greatest(CAST(")
      try renderExpression(count, into: &context)
      context.append(" AS bigint), 1)))")
    case .zeroBlob:
      let count = try single(of: arguments, for: function)
      context.append("decode(repeat('00', CAST(greatest(")
      try renderExpression(count, into: &context)
      context.append(", 0) AS integer)), 'hex')")
    case .unicode:
      let text = try single(of: arguments, for: function)
      try renderCall("ascii", [.function(.nullIf, [text, .binding(.text(""))])], into: &context)
    case .unhex:
      guard arguments.count == 1 else {
        throw DialectError.unsupported(feature: "unhex() skipping characters", dialect: name)
      }
      let text = arguments[0]
      context.append("CASE WHEN ")
      try renderExpression(text, into: &context)
      context.append(" ~ '^([0-9A-Fa-f]{2})*$' THEN decode(")
      try renderExpression(text, into: &context)
      context.append(", 'hex') END")
    default:
      try renderStandardFunction(function, arguments, into: &context)
    }
  }

  /// `CASE WHEN a IS NULL OR … THEN NULL ELSE name(a, …) END`, checking only the arguments that
  /// may be `NULL` (a bound value is known).
  private func renderNullPropagating(_ name: String, _ arguments: [SQLExpression], into context: inout RenderContext) throws {
    let mayBeNull = arguments.filter { argument in
      if case .binding(let value) = argument { return value == .null }
      return true
    }
    guard !mayBeNull.isEmpty else { return try renderCall(name, arguments, into: &context) }
    context.append("CASE WHEN ")
    for (index, argument) in mayBeNull.enumerated() {
      if index > 0 { context.append(" OR ") }
      try renderExpression(.isNull(argument, negated: false), into: &context)
    }
    context.append(" THEN NULL ELSE ")
    try renderCall(name, arguments, into: &context)
    context.append(" END")
  }

  /// `CAST(value AS integer)`: the type of the counts PostgreSQL's text, rounding and shift
  /// operations take (a bound integer is a `bigint`).
  static func asInteger(_ value: SQLExpression) -> SQLExpression {
    .raw([.text("CAST("), .expression(value), .text(" AS integer)")])
  }
}
