import TypedSQLCore

extension SQLiteDialect {
  /// Renders operations on instants stored as ISO-8601 text with SQLite's date functions, every
  /// result in TypedSQL's text form (`YYYY-MM-DD HH:MM:SS.SSS`, see `ISO8601Text`) so that it
  /// compares and decodes as stored instants do. Unix times are read with `'unixepoch'` and
  /// written with `%s`, Julian days read as they are and written with `julianday`.
  ///
  /// Months and years are added to the first of the month and the day is then clamped to the
  /// target month's last, since SQLite's own `+N months` overflows into the next month
  /// (January 31 plus a month is March 3 there).
  public func renderDate(_ operation: DateOperation, into context: inout RenderContext) throws {
    switch operation {
    case .now:
      context.append("strftime(")
      context.append(Self.textForm)
      context.append(", 'now')")
    case .component(let component, let instant):
      context.append("CAST(strftime('")
      context.appendText(Self.format(component))
      context.append("', ")
      try renderExpression(instant, into: &context)
      context.append(") AS INTEGER)")
    case .start(let unit, let instant):
      // SQLite has modifiers for the start of a year, month and day; a time unit's start is the
      // text form with the smaller fields written as zeros.
      let (format, modifier) = Self.start(of: unit)
      context.append("strftime(")
      context.append(format)
      context.append(", ")
      try renderExpression(instant, into: &context)
      if let modifier {
        context.append(", ")
        context.append(modifier)
      }
      context.append(")")
    case .adding(let amount, let unit, let instant):
      switch unit {
      case .years:
        try renderAddingMonths(.binary(amount, .multiply, .binding(.int(12))), to: instant, into: &context)
      case .months:
        try renderAddingMonths(amount, to: instant, into: &context)
      case .days, .hours, .minutes, .seconds:
        context.append("strftime(")
        context.append(Self.textForm)
        context.append(", ")
        try renderExpression(instant, into: &context)
        context.append(", ")
        try renderModifier(amount, unit.rawValue, into: &context)
        context.append(")")
      }
    case .format(let format, let instant):
      context.append("strftime(")
      try renderExpression(.binding(.text(DateFormat(format).strftimeFormat)), into: &context)
      context.append(", ")
      try renderExpression(instant, into: &context)
      context.append(")")
    case .modified(let instant, let modifiers):
      try DateModifier.check(modifiers)
      try renderModified(instant, modifiers[...], into: &context)
    case .fractionalSecond(let instant):
      context.append("CAST(strftime('%f', ")
      try renderExpression(instant, into: &context)
      context.append(") AS REAL)")
    case .fromStorage(.iso8601Text, let same), .toStorage(.iso8601Text, let same):
      // TypedSQL's text form is SQLite's default.
      try renderExpression(same, into: &context)
    case .fromStorage(let storage, let stored):
      // A number is a Julian day to SQLite's date functions unless 'unixepoch' says otherwise.
      context.append("strftime(")
      context.append(Self.textForm)
      context.append(", ")
      try renderExpression(stored, into: &context)
      context.append(storage == .unixTime ? ", 'unixepoch')" : ")")
    case .toStorage(.unixTime, let instant):
      context.append("CAST(strftime('%s', ")
      try renderExpression(instant, into: &context)
      context.append(") AS INTEGER)")
    case .toStorage(.julianDay, let instant):
      context.append("julianday(")
      try renderExpression(instant, into: &context)
      context.append(")")
    }
  }

