import CMariaDB
import Foundation
import TypedSQLCore

/// Instants as the server's `DATETIME(6)` holds them: a calendar date and time of day in UTC
/// (the session's time zone), to the microsecond.
enum MySQLTime {
  /// `date` in UTC, rounded to the microsecond.
  static func components(of date: Date) -> MYSQL_TIME {
    let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
    let total = Int64(microseconds)
    let (seconds, fraction) = total.floorDivided(by: 1_000_000)
    let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
    let (year, month, day) = ISO8601Text.civilDate(fromDays: days)
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
    let days = ISO8601Text.days(fromCivil: Int(time.year), Int(time.month), Int(time.day))
    let seconds = days * 86_400 + Int64(time.hour) * 3600 + Int64(time.minute) * 60 + Int64(time.second)
    return Date(timeIntervalSince1970: Double(seconds) + Double(time.second_part) / 1_000_000)
  }
}
