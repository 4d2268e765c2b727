import TypedSQLCore

// Operations on instants in MariaDB's and MySQL's spelling, on `DATETIME(6)` values that hold
// UTC (the session's time zone is `+00:00`), each with SQLite's meaning.
extension MySQLDialect {
  /// - `now` is `UTC_TIMESTAMP(6)`, read once per statement.
  /// - Components are the server's own functions; the weekday counts from 0 for Sunday.
  /// - A start is the instant's text up to the unit, made an instant again.
  /// - Arithmetic is `+ INTERVAL`: months that land past a month's end land on its last day;
  ///   seconds go in as microseconds, so a fraction is kept.
  /// - Formats are `DATE_FORMAT`, with `%f` cut to milliseconds as SQLite writes them.
  /// - Unix time and Julian days are counted in microseconds from 1970 with `TIMESTAMPDIFF`,
  ///   never with `UNIX_TIMESTAMP`, which follows the session's time zone and stops at 1970.
  /// - ISO-8601 text is read with `CAST`: a text that is no date is `NULL`, as SQLite's date
  ///   functions make it.
  public func renderDate(_ operation: DateOperation, into context: inout RenderContext) throws {
    switch operation {
    case .now:
      context.append("UTC_TIMESTAMP(6)")
    case .component(let component, let instant):
      try renderComponent(component, of: instant, into: &context)
    case .start(let unit, let instant):
      try renderStart(of: unit, into: &context) { context in try renderExpression(instant, into: &context) }
    case .adding(let amount, let unit, let instant):
      context.append("(")
      try renderExpression(instant, into: &context)
      context.append(" + INTERVAL ")
      if unit == .seconds {
        context.append("CAST(ROUND(")
        try renderExpression(amount, into: &context)
        context.append(" * 1000000) AS SIGNED) MICROSECOND)")
      } else {
        try renderExpression(amount, into: &context)
        context.append(" ")
        context.append(Self.intervalUnit(unit))
        context.append(")")
      }
    case .format(let format, let instant):
      try renderFormat(DateFormat(format), instant, into: &context)
    case .modified(let instant, let modifiers):
      try DateModifier.check(modifiers)
      try renderModified(instant, modifiers[...], into: &context)
    case .fractionalSecond(let instant):
      try renderCast(to: .real, into: &context) { context in
        context.append("ROUND(SECOND(")
        try renderExpression(instant, into: &context)
        context.append(") + MICROSECOND(")
        try renderExpression(instant, into: &context)
        context.append(") / 1000000, 3)")
      }
    case .fromStorage(let storage, let stored):
      try renderInstant(storedAs: storage, stored, into: &context)
    case .toStorage(let storage, let instant):
      try renderStored(as: storage, instant, into: &context)
    }
  }

  /// SQLite's `unixepoch(x)`: the whole seconds since 1970, rounded down.
  func renderUnixEpoch(_ instant: SQLExpression, into context: inout RenderContext) throws {
    try renderStored(as: .unixTime, instant, into: &context)
  }

  /// `YEAR(x)`, `MONTH(x)`, `DAYOFMONTH(x)`, `HOUR(x)`, `MINUTE(x)`, `SECOND(x)`,
  /// `DAYOFYEAR(x)`, and `(DAYOFWEEK(x) - 1)` for a weekday counted from 0 for Sunday.
  private func renderComponent(_ component: DateComponent, of instant: SQLExpression, into context: inout RenderContext) throws {
    switch component {
    case .year: context.append("YEAR(")
    case .month: context.append("MONTH(")
    case .day: context.append("DAYOFMONTH(")
    case .hour: context.append("HOUR(")
    case .minute: context.append("MINUTE(")
    case .second: context.append("SECOND(")
    case .dayOfYear: context.append("DAYOFYEAR(")
    case .weekday: context.append("(DAYOFWEEK(")
    }
    try renderExpression(instant, into: &context)
    context.append(component == .weekday ? ") - 1)" : ")")
  }

  /// `CAST(DATE_FORMAT(x, '%Y-%m-01') AS DATETIME(6))`: the instant's text up to the unit, the
  /// rest of it at its start.
  private func renderStart(
    of unit: DateUnit, into context: inout RenderContext, _ instant: (inout RenderContext) throws -> Void
  ) throws {
    try renderCast(to: .timestamp, into: &context) { context in
      context.append("DATE_FORMAT(")
      try instant(&context)
      switch unit {
      case .years: context.append(", '%Y-01-01')")
      case .months: context.append(", '%Y-%m-01')")
      case .days: context.append(", '%Y-%m-%d')")
      case .hours: context.append(", '%Y-%m-%d %H:00:00')")
      case .minutes: context.append(", '%Y-%m-%d %H:%i:00')")
      case .seconds: context.append(", '%Y-%m-%d %H:%i:%s')")
      }
    }
  }

  /// A run of a format that one `DATE_FORMAT` writes, or the milliseconds of `%f`: the server
  /// writes microseconds, so they are cut to three digits, `LEFT(DATE_FORMAT(x, '%f'), 3)`.
  private enum FormatSegment: Equatable {
    case fields(String)
    case milliseconds
  }

