// StructuredQueries' spelling of date arithmetic: a date expression called with modifiers, in
// order, with SQLite's meaning on every database.
//
//   Reminder.where { $0.dueDate < .now(.days(-7)) }
//   Event.select { $0.startsAt(.startOfMonth.months(1).days(-1)) }   // the month's last day
//   Event.select { $0.startsAt.year }

/// Changes to an instant, applied in order: `.startOfMonth.months(1).days(-1)`.
///
/// Each has SQLite's meaning, on every database: months and years added to a day the target
/// month lacks run into the next month (January 31 plus a month is March 3) unless the overflow
/// is `.floor` (February's last day); `.weekday(n)` moves forward, if needed, to the next day
/// whose weekday is `n` (0 for Sunday).
@dynamicMemberLookup
public struct DateTimeModifier: Sendable, Hashable {
  /// The modifiers, in order.
  public private(set) var modifiers: [DateModifier] = []

  /// What adding months or years does to a day the target month lacks.
  public enum Overflow: Sendable, Hashable {
    /// The later date: the extra days run into the next month (SQLite's own rule).
    case ceiling
    /// The target month's last day.
    case floor
  }

  private func appending(_ modifier: DateModifier) -> Self {
    var copy = self
    copy.modifiers.append(modifier)
    return copy
  }

  /// `n` years later (earlier when negative).
  public func years(_ count: Int) -> Self { months(count * 12) }
  /// `n` years later, with `overflow` deciding February 29 in a year that has none.
  public func years(_ count: Int, _ overflow: Overflow) -> Self { months(count * 12, overflow) }
  /// `n` months later (earlier when negative).
  public func months(_ count: Int) -> Self { months(count, .ceiling) }
  /// `n` months later, with `overflow` deciding a day the target month lacks.
  public func months(_ count: Int, _ overflow: Overflow) -> Self {
    appending(.months(count, overflow == .floor ? .clamp : .rollOver))
  }
  /// `n` days later.
  public func days(_ count: Int) -> Self { appending(.days(count)) }
  /// `n` hours later.
  public func hours(_ count: Int) -> Self { appending(.hours(count)) }
  /// `n` minutes later.
  public func minutes(_ count: Int) -> Self { appending(.minutes(count)) }
  /// `n` seconds later, to the millisecond.
  public func seconds(_ count: Double) -> Self {
    appending(.milliseconds(Int64((count * 1000).rounded(.toNearestOrAwayFromZero))))
  }
  /// `n` milliseconds later.
  public func milliseconds(_ count: Int) -> Self { appending(.milliseconds(Int64(count))) }
  /// Midnight of the same day.
  public var startOfDay: Self { appending(.start(of: .days)) }
  /// Midnight of the first of the month.
  public var startOfMonth: Self { appending(.start(of: .months)) }
  /// Midnight of January 1.
  public var startOfYear: Self { appending(.start(of: .years)) }
  /// Forward, if needed, to the next day whose weekday is `day` (0 for Sunday to 6), keeping
  /// the time.
  public func weekday(_ day: Int) -> Self { appending(.weekday(day)) }

  /// `n` years later.
  public static func years(_ count: Int) -> Self { Self().years(count) }
  /// `n` years later, with `overflow` deciding February 29 in a year that has none.
  public static func years(_ count: Int, _ overflow: Overflow) -> Self { Self().years(count, overflow) }
  /// `n` months later.
  public static func months(_ count: Int) -> Self { Self().months(count) }
  /// `n` months later, with `overflow` deciding a day the target month lacks.
  public static func months(_ count: Int, _ overflow: Overflow) -> Self { Self().months(count, overflow) }
  /// `n` days later.
  public static func days(_ count: Int) -> Self { Self().days(count) }
  /// `n` hours later.
  public static func hours(_ count: Int) -> Self { Self().hours(count) }
  /// `n` minutes later.
  public static func minutes(_ count: Int) -> Self { Self().minutes(count) }
  /// `n` seconds later, to the millisecond.
  public static func seconds(_ count: Double) -> Self { Self().seconds(count) }
  /// `n` milliseconds later.
  public static func milliseconds(_ count: Int) -> Self { Self().milliseconds(count) }
  /// Midnight of the same day.
  public static var startOfDay: Self { Self().startOfDay }
  /// Midnight of the first of the month.
  public static var startOfMonth: Self { Self().startOfMonth }
  /// Midnight of January 1.
  public static var startOfYear: Self { Self().startOfYear }
  /// Forward, if needed, to the next day whose weekday is `day` (0 for Sunday to 6).
  public static func weekday(_ day: Int) -> Self { Self().weekday(day) }

  /// A modifier declared as a static property, chained after this one:
  /// `.months(1).endOfMonth` for `static let endOfMonth = Self.startOfMonth.months(1).days(-1)`.
  public subscript(dynamicMember keyPath: KeyPath<DateTimeModifier.Type, DateTimeModifier>) -> Self {
    var copy = self
    copy.modifiers += DateTimeModifier.self[keyPath: keyPath].modifiers
    return copy
  }
}

extension SQLQueryExpression where Value: QueryDateValue {
  /// This instant changed by `modifier`: `$0.dueDate(.days(1))`,
  /// `.now(.startOfDay.days(-7))`.
  public func callAsFunction(_ modifier: DateTimeModifier) -> Self {
    Self(node: Value.stored(.date(.modified(Value.instant(node), modifier.modifiers))))
  }

  /// The year, in UTC.
  public var year: SQLQueryExpression<Int> { component(.year) }
  /// The month, 1 to 12.
  public var month: SQLQueryExpression<Int> { component(.month) }
  /// The day of the month, 1 to 31.
  public var day: SQLQueryExpression<Int> { component(.day) }
  /// The hour, 0 to 23.
  public var hour: SQLQueryExpression<Int> { component(.hour) }
  /// The minute, 0 to 59.
  public var minute: SQLQueryExpression<Int> { component(.minute) }
  /// The whole second, 0 to 59.
  public var second: SQLQueryExpression<Int> { component(.second) }
  /// The seconds with their fraction, to the millisecond: `37.123`.
  public var fractionalSecond: SQLQueryExpression<Double> {
    SQLQueryExpression<Double>(node: .date(.fractionalSecond(Value.instant(node))))
  }
  /// The day of the week, 0 for Sunday to 6.
  public var weekday: SQLQueryExpression<Int> { component(.weekday) }
  /// The day of the year, 1 to 366.
  public var dayOfYear: SQLQueryExpression<Int> { component(.dayOfYear) }
}
