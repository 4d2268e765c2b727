import TypedSQLCore

// How MySQLDialect spells bitwise operators with SQLite's meaning: the server computes them on
// unsigned 64-bit integers (`~0` is 18446744073709551615, `-8 >> 1` a large positive number),
// where SQLite computes on signed ones.
extension MySQLDialect {
  /// `CAST((a & b) AS SIGNED)` for `&`, `|`, `^` (`#` begins a comment here) and `~`: the
  /// unsigned result read back as the signed integer of the same bits, as SQLite gives it.
  func renderBitwise(
    _ lhs: SQLExpression, _ op: BinaryOperator, _ rhs: SQLExpression, into context: inout RenderContext
  ) throws {
    try renderCast(to: .integer, into: &context) { context in
      context.append("(")
      try renderExpression(lhs, into: &context)
      switch op {
      case .bitwiseAnd: context.append(" & ")
      case .bitwiseOr: context.append(" | ")
      default: context.append(" ^ ")
      }
      try renderExpression(rhs, into: &context)
      context.append(")")
    }
  }

  /// `CAST((~a) AS SIGNED)`.
  func renderBitwiseNot(_ operand: SQLExpression, into context: inout RenderContext) throws {
    try renderCast(to: .integer, into: &context) { context in
      context.append("(~")
      try renderExpression(operand, into: &context)
      context.append(")")
    }
  }

  /// A shift by a bound amount in 0…63 (the builder brings a Swift amount there), as SQLite
  /// shifts: `CAST((a << n) AS SIGNED)` to the left, and to the right arithmetic, the sign's
  /// copies coming in, `CAST(CASE WHEN a < 0 THEN ~(~a >> n) ELSE a >> n END AS SIGNED)`. A
  /// shift by an amount computed in SQL is refused.
  func renderShift(
    _ value: SQLExpression, left: Bool, by amount: SQLExpression, into context: inout RenderContext
  ) throws {
    guard case .binding(.int(let distance)) = amount, (0..<64).contains(distance) else {
      throw DialectError.unsupported(feature: "a shift by an amount computed in SQL", dialect: name)
    }
    try renderCast(to: .integer, into: &context) { context in
      guard !left else {
        context.append("(")
        try renderExpression(value, into: &context)
        context.append(" << ")
        try renderExpression(amount, into: &context)
        context.append(")")
        return
      }
      context.append("CASE WHEN (")
      try renderExpression(value, into: &context)
      context.append(" < 0) THEN ~((~")
      try renderExpression(value, into: &context)
      context.append(") >> ")
      try renderExpression(amount, into: &context)
      context.append(") ELSE (")
      try renderExpression(value, into: &context)
      context.append(" >> ")
      try renderExpression(amount, into: &context)
      context.append(") END")
    }
  }
}
