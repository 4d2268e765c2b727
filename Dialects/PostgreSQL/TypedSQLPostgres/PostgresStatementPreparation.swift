/// How a ``PostgresDatabase`` prepares the statements it runs.
public enum PostgresStatementPreparation: Sendable, Hashable {
  /// Each SQL text is prepared once per connection as a named statement, and later runs only
  /// bind and execute it: the fastest, for a connection straight to the server or through a
  /// pooler in session mode.
  ///
  /// Names are random per connection, so a pooler that shares server connections among clients
  /// never runs another client's statement in place of this one's. When a named statement is
  /// missing from the server connection a run reaches, which only a pooler in transaction mode
  /// causes, the connection (with the rest of its ``PostgresConnectionPool``) switches to
  /// ``unnamed`` and logs a warning. The run that found it missing then runs again unnamed when
  /// outside a transaction; inside one it fails with SQLSTATE 26000 and a hint, since the server
  /// has aborted the transaction, which can then run again.
  case named
  /// Each run prepares its statement unnamed, binds and executes it in one round trip, and
  /// keeps nothing on the server: for a pooler in transaction mode, such as PgBouncer before
  /// 1.21, which may send each transaction to another server connection, where a named
  /// statement prepared on the first does not exist.
  case unnamed
}
