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
    }
  }

  /// `(instant AT TIME ZONE 'UTC')`: the instant as a UTC wall-clock time.
  private func renderInUTC(_ instant: SQLExpression, into context: inout RenderContext) throws {
    context.append("(")
    try renderExpression(instant, into: &context)
    context.append(" AT TIME ZONE 'UTC')")
  }

  private static func extractField(_ component: DateComponent) -> String {
    switch component {
    case .year, .month, .day, .hour, .minute, .second: return component.rawValue
    case .weekday: return "dow"
    case .dayOfYear: return "doy"
    }
  }

  private static func truncationField(_ unit: DateUnit) -> String {
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
