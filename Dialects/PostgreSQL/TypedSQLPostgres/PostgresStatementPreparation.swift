/// How a ``PostgresDatabase`` prepares the statements it runs.
public enum PostgresStatementPreparation: Sendable, Hashable {
  /// Each SQL text is prepared once per connection as a named statement, and later runs only
  /// bind and execute it: the fastest, for a connection straight to the server or through a
  /// pooler in session mode.
  case named
  /// Each run prepares its statement unnamed, binds and executes it in one round trip, and
  /// keeps nothing on the server: for a pooler in transaction mode, such as PgBouncer before
  /// 1.21, which may send each transaction to another server connection, where a named
  /// statement prepared on the first does not exist.
  case unnamed
}
