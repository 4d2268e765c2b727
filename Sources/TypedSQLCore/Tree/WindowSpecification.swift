/// The window of a window function or an aggregate used as one: `OVER (PARTITION BY … ORDER BY
/// … frame)`.
public struct WindowSpecification: Sendable, Hashable {
  /// The expressions that split the rows into partitions; one partition when empty.
  public var partitionBy: [SQLExpression]
  /// The order of the rows within a partition.
  public var orderBy: [OrderingTerm]
  /// The rows of the partition each row's value is computed over; the databases' default
  /// (from the partition's start to the current row and its peers) when nil.
  public var frame: WindowFrame?

  /// Creates a window.
  public init(partitionBy: [SQLExpression] = [], orderBy: [OrderingTerm] = [], frame: WindowFrame? = nil) {
    self.partitionBy = partitionBy
    self.orderBy = orderBy
    self.frame = frame
  }
}

/// The rows around the current one that a window function reads: `ROWS BETWEEN … AND …` or
/// `RANGE BETWEEN … AND …`.
public struct WindowFrame: Sendable, Hashable {
  /// Whether bounds count rows, or values of the ordering (peers counted together).
  public enum Unit: Sendable, Hashable {
    /// `ROWS`: bounds count rows.
    case rows
    /// `RANGE`: bounds count values of the ordering, peers together.
    case range
  }

  /// One end of a frame.
  public enum Bound: Sendable, Hashable {
    /// The partition's first row: `UNBOUNDED PRECEDING`.
    case unboundedPreceding
    /// This many rows before the current one.
    case preceding(Int)
    /// The current row (in a `RANGE` frame, its first or last peer): `CURRENT ROW`.
    case currentRow
    /// This many rows after the current one.
    case following(Int)
    /// The partition's last row: `UNBOUNDED FOLLOWING`.
    case unboundedFollowing
  }

  /// Whether the bounds count rows (`ROWS`) or values of the ordering (`RANGE`).
  public var unit: Unit
  /// Where the frame starts, relative to the current row.
  public var start: Bound
  /// Where the frame ends, relative to the current row.
  public var end: Bound

  /// `ROWS BETWEEN start AND end`.
  public static func rows(_ start: Bound, _ end: Bound) -> Self { Self(unit: .rows, start: start, end: end) }

  /// `RANGE BETWEEN start AND end`.
  public static func range(_ start: Bound, _ end: Bound) -> Self { Self(unit: .range, start: start, end: end) }
}

/// What may follow an aggregate's argument: `ORDER BY …` inside the call, then
/// `FILTER (WHERE …)` and, for an aggregate used as a window function, `OVER (…)`.
public struct AggregateClauses: Sendable, Hashable {
  /// The order the aggregate takes its rows in, for aggregates whose result depends on it.
  public var orderBy: [OrderingTerm]
  /// The condition a row must meet to be aggregated.
  public var filter: SQLExpression?
  /// The window the aggregate is computed over, row by row.
  public var window: WindowSpecification?

  /// Creates the clauses.
  public init(orderBy: [OrderingTerm] = [], filter: SQLExpression? = nil, window: WindowSpecification? = nil) {
    self.orderBy = orderBy
    self.filter = filter
    self.window = window
  }
}