  /// `DATE_FORMAT` of the format's fields (`%%` for a `%` of its text), joined with `CONCAT` to
  /// the milliseconds of each `%f`.
  private func renderFormat(_ format: DateFormat, _ instant: SQLExpression, into context: inout RenderContext) throws {
    var segments: [FormatSegment] = []
    func write(_ fields: String) {
      if case .fields(let written) = segments.last {
        segments[segments.count - 1] = .fields(written + fields)
      } else {
        segments.append(.fields(fields))
      }
    }
    for piece in format.pieces {
      switch piece {
      case .text(let text): write(text.replacingOccurrences(of: "%", with: "%%"))
      case .field(.year): write("%Y")
      case .field(.month): write("%m")
      case .field(.day): write("%d")
      case .field(.hour): write("%H")
      case .field(.minute): write("%i")
      case .field(.second): write("%s")
      case .field(.dayOfYear): write("%j")
      case .field(.weekday): write("%w")
      case .field(.secondWithMilliseconds):
        write("%s.")
        segments.append(.milliseconds)
      }
    }
    guard !segments.isEmpty else { return context.append("''") }
    if segments.count > 1 { context.append("CONCAT(") }
    for (index, segment) in segments.enumerated() {
      if index > 0 { context.append(", ") }
      switch segment {
      case .fields(let fields):
        context.append("DATE_FORMAT(")
        try renderExpression(instant, into: &context)
        context.append(", ")
        try renderExpression(.binding(.text(fields)), into: &context)
        context.append(")")
      case .milliseconds:
        context.append("LEFT(DATE_FORMAT(")
        try renderExpression(instant, into: &context)
        context.append(", '%f'), 3)")
      }
    }
    if segments.count > 1 { context.append(")") }
  }

  /// The instant with `modifiers` applied in order, each with SQLite's meaning: months added to
  /// the first of the month and the day's offset added back, so that a day the target month
  /// lacks runs into the next month (the server's own `+ INTERVAL` clamps, which is `.clamp`);
  /// `weekday N` moves forward to that weekday, keeping the time.
  private func renderModified(
    _ instant: SQLExpression, _ modifiers: ArraySlice<DateModifier>, into context: inout RenderContext
  ) throws {
    guard let last = modifiers.last else { return try renderExpression(instant, into: &context) }
    let before = modifiers.dropLast()
    func previous(_ context: inout RenderContext) throws { try renderModified(instant, before, into: &context) }
    func plus(_ amount: String, _ unit: StaticString, into context: inout RenderContext) throws {
      context.append("(")
      try previous(&context)
      context.append(" + INTERVAL ")
      context.appendText(amount)
      context.append(" ")
      context.append(unit)
      context.append(")")
    }
    switch last {
    case .months(let count, .clamp):
      try plus(String(count), "MONTH", into: &context)
    case .months(let count, .rollOver):
      context.append("(")
      try previous(&context)
      context.append(" - INTERVAL (DAYOFMONTH(")
      try previous(&context)
      context.append(") - 1) DAY + INTERVAL ")
      context.appendText(String(count))
      context.append(" MONTH + INTERVAL (DAYOFMONTH(")
      try previous(&context)
      context.append(") - 1) DAY)")
    case .days(let count): try plus(String(count), "DAY", into: &context)
    case .hours(let count): try plus(String(count), "HOUR", into: &context)
    case .minutes(let count): try plus(String(count), "MINUTE", into: &context)
    case .milliseconds(let count): try plus(DateModifier.secondsText(milliseconds: count), "SECOND", into: &context)
    case .start(let unit):
      try renderStart(of: unit, into: &context, previous)
    case .weekday(let day):
      context.append("(")
      try previous(&context)
      context.append(" + INTERVAL ((")
      context.appendText(String(day + 8))
      context.append(" - DAYOFWEEK(")
      try previous(&context)
      context.append(")) % 7) DAY)")
    }
  }

  /// `(TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL n SECOND)` for Unix time (the epoch with
  /// six digits of fraction, so that what is added to it keeps its microseconds); a Julian day
  /// to the millisecond, as SQLite reads it; ISO-8601 text with `CAST`.
  private func renderInstant(storedAs storage: DateStorage, _ stored: SQLExpression, into context: inout RenderContext) throws {
    switch storage {
    case .unixTime:
      context.append("(TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL ")
      try renderExpression(stored, into: &context)
      context.append(" SECOND)")
    case .julianDay:
      context.append("(TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL CAST(ROUND(")
      try renderExpression(stored, into: &context)
      context.append(" * 86400000) - 210866760000000 AS SIGNED) * 1000 MICROSECOND)")
    case .iso8601Text:
      try renderCast(to: .timestamp, into: &context) { context in try renderExpression(stored, into: &context) }
    }
  }

  /// An instant as whole seconds since 1970 rounded down, as a Julian day computed as SQLite's
  /// `julianday` computes it (milliseconds, divided as a double), or as TypedSQL's text.
  private func renderStored(as storage: DateStorage, _ instant: SQLExpression, into context: inout RenderContext) throws {
    switch storage {
    case .unixTime:
      try renderCast(to: .integer, into: &context) { context in
        context.append("FLOOR(")
        try renderMicrosecondsSinceEpoch(instant, into: &context)
        context.append(" / 1000000)")
      }
    case .julianDay:
      context.append("(")
      try renderCast(to: .real, into: &context) { context in
        context.append("ROUND(")
        try renderMicrosecondsSinceEpoch(instant, into: &context)
        context.append(" / 1000) + 210866760000000")
      }
      context.append(" / 86400000)")
    case .iso8601Text:
      try renderFormat(DateFormat("%Y-%m-%d %H:%M:%f"), instant, into: &context)
    }
  }

  /// `TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00.000000', x)`.
  private func renderMicrosecondsSinceEpoch(_ instant: SQLExpression, into context: inout RenderContext) throws {
    context.append("TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00.000000', ")
    try renderExpression(instant, into: &context)
    context.append(")")
  }

  /// The `INTERVAL` unit of `unit`.
  private static func intervalUnit(_ unit: DateUnit) -> StaticString {
    switch unit {
    case .years: return "YEAR"
    case .months: return "MONTH"
    case .days: return "DAY"
    case .hours: return "HOUR"
    case .minutes: return "MINUTE"
    case .seconds: return "SECOND"
    }
  }
}
