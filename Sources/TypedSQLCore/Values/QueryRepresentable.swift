/// A type that stores a Swift value in a form the database understands, chosen per column with
/// `@Column(as:)`.
///
/// ```swift
/// @Table struct Event {
///   let id: Int
///   @Column(as: Date.UnixTimeRepresentation.self) var startAt: Date
/// }
/// ```
///
/// The column's handle has the representation's type, so comparisons bind the stored form.
public protocol QueryRepresentable<QueryOutput>: QueryBindable {
  /// The Swift value the representation stands for.
  associatedtype QueryOutput
  /// Wraps a Swift value for storage.
  init(queryOutput: QueryOutput)
  /// The Swift value.
  var queryOutput: QueryOutput { get }
}

extension Optional: QueryRepresentable where Wrapped: QueryRepresentable {
  public init(queryOutput: Wrapped.QueryOutput?) {
    self = queryOutput.map(Wrapped.init(queryOutput:))
  }
  public var queryOutput: Wrapped.QueryOutput? { self?.queryOutput }
}

/// A Swift value in a column's representation, as an update assigns it: `#bind(value)`
/// (`$0.startAt = #bind(date)` stores `date` as the column's `Date.UnixTimeRepresentation`), or a
/// number literal of the column's type (`$0.ratio = 2` for a `Double` column).
public struct BoundValue<Representation: QueryRepresentable>: Sendable {
  /// The value in its representation.
  public let value: Representation

  /// `queryOutput` in the representation.
  @inlinable
  public init(queryOutput: Representation.QueryOutput) {
    value = Representation(queryOutput: queryOutput)
  }
}

extension BoundValue: ColumnsArgument {
  /// The value, bound: a column of a `Columns(…)` row stored through its representation
  /// (`Notes.Columns.list(#bind(["Blob", "Jr"]))`).
  public var handles: SQLQueryExpression<Representation> {
    SQLQueryExpression(node: .binding(value.queryBinding))
  }
}

extension BoundValue: ExpressibleByIntegerLiteral where Representation.QueryOutput: ExpressibleByIntegerLiteral {
  /// The literal, as the column's type.
  @inlinable
  public init(integerLiteral value: Representation.QueryOutput.IntegerLiteralType) {
    self.init(queryOutput: Representation.QueryOutput(integerLiteral: value))
  }
}

extension BoundValue: ExpressibleByFloatLiteral where Representation.QueryOutput: ExpressibleByFloatLiteral {
  /// The literal, as the column's type.
  @inlinable
  public init(floatLiteral value: Representation.QueryOutput.FloatLiteralType) {
    self.init(queryOutput: Representation.QueryOutput(floatLiteral: value))
  }
}
