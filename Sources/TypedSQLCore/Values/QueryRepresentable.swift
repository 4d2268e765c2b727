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
