// Window functions and aggregates computed over a window, row by row: `f(…) OVER (PARTITION BY …
// ORDER BY … frame)`. SQLite has them since 3.25, PostgreSQL for much longer.

/// A window function's call, which has a value only over a window: give it one with
/// ``over(partitionBy:orderBy:)``.
///
/// ```swift
/// Reminder.select { ($0.title, rowNumber().over(partitionBy: $0.remindersListID, orderBy: $0.id)) }
/// ```
public struct WindowFunction<Value>: Sendable {
  /// The call, without its window.
  public let call: SQLExpression

  /// The call of `function` with `arguments`.
  public init(_ function: SQLFunction, _ arguments: [SQLExpression] = []) {
    self.call = .function(function, arguments)
  }

  /// The function over a window: the rows that share the values of `partitionBy` (all rows when
  /// there are none), in the order of `orderBy`. Order by values that tell every row apart: rows
  /// that tie may come in another order on each database.
  public func over<each Partition>(
    partitionBy partitions: repeat SQLQueryExpression<each Partition>, orderBy terms: any QueryOrdering...
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression(node: .window(call, WindowSpecification(partitionBy: repeat each partitions, orderBy: terms, frame: nil)))
  }
}

extension WindowFunction where Value: QueryDecodable {
  /// The function over a window with an explicit `frame` around each row. A frame that leaves
  /// out the current row (`.rows(.following(1), .following(2))`) can be empty, and
  /// `first_value` and `last_value` of an empty frame are `NULL`, so the value is optional.
  public func over<each Partition>(
    partitionBy partitions: repeat SQLQueryExpression<each Partition>, orderBy terms: any QueryOrdering...,
    frame: WindowFrame
  ) -> SQLQueryExpression<Value.Nullable> {
    SQLQueryExpression(node: .window(call, WindowSpecification(partitionBy: repeat each partitions, orderBy: terms, frame: frame)))
  }
}

extension WindowSpecification {
  /// A window of typed partitions and orderings.
  init<each Partition>(partitionBy partitions: repeat SQLQueryExpression<each Partition>, orderBy terms: [any QueryOrdering], frame: WindowFrame?) {
    var nodes: [SQLExpression] = []
    for partition in repeat each partitions { nodes.append(partition.node) }
    self.init(partitionBy: nodes, orderBy: terms.map(\.orderingTerm), frame: frame)
  }
}

/// `row_number()`: the row's number in its partition, from 1, in the window's order.
public func rowNumber() -> WindowFunction<Int> { WindowFunction(.rowNumber) }

/// `rank()`: the row's rank in its partition; rows that tie in the window's order share one,
/// and the next rank skips as many.
public func rank() -> WindowFunction<Int> { WindowFunction(.rank) }

/// `dense_rank()`: the row's rank in its partition, with no gaps after ties.
public func denseRank() -> WindowFunction<Int> { WindowFunction(.denseRank) }

/// `ntile(buckets)`: which of `buckets` near-equal groups, from 1, the row falls in.
public func ntile(_ buckets: Int) -> WindowFunction<Int> {
  WindowFunction(.ntile, [.raw([.text(String(Swift.max(buckets, 1)))])])
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// `lag(self, offset)`: the value `offset` rows before this one in the window, `NULL` when
  /// there is no such row.
  public func lag(_ offset: Int = 1) -> WindowFunction<Value.Nullable> {
    WindowFunction(.lag, [node, .raw([.text(String(Swift.max(offset, 0)))])])
  }

  /// `lead(self, offset)`: the value `offset` rows after this one in the window, `NULL` when
  /// there is no such row.
  public func lead(_ offset: Int = 1) -> WindowFunction<Value.Nullable> {
    WindowFunction(.lead, [node, .raw([.text(String(Swift.max(offset, 0)))])])
  }

  /// `first_value(self)`: the value at the first row of the window's frame.
  public func firstValue() -> WindowFunction<Value> { WindowFunction(.firstValue, [node]) }

  /// `last_value(self)`: the value at the last row of the window's frame (with the default
  /// frame, the current row's last peer).
  public func lastValue() -> WindowFunction<Value> { WindowFunction(.lastValue, [node]) }

  /// An aggregate of this expression (`sum`, `count`, `avg`, …) computed over a window, for
  /// each row: running totals, moving averages, a count per partition.
  ///
  /// ```swift
  /// Reminder.select { ($0.id, $0.priority.sum().over(orderBy: $0.id)) }   // running total
  /// ```
  public func over<each Partition>(
    partitionBy partitions: repeat SQLQueryExpression<each Partition>, orderBy terms: any QueryOrdering...,
    frame: WindowFrame? = nil
  ) -> Self {
    Self(node: .window(node, WindowSpecification(partitionBy: repeat each partitions, orderBy: terms, frame: frame)))
  }
}
