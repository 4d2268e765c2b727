import Foundation

// Instants in SQL: the current one, components, the start of a day, month or year, and
// arithmetic, with one meaning on every database, in UTC (see `DateOperation`). They apply to
// dates stored the default way (ISO-8601 text in SQLite, `timestamptz` in PostgreSQL).

extension QueryExpression where Value == Date {
  /// The current instant, read once per statement.
  public static var now: Self { Self(node: .date(.now)) }
}

extension QueryExpression where Value: QueryDecodable, Value.NonNull == Date {
  /// The first instant of the year, month, day, hour, minute or second this one falls in.
  public func start(of unit: DateUnit) -> Self {
    Self(node: .date(.start(unit, node)))
  }

  /// This instant moved by `amount` of `unit` (negative to go back). Adding months or years
  /// to the 29th to 31st of a month lands on the target month's last day when it is shorter.
  public func adding(_ amount: Int, _ unit: DateUnit) -> Self {
    Self(node: .date(.adding(.binding(.int(Int64(amount))), unit, to: node)))
  }

  /// This instant moved by an amount computed in SQL.
  public func adding(_ amount: QueryExpression<Int>, _ unit: DateUnit) -> Self {
    Self(node: .date(.adding(amount.node, unit, to: node)))
  }
}

extension QueryExpression where Value == Date {
  /// A component of this instant in UTC: `$0.createdAt.component(.year)`.
  public func component(_ component: DateComponent) -> QueryExpression<Int> {
    QueryExpression<Int>(node: .date(.component(component, node)))
  }
}

extension QueryExpression where Value == Date? {
  /// A component of this instant in UTC, `NULL` for `NULL`.
  public func component(_ component: DateComponent) -> QueryExpression<Int?> {
    QueryExpression<Int?>(node: .date(.component(component, node)))
  }
}
