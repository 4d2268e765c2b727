// The standard spelling of operations on instants: PostgreSQL's, on `timestamptz` values read in
// UTC whatever the session's time zone.
extension Dialect {
  public func renderDate(_ operation: DateOperation, into context: inout RenderContext) throws {
    switch operation {
    case .now:
      context.append("statement_timestamp()")
    case .component(let component, let instant):
      try renderCast(to: .integer, into: &context) { context in
        context.append("floor(extract(")
        context.appendText(Self.extractField(component))
        context.append(" FROM ")
        try renderInUTC(instant, into: &context)
        context.append("))")
      }
    case .start(let unit, let instant):
      context.append("(date_trunc('")
      context.appendText(Self.truncationField(unit))
      context.append("', ")
      try renderInUTC(instant, into: &context)
      context.append(") AT TIME ZONE 'UTC')")
    case .adding(let amount, let unit, let instant):
      context.append("((")
      try renderInUTC(instant, into: &context)
      context.append(" + make_interval(")
      context.appendText(Self.intervalField(unit))
      context.append(" => ")
      if unit == .seconds {
        try renderCast(to: .real, into: &context) { context in try renderExpression(amount, into: &context) }
      } else {
        context.append("CAST(")
        try renderExpression(amount, into: &context)
        context.append(" AS integer)")
      }
      context.append(")) AT TIME ZONE 'UTC')")
    case .format(let format, let instant):
      try renderFormat(DateFormat(format), instant, into: &context)
    case .modified(let instant, let modifiers):
      try DateModifier.check(modifiers)
      context.append("(")
      try renderModifiedInUTC(instant, modifiers[...], into: &context)
      context.append(" AT TIME ZONE 'UTC')")
    case .fractionalSecond(let instant):
      // To the millisecond, as SQLite's `%f` writes it.
      try renderCast(to: .real, into: &context) { context in
        context.append("round(extract(second FROM ")
        try renderInUTC(instant, into: &context)
        context.append("), 3)")
      }
    case .fromStorage(let storage, let stored):
      try renderInstant(storedAs: storage, stored, into: &context)
    case .toStorage(let storage, let instant):
      try renderStored(as: storage, instant, into: &context)
    }
  }

  /// A stored instant as a `timestamptz`; Julian days are read to the millisecond, as SQLite
  /// reads them.
  private func renderInstant(storedAs storage: DateStorage, _ stored: SQLExpression, into context: inout RenderContext) throws {
    switch storage {
    case .unixTime:
      context.append("to_timestamp(")
      try renderExpression(stored, into: &context)
      context.append(")")
    case .julianDay:
      context.append("to_timestamp((round(")
      try renderExpression(stored, into: &context)
      context.append(" * 86400000) - 210866760000000) / 1000)")
    case .iso8601Text:
      context.append("(CAST(")
      try renderExpression(stored, into: &context)
      context.append(" AS timestamp) AT TIME ZONE 'UTC')")
    }
  }

  /// A `timestamptz` as stored another way: whole seconds rounded down, a Julian day computed
  /// as SQLite's `julianday` computes it, or TypedSQL's text form.
  private func renderStored(as storage: DateStorage, _ instant: SQLExpression, into context: inout RenderContext) throws {
    switch storage {
    case .unixTime:
      try renderCast(to: .integer, into: &context) { context in
        context.append("floor(extract(epoch FROM ")
        try renderExpression(instant, into: &context)
        context.append("))")
      }
    case .julianDay:
      context.append("(")
      try renderCast(to: .real, into: &context) { context in
        context.append("round(extract(epoch FROM ")
        try renderExpression(instant, into: &context)
        context.append(") * 1000) + 210866760000000")
      }
      context.append(" / 86400000)")
    case .iso8601Text:
      try renderFormat(DateFormat("%Y-%m-%d %H:%M:%f"), instant, into: &context)
    }
  }

