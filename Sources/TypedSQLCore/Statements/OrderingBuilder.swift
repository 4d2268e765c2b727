// Orderings written as StructuredQueries writes them: an `order` closure may choose its terms
// with `if` and `switch`, or have none at all.
//
// ```swift
// Reminder.order {
//   if sortsByPriority { ($0.priority.desc(), $0.title) } else { $0.title }
// }
// ```

/// Builds the terms of an `order` closure: one term or a tuple of them (expressions, ascending,
/// or `asc`/`desc` terms), `if` and `switch` choosing among them, nothing for no order, and `for`
/// loops whose terms follow one another.
@resultBuilder
public enum OrderingBuilder {
  /// A term, or a tuple of terms in order.
  public static func buildExpression<each Term: QueryOrdering>(_ terms: (repeat each Term)) -> [OrderingTerm] {
    orderingTerms(repeat each terms)
  }

  /// One term, the most common ordering, taken as itself rather than as a pack of one:
  /// specialized where it is written, it neither copies the term through its type's metadata
  /// nor grows an array from empty.
  @inlinable
  public static func buildExpression<Term: QueryOrdering>(_ term: Term) -> [OrderingTerm] {
    [term.orderingTerm]
  }

  /// An empty closure: no order.
  public static func buildBlock() -> [OrderingTerm] { [] }

  /// The closure's terms.
  public static func buildBlock(_ terms: [OrderingTerm]) -> [OrderingTerm] { terms }

  /// An `if` without `else`: no terms when its test is false.
  public static func buildOptional(_ terms: [OrderingTerm]?) -> [OrderingTerm] { terms ?? [] }

  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first terms: [OrderingTerm]) -> [OrderingTerm] { terms }

  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second terms: [OrderingTerm]) -> [OrderingTerm] { terms }

  /// A `for` loop: each iteration's terms, in order.
  public static func buildArray(_ terms: [[OrderingTerm]]) -> [OrderingTerm] { terms.flatMap(\.self) }

  /// An `if #available` branch.
  public static func buildLimitedAvailability(_ terms: [OrderingTerm]) -> [OrderingTerm] { terms }
}

/// StructuredQueries' name for where an ordering puts `NULL`s: `.asc(nulls: .last)`.
public typealias NullOrdering = OrderingTerm.NullsPlacement
