/// Something an `order` closure can return: an expression (ascending) or an explicit term.
///
/// ```swift
/// Reminder.order { ($0.priority.desc(nulls: .last), $0.title) }
/// ```
public protocol QueryOrdering {
  /// The term this ordering contributes.
  var orderingTerm: OrderingTerm { get }
}

/// One `ORDER BY` term built in Swift, with its direction and `NULL` placement.
public struct QueryOrderingTerm: QueryOrdering, Sendable {
  public let orderingTerm: OrderingTerm
}

extension SQLQueryExpression: QueryOrdering where Value: QueryDecodable {
  /// Orders ascending, with `NULL` first.
  public var orderingTerm: OrderingTerm {
    OrderingTerm(Value.wrapSQL(node), .ascending, isNeverNull: isNeverNull)
  }

  /// Orders ascending; `NULL` first unless `nulls` says otherwise. A value whose Swift type is
  /// not optional is never `NULL`, so its ordering names no placement on any database.
  public func asc(nulls: OrderingTerm.NullsPlacement = .first) -> QueryOrderingTerm {
    QueryOrderingTerm(orderingTerm: OrderingTerm(Value.wrapSQL(node), .ascending, nulls: nulls, isNeverNull: isNeverNull))
  }

  /// Orders descending; `NULL` last unless `nulls` says otherwise. A value whose Swift type is
  /// not optional is never `NULL`, so its ordering names no placement on any database.
  public func desc(nulls: OrderingTerm.NullsPlacement = .last) -> QueryOrderingTerm {
    QueryOrderingTerm(orderingTerm: OrderingTerm(Value.wrapSQL(node), .descending, nulls: nulls, isNeverNull: isNeverNull))
  }
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// Whether the value's Swift type rules out `NULL` (it is its own non-optional type).
  @usableFromInline
  var isNeverNull: Bool { Value.self == Value.NonNull.self }
}

/// The terms `terms` produces from `scope`, in order (see `selection(of:from:)` for why the
/// closure is passed whole).
func orderingTerms<Scope, each Term: QueryOrdering>(
  of terms: (Scope) -> (repeat each Term), from scope: Scope
) -> [OrderingTerm] {
  orderingTerms(repeat each terms(scope))
}

/// The ordering terms of `terms`, in order.
func orderingTerms<each Term: QueryOrdering>(_ terms: repeat each Term) -> [OrderingTerm] {
  var orderingTerms: [OrderingTerm] = []
  for term in repeat each terms {
    orderingTerms.append(term.orderingTerm)
  }
  return orderingTerms
}
