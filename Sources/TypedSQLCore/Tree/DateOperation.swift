/// An operation on instants, in UTC, with one meaning on every database.
///
/// The operations work on instants stored the default way (``QueryDecodable/storageType``
/// `.timestamp`: ISO-8601 text in SQLite, `timestamptz` in PostgreSQL). An instant stored
/// another way (see ``DateStorage``) is read with ``fromStorage(_:_:)`` first and, where the
/// result is an instant, written back with ``toStorage(_:_:)``; the typed builder adds both.
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
  /// An instant as text in a `strftime` format of the fields every database writes alike (see
  /// ``DateFormat``; a dialect refuses any other when it renders).
  case format(String, SQLExpression)
  /// An instant with SQLite's date-and-time modifiers applied in order (see ``DateModifier``).
  case modified(SQLExpression, [DateModifier])
  /// The seconds of an instant with their fraction, to the millisecond: `37.123`.
  case fractionalSecond(SQLExpression)
  /// An instant stored another way, as an instant of the default form.
  case fromStorage(DateStorage, SQLExpression)
  /// An instant of the default form, as stored another way.
  case toStorage(DateStorage, SQLExpression)
}

/// The ways of storing an instant other than the default (see ``DateOperation``).
public enum DateStorage: Sendable, Hashable {
  /// Whole seconds since 1970-01-01 UTC (`Date.UnixTimeRepresentation`).
  case unixTime
  /// Days since noon UTC on November 24, 4714 BC (`Date.JulianDayRepresentation`).
  case julianDay
  /// ISO-8601 text on every database (`Date.ISO8601Representation`): PostgreSQL's default is a
  /// `timestamptz`.
  case iso8601Text
}

/// The units of date arithmetic and truncation.
public enum DateUnit: String, Sendable, Hashable, CaseIterable {
  /// A unit of the calendar or the clock, as the case names it; an amount of seconds added may be
  /// fractional.
  case years, months, days, hours, minutes, seconds
}

/// The integer components of an instant, in UTC.
public enum DateComponent: String, Sendable, Hashable, CaseIterable {
  /// The year, the month (1–12), the day of the month (1–31), the hour (0–23), the minute (0–59)
  /// or the whole second (0–59), as the case names it.
  case year, month, day, hour, minute, second
  /// 0 for Sunday through 6 for Saturday.
  case weekday
  /// 1 to 366.
  case dayOfYear
}

/// One of SQLite's date-and-time modifiers, with SQLite's meaning on every database (see
/// ``DateOperation/modified(_:_:)``).
public enum DateModifier: Sendable, Hashable {
  /// What adding months or years does to a day the target month lacks (January 31 plus a month).
  public enum Overflow: Sendable, Hashable {
    /// SQLite's own rule: the extra days run into the next month (March 3, or March 2 in a leap
    /// year).
    case rollOver
    /// The target month's last day (February 28 or 29).
    case clamp
  }

  /// `±N months` (a year is twelve), with what happens to a day the target month lacks.
  case months(Int, Overflow)
  /// `±N days`.
  case days(Int)
  /// `±N hours`.
  case hours(Int)
  /// `±N minutes`.
  case minutes(Int)
  /// `±N.NNN seconds`, as milliseconds.
  case milliseconds(Int64)
  /// `start of year`, `start of month` or `start of day`: the unit is one of those three.
  case start(of: DateUnit)
  /// `weekday N`: forward, if needed, to the next day whose weekday is N (0 for Sunday to 6),
  /// keeping the time.
  case weekday(Int)
}

extension DateModifier {
  /// Throws for a modifier no database gives the same meaning: a weekday outside 0...6 (SQLite
  /// returns `NULL`), or a start of a unit other than a year, a month or a day.
  package static func check(_ modifiers: [DateModifier]) throws {
    for modifier in modifiers {
      switch modifier {
      case .weekday(let day) where !(0...6).contains(day):
        throw DialectError.invalidStatement("weekday takes 0 (Sunday) to 6, not \(day)")
      case .start(let unit) where ![.years, .months, .days].contains(unit):
        throw DialectError.invalidStatement("a date modifier starts a year, a month or a day, not \(unit.rawValue)")
      default:
        continue
      }
    }
  }

  /// `-1.500`: milliseconds as seconds, with three decimals.
  package static func secondsText(milliseconds: Int64) -> String {
    let magnitude = milliseconds.magnitude
    let fraction = String(magnitude % 1000 + 1000).dropFirst()
    return (milliseconds < 0 ? "-" : "") + "\(magnitude / 1000).\(fraction)"
  }
}