  /// `date(x, 'start of month', 'N months', 'D days') || ' ' || strftime('%H:%M:%f', x)`, where
  /// D is the day of `instant` less one, at most the target month's last day less one.
  private func renderAddingMonths(_ months: SQLExpression, to instant: SQLExpression, into context: inout RenderContext) throws {
    context.append("(date(")
    try renderExpression(instant, into: &context)
    context.append(", 'start of month', ")
    try renderModifier(months, "months", into: &context)
    context.append(", (min(CAST(strftime('%d', ")
    try renderExpression(instant, into: &context)
    context.append(") AS INTEGER), CAST(strftime('%d', ")
    try renderExpression(instant, into: &context)
    context.append(", 'start of month', ")
    try renderModifier(.binary(months, .add, .binding(.int(1))), "months", into: &context)
    context.append(", '-1 days') AS INTEGER)) - 1) || ' days') || ' ' || strftime('%H:%M:%f', ")
    try renderExpression(instant, into: &context)
    context.append("))")
  }

  /// `strftime('%Y-%m-%d %H:%M:%f', instant, 'modifier', …)`: SQLite's own modifiers, written as
  /// literals. A month step that clamps (`.floor`, SQLite 3.46's `'floor'`) is computed as
  /// `adding(_:_:)` computes months, for every version, with the steps before it inside.
  private func renderModified(
    _ instant: SQLExpression, _ modifiers: ArraySlice<DateModifier>, into context: inout RenderContext
  ) throws {
    var base = instant
    var rest = modifiers
    if let clamped = modifiers.lastIndex(where: { if case .months(_, .clamp) = $0 { true } else { false } }),
      case .months(let count, _) = modifiers[clamped]
    {
      let before = SQLExpression.date(.modified(instant, Array(modifiers[..<clamped])))
      base = .date(.adding(.binding(.int(Int64(count))), .months, to: before))
      rest = modifiers[(clamped + 1)...]
      if rest.isEmpty { return try renderExpression(base, into: &context) }
    }
    context.append("strftime(")
    context.append(Self.textForm)
    context.append(", ")
    try renderExpression(base, into: &context)
    for modifier in rest {
      context.append(", '")
      context.appendText(Self.modifierText(modifier))
      context.append("'")
    }
    context.append(")")
  }

  /// SQLite's text of a modifier: `-7 days`, `start of month`, `weekday 0`.
  private static func modifierText(_ modifier: DateModifier) -> String {
    switch modifier {
    case .months(let count, _): "\(count) months"
    case .days(let count): "\(count) days"
    case .hours(let count): "\(count) hours"
    case .minutes(let count): "\(count) minutes"
    case .milliseconds(let count): "\(DateModifier.secondsText(milliseconds: count)) seconds"
    case .start(let unit): "start of \(unit == .years ? "year" : unit == .months ? "month" : "day")"
    case .weekday(let day): "weekday \(day)"
    }
  }

  /// `(amount || ' unit')`: a date modifier such as `-3 days`.
  private func renderModifier(_ amount: SQLExpression, _ unit: String, into context: inout RenderContext) throws {
    context.append("(")
    try renderExpression(amount, into: &context)
    context.append(" || ' ")
    context.appendText(unit)
    context.append("')")
  }

  /// The `strftime` format of TypedSQL's text form of an instant.
  private static let textForm: StaticString = "'%Y-%m-%d %H:%M:%f'"

  /// The `strftime` format and modifier that give the start of `unit`.
  private static func start(of unit: DateUnit) -> (format: StaticString, modifier: StaticString?) {
    switch unit {
    case .years: return (textForm, "'start of year'")
    case .months: return (textForm, "'start of month'")
    case .days: return (textForm, "'start of day'")
    case .hours: return ("'%Y-%m-%d %H:00:00.000'", nil)
    case .minutes: return ("'%Y-%m-%d %H:%M:00.000'", nil)
    case .seconds: return ("'%Y-%m-%d %H:%M:%S.000'", nil)
    }
  }

  static func format(_ component: DateComponent) -> String {
    switch component {
    case .year: return "%Y"
    case .month: return "%m"
    case .day: return "%d"
    case .hour: return "%H"
    case .minute: return "%M"
    case .second: return "%S"
    case .weekday: return "%w"
    case .dayOfYear: return "%j"
    }
  }
}
