// Instants in SQL: the current one, components, the start of a day, month or year, arithmetic and
// formatting, with one meaning on every database, in UTC (see `DateOperation`), for every way of
// storing a date (`QueryDateValue`).

/// A Swift type that holds an instant in a column: `Date`, stored the default way, and the date
/// representations (`Date.UnixTimeRepresentation`, `Date.JulianDayRepresentation`,
/// `Date.ISO8601Representation`). SQL date operations apply to each.
public protocol QueryDateValue: QueryDecodable {
  /// How the instant is stored, `nil` for the default way.
  static var dateStorage: DateStorage? { get }
}

extension SQLQueryExpression where Value: QueryDateValue {
  /// The current instant, read once per statement.
  public static var now: Self { Self(node: Value.stored(.date(.now))) }
}

extension QueryDateValue {
  /// An instant of the default form, as this type stores it.
  static func stored(_ instant: SQLExpression) -> SQLExpression {
    dateStorage.map { .date(.toStorage($0, instant)) } ?? instant
  }

  /// A value of this type, as an instant of the default form.
  static func instant(_ stored: SQLExpression) -> SQLExpression {
    dateStorage.map { .date(.fromStorage($0, stored)) } ?? stored
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryDateValue {
  /// The first instant of the year, month, day, hour, minute or second this one falls in.
  public func start(of unit: DateUnit) -> Self {
    Self(node: Value.NonNull.stored(.date(.start(unit, Value.NonNull.instant(node)))))
  }

  /// This instant moved by `amount` of `unit` (negative to go back). Adding months or years
  /// to the 29th to 31st of a month lands on the target month's last day when it is shorter.
  public func adding(_ amount: Int, _ unit: DateUnit) -> Self {
    adding(SQLQueryExpression<Int>(value: amount), unit)
  }

  /// This instant moved by an amount computed in SQL.
  public func adding(_ amount: SQLQueryExpression<Int>, _ unit: DateUnit) -> Self {
    Self(node: Value.NonNull.stored(.date(.adding(amount.node, unit, to: Value.NonNull.instant(node)))))
  }
}

extension SQLQueryExpression where Value: QueryDateValue {
  /// A component of this instant in UTC: `$0.createdAt.component(.year)`.
  public func component(_ component: DateComponent) -> SQLQueryExpression<Int> {
    SQLQueryExpression<Int>(node: .date(.component(component, Value.instant(node))))
  }

  /// This instant as text in a `strftime` format of the fields every database writes alike
  /// (`%Y %m %d %H %M %S %f %j %w %%`, see ``DateFormat``): `$0.createdAt.strftime("%Y-%m")`.
  /// Another field is refused when the statement is rendered.
  public func strftime(_ format: String) -> SQLQueryExpression<String> {
    SQLQueryExpression<String>(node: .date(.format(format, Value.instant(node))))
  }
}

extension SQLQueryExpression {
  /// A component of this instant in UTC, `NULL` for `NULL`.
  public func component<Wrapped: QueryDateValue>(_ component: DateComponent) -> SQLQueryExpression<Int?>
  where Value == Wrapped? {
    SQLQueryExpression<Int?>(node: .date(.component(component, Wrapped.instant(node))))
  }

  /// This instant as text in a `strftime` format (see ``DateFormat``), `NULL` for `NULL`.
  public func strftime<Wrapped: QueryDateValue>(_ format: String) -> SQLQueryExpression<String?> where Value == Wrapped? {
    SQLQueryExpression<String?>(node: .date(.format(format, Wrapped.instant(node))))
  }
}
