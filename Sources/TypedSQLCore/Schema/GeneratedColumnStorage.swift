/// How the database keeps a generated column, as `@Column(generated:)` declares: the column is
/// selected and decoded, but never inserted or updated, and it has no place in a table's
/// `Draft`.
///
/// ```swift
/// @Table struct Event {
///   let id: Int
///   var startAt: Date
///   var duration: Double
///   @Column(generated: .stored) var endAt: Date
/// }
/// ```
public enum GeneratedColumnStorage: Sendable, Hashable {
  /// Computed when the row is written and stored (`GENERATED ALWAYS AS (…) STORED`).
  case stored
  /// Computed when read (`… VIRTUAL`; SQLite only).
  case virtual
}
