/// Any statement of the tree: the one value a builder hands to a dialect.
public enum SQLStatement: Sendable, Hashable {
  /// A `SELECT`.
  case select(SelectStatement)
  /// An `INSERT`, of rows of values or of a select's rows.
  case insert(InsertStatement)
  /// An `UPDATE`.
  case update(UpdateStatement)
  /// A `DELETE`.
  case delete(DeleteStatement)
  /// A statement that creates or drops a view or a trigger.
  case schema(SchemaStatement)
  /// A whole statement written with `#sql`.
  case raw([RawSQLSegment])
}