  /// `to_char` of the instant in UTC, the format's text in double quotes; the weekday, which
  /// `to_char` counts from 1, is extracted and joined on.
  private func renderFormat(_ format: DateFormat, _ instant: SQLExpression, into context: inout RenderContext) throws {
    var pattern = ""
    var isFirstPart = true
    func flush(into context: inout RenderContext, always: Bool = false) throws {
      guard !pattern.isEmpty || always else { return }
      if !isFirstPart { context.append(" || ") }
      isFirstPart = false
      context.append("to_char(")
      try renderInUTC(instant, into: &context)
      context.append(", ")
      try renderExpression(.binding(.text(pattern)), into: &context)
      context.append(")")
      pattern = ""
    }
    context.append("(")
    for piece in format.pieces {
      switch piece {
      case .text(let text): pattern += "\"" + text.escapingScalars(["\\", "\""], with: "\\") + "\""
      case .field(.year): pattern += "YYYY"
      case .field(.month): pattern += "MM"
      case .field(.day): pattern += "DD"
      case .field(.hour): pattern += "HH24"
      case .field(.minute): pattern += "MI"
      case .field(.second): pattern += "SS"
      case .field(.secondWithMilliseconds): pattern += "SS.MS"
      case .field(.dayOfYear): pattern += "DDD"
      case .field(.weekday):
        try flush(into: &context)
        if !isFirstPart { context.append(" || ") }
        isFirstPart = false
        try renderCast(to: .text, into: &context) { context in
          try renderDate(.component(.weekday, instant), into: &context)
        }
      }
    }
    try flush(into: &context, always: isFirstPart)
    context.append(")")
  }

  /// The UTC wall-clock time of `instant` with `modifiers` applied in order, each with SQLite's
  /// meaning: months added to the first of the month and the day's offset added back, so that a
  /// day the target month lacks runs into the next month (PostgreSQL's own `+ interval` clamps,
  /// which is `.clamp`); `weekday N` moves forward to that weekday, keeping the time.
  private func renderModifiedInUTC(
    _ instant: SQLExpression, _ modifiers: ArraySlice<DateModifier>, into context: inout RenderContext
  ) throws {
    guard let last = modifiers.last else { return try renderInUTC(instant, into: &context) }
    let before = modifiers.dropLast()
    func previous(_ context: inout RenderContext) throws { try renderModifiedInUTC(instant, before, into: &context) }
    func plus(_ field: StaticString, _ amount: String, into context: inout RenderContext) throws {
      context.append("(")
      try previous(&context)
      context.append(" + make_interval(")
      context.append(field)
      context.append(" => ")
      context.appendText(amount)
      context.append("))")
    }
    switch last {
    case .months(let count, .clamp):
      try plus("months", String(count), into: &context)
    case .months(let count, .rollOver):
      context.append("(date_trunc('month', ")
      try previous(&context)
      context.append(") + make_interval(months => ")
      context.appendText(String(count))
      context.append(") + (")
      try previous(&context)
      context.append(" - date_trunc('month', ")
      try previous(&context)
      context.append(")))")
    case .days(let count): try plus("days", String(count), into: &context)
    case .hours(let count): try plus("hours", String(count), into: &context)
    case .minutes(let count): try plus("mins", String(count), into: &context)
    case .milliseconds(let count): try plus("secs", DateModifier.secondsText(milliseconds: count), into: &context)
    case .start(let unit):
      context.append("date_trunc('")
      context.appendText(Self.truncationField(unit))
      context.append("', ")
      try previous(&context)
      context.append(")")
    case .weekday(let day):
      context.append("(")
      try previous(&context)
      context.append(" + make_interval(days => CAST((")
      context.appendText(String(day + 7))
      context.append(" - extract(dow FROM ")
      try previous(&context)
      context.append(")) AS integer) % 7))")
    }
  }

  /// `(instant AT TIME ZONE 'UTC')`: the instant as a UTC wall-clock time.
  private func renderInUTC(_ instant: SQLExpression, into context: inout RenderContext) throws {
    context.append("(")
    try renderExpression(instant, into: &context)
    context.append(" AT TIME ZONE 'UTC')")
  }

  static func extractField(_ component: DateComponent) -> String {
    switch component {
    case .year, .month, .day, .hour, .minute, .second: return component.rawValue
    case .weekday: return "dow"
    case .dayOfYear: return "doy"
    }
  }

  static func truncationField(_ unit: DateUnit) -> String {
    switch unit {
    case .years: return "year"
    case .months: return "month"
    case .days: return "day"
    case .hours: return "hour"
    case .minutes: return "minute"
    case .seconds: return "second"
    }
  }

  private static func intervalField(_ unit: DateUnit) -> String {
    switch unit {
    case .years: return "years"
    case .months: return "months"
    case .days: return "days"
    case .hours: return "hours"
    case .minutes: return "mins"
    case .seconds: return "secs"
    }
  }
}
