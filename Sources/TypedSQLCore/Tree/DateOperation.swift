/// An operation on instants stored the default way (``QueryDecodable/storageType`` `.timestamp`:
/// ISO-8601 text in SQLite, `timestamptz` in PostgreSQL), in UTC, with one meaning on every
/// database.
public enum DateOperation: Sendable, Hashable {
  /// The current instant, read once per statement: SQLite `'now'`, PostgreSQL
  /// `statement_timestamp()`.
  case now
  /// A component of an instant, as an integer.
  case component(DateComponent, SQLExpression)
  /// The first instant of the year, month, day, hour, minute or second an instant falls in.
  case start(DateUnit, SQLExpression)
  /// An instant moved by an amount (an integer expression; seconds may be fractional) of a
  /// unit. Months and years that land past the end of a month land on its last day (January 31
  /// plus a month is February 28 or 29), as PostgreSQL and Swift's `Calendar` do.
  case adding(SQLExpression, DateUnit, to: SQLExpression)
}

/// The units of date arithmetic and truncation.
public enum DateUnit: String, Sendable, Hashable, CaseIterable {
  case years, months, days, hours, minutes, seconds
}

/// The integer components of an instant, in UTC.
public enum DateComponent: String, Sendable, Hashable, CaseIterable {
  case year, month, day, hour, minute, second
  /// 0 for Sunday through 6 for Saturday.
  case weekday
  /// 1 to 366.
  case dayOfYear
}
