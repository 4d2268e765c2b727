import CMariaDB
import Foundation

/// Instants as the server's `DATETIME(6)` holds them: a calendar date and time of day in UTC
/// (the session's time zone), to the microsecond.
enum MySQLTime {
  /// `date` in UTC, rounded to the microsecond.
  static func components(of date: Date) -> MYSQL_TIME {
    let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
    let total = Int64(microseconds)
    let (seconds, fraction) = floorDivide(total, 1_000_000)
    let (days, secondOfDay) = floorDivide(seconds, 86_400)
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    var time = MYSQL_TIME()
    time.year = UInt32(clamping: year)
    time.month = UInt32(month)
    time.day = UInt32(day)
    time.hour = UInt32(secondOfDay / 3600)
    time.minute = UInt32(secondOfDay % 3600 / 60)
    time.second = UInt32(secondOfDay % 60)
    time.second_part = UInt(fraction)
    time.time_type = MYSQL_TIMESTAMP_DATETIME
    return time
  }

  /// The instant `time` names in UTC; a `DATE` is its midnight. Nil for a time of day alone or
  /// the zero date.
  static func date(from time: MYSQL_TIME) -> Date? {
    guard time.time_type == MYSQL_TIMESTAMP_DATETIME || time.time_type == MYSQL_TIMESTAMP_DATE,
      time.month >= 1, time.day >= 1
    else { return nil }
    let days = daysSinceEpoch(year: Int64(time.year), month: Int64(time.month), day: Int64(time.day))
    let seconds = days * 86_400 + Int64(time.hour) * 3600 + Int64(time.minute) * 60 + Int64(time.second)
    return Date(timeIntervalSince1970: Double(seconds) + Double(time.second_part) / 1_000_000)
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
    return (quotient, value - quotient * divisor)
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The days from 1970-01-01 to a proleptic Gregorian date (`days_from_civil`).
  private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
