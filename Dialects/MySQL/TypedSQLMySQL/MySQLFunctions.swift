import TypedSQLCore

extension MySQLDialect {
  /// Renders the catalog's functions that MariaDB spells, or computes, differently from SQLite,
  /// so that each gives SQLite's answer; every other one the standard way.
  ///
  /// - `length` is `CHAR_LENGTH` (the server's `LENGTH` counts bytes).
  /// - `lower` and `upper` change ASCII letters only, as SQLite's do: the server's change every
  ///   letter, so each of the 26 is replaced on its own.
  /// - `trim`, `ltrim` and `rtrim` of one character are `TRIM(… c FROM x)`; a set of several
  ///   characters, which the server's `TRIM` reads as one string, is refused by name.
  /// - `substr` from position 0 takes one character fewer, as SQLite's does (the server's gives
  ///   nothing).
  /// - `round` is computed in `DECIMAL` from the double's text, which rounds halves away from
  ///   zero (the server's `ROUND` of a double rounds them to even); a value of 10^15 or more has
  ///   no fraction to round.
  /// - `unhex` of a text that is not pairs of hexadecimal digits is `NULL`.
  /// - `quote` of a text is built with `REPLACE` (the server's escapes backslashes).
  /// - The scalar `min` and `max` are `LEAST` and `GREATEST`, `NULL` when an argument is.
  /// - The planner hints `likelihood`, `likely` and `unlikely` are their condition.
  /// - `unixepoch` counts whole seconds with `TIMESTAMPDIFF` (see `renderDate`).
  /// - JSON functions are the server's, with SQLite's answers (see `renderJSONFunction`).
  public func renderFunction(
    _ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext
  ) throws {
    switch function {
    case .length:
      try renderCall("CHAR_LENGTH", arguments, into: &context)
    case .lower, .upper:
      try renderASCIICaseChange(of: try single(of: arguments, for: function), toUpper: function == .upper, into: &context)
    case .trim, .leadingTrim, .trailingTrim:
      try renderTrim(function, arguments, into: &context)
    case .substring:
      try renderSubstring(arguments, into: &context)
    case .round:
      try renderRound(arguments, into: &context)
    case .unhex:
      let text = try single(of: arguments, for: function)
      context.append("CASE WHEN ")
      try renderExpression(text, into: &context)
      context.append(" REGEXP '^([0-9A-Fa-f]{2})*$' THEN UNHEX(")
      try renderExpression(text, into: &context)
      context.append(") END")
    case .quote:
      let text = try single(of: arguments, for: function)
      context.append("COALESCE(CONCAT('''', REPLACE(")
      try renderExpression(text, into: &context)
      context.append(", '''', ''''''), ''''), 'NULL')")
    case .smallest:
      try renderCall("LEAST", arguments, into: &context)
    case .largest:
      try renderCall("GREATEST", arguments, into: &context)
    case .unixEpoch:
      guard arguments.count <= 1 else {
        throw DialectError.invalidStatement("unixepoch takes an instant, or none for now, not \(arguments.count) arguments")
      }
      try renderUnixEpoch(arguments.first ?? .date(.now), into: &context)
    case .json, .jsonBinary, .jsonExtractText, .jsonExtractScalar, .jsonExtract, .jsonArrayLength,
      .jsonArrayElementIndex, .jsonScalar, .jsonDocument:
      try renderJSONFunction(function, arguments, into: &context)
    case .likelihood, .likely, .unlikely:
      guard let condition = arguments.first else {
        throw DialectError.invalidStatement("\(function.name) takes a condition")
      }
      try renderExpression(condition, into: &context)
    default:
      try renderStandardFunction(function, arguments, into: &context)
    }
  }

  /// `REPLACE(…REPLACE(text, 'A', 'a')…, 'Z', 'z')`: only ASCII letters change case. The
  /// session compares text by its bytes, so each replacement matches one letter exactly.
  private func renderASCIICaseChange(of text: SQLExpression, toUpper: Bool, into context: inout RenderContext) throws {
    let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { Character(Unicode.Scalar($0)) }
    for _ in letters { context.append("REPLACE(") }
    try renderExpression(text, into: &context)
    for letter in letters {
      let (from, to) = toUpper ? (letter, letter.uppercased()) : (Character(letter.uppercased()), String(letter))
      context.appendText(", '\(from)', '\(to)')")
    }
  }

  /// `TRIM([BOTH | LEADING | TRAILING] c FROM text)` for one character `c` (spaces when none is
  /// given); a set of several characters is refused.
  private func renderTrim(_ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext) throws {
    guard let text = arguments.first, arguments.count <= 2 else {
      throw DialectError.invalidStatement("\(function.name) takes 1 or 2 arguments, not \(arguments.count)")
    }
    let side = function == .trim ? "BOTH" : function == .leadingTrim ? "LEADING" : "TRAILING"
    context.appendText("TRIM(\(side) ")
    if arguments.count == 2 {
      guard case .binding(.text(let characters)) = arguments[1], Set(characters.unicodeScalars).count == 1,
        let character = characters.unicodeScalars.first
      else {
        throw DialectError.unsupported(feature: "\(function.name) of a set of several characters", dialect: name)
      }
      try renderBinding(.text(String(character)), into: &context)
    } else {
      context.append("' '")
    }
    context.append(" FROM ")
    try renderExpression(text, into: &context)
    context.append(")")
  }

  /// `SUBSTR(text, GREATEST(start, 1), GREATEST(length - GREATEST(1 - start, 0), 0))`: a start
  /// of 0 counts one position before the first character, as in SQLite.
  private func renderSubstring(_ arguments: [SQLExpression], into context: inout RenderContext) throws {
    guard arguments.count == 2 || arguments.count == 3 else {
      throw DialectError.invalidStatement("substr takes 2 or 3 arguments, not \(arguments.count)")
    }
    let start = arguments[1]
    context.append("SUBSTR(")
    try renderExpression(arguments[0], into: &context)
    context.append(", GREATEST(")
    try renderExpression(start, into: &context)
    context.append(", 1)")
    if arguments.count == 3 {
      context.append(", GREATEST(")
      try renderExpression(arguments[2], into: &context)
      context.append(" - GREATEST(1 - ")
      try renderExpression(start, into: &context)
      context.append(", 0), 0)")
    }
    context.append(")")
  }

  /// `round(x, places)` with SQLite's halves away from zero: in `DECIMAL`, from the double's
  /// text, below 10^15; a larger double is whole already.
  private func renderRound(_ arguments: [SQLExpression], into context: inout RenderContext) throws {
    guard let value = arguments.first, arguments.count <= 2 else {
      throw DialectError.invalidStatement("round takes 1 or 2 arguments, not \(arguments.count)")
    }
    context.append("CASE WHEN ABS(")
    try renderExpression(value, into: &context)
    context.append(") < 1e15 THEN CAST(ROUND(CAST(CAST(")
    try renderExpression(value, into: &context)
    context.append(" AS CHAR) AS DECIMAL(65, 30))")
    if arguments.count == 2 {
      context.append(", ")
      try renderExpression(arguments[1], into: &context)
    }
    context.append(") AS DOUBLE) ELSE CAST(")
    try renderExpression(value, into: &context)
    context.append(" AS DOUBLE) END")
  }
}
