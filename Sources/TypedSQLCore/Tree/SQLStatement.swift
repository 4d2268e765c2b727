/// Any statement of the tree: the one value a builder hands to a dialect.
public enum SQLStatement: Sendable, Hashable {
  case select(SelectStatement)
  case insert(InsertStatement)
  case update(UpdateStatement)
  case delete(DeleteStatement)
  /// A statement that creates or drops a view or a trigger.
  case schema(SchemaStatement)
  /// A whole statement written with `#sql`.
  case raw([RawSQLSegment])
}
