import TypedSQLCore

extension DatabaseMigrator {
  /// Registers a migration that makes each of `tables` announce its commits to live queries on
  /// PostgreSQL: a trigger, fired once per statement that inserts, updates, deletes or
  /// truncates, notifies the channel the live queries' listening connection hears, naming the
  /// table with its schema (`public.reminders`). The server delivers the notification when, and only when, the transaction commits.
  ///
  /// ```swift
  /// migrator.registerLiveQueryTriggers("Announce reminders", for: [Reminder.self, RemindersList.self])
  /// ```
  ///
  /// On SQLite, whose live queries hear commits through the connection's hooks, and on MariaDB
  /// and MySQL, the migration runs nothing and is only recorded. A table written by other
  /// means than its own statements (a view's rules) needs the trigger on the tables written.
  public mutating func registerLiveQueryTriggers(_ name: String, for tables: [any Table.Type]) {
    registerMigration(
      name, sqlite: "", postgres: PostgresDatabase.liveQueryTriggersSQL(for: tables), mysql: "")
  }
}

extension PostgresDatabase {
  /// The name of the trigger function, and of the trigger on each table.
  static let liveQueryTriggerName = "typedsql_announce_change"

  /// The function that notifies the live queries' channel with the table's name, and a trigger
  /// calling it on each of `tables`.
  static func liveQueryTriggersSQL(for tables: [any Table.Type]) -> String {
    let function = quoted(liveQueryTriggerName)
    var sql = """
      CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $typedsql$
        BEGIN PERFORM pg_notify('\(PostgresChangeListener.channel)', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME); RETURN NULL; END
      $typedsql$;
      """
    for table in tables {
      let name = (table.schemaName.map { quoted($0) + "." } ?? "") + quoted(table.tableName)
      sql += """

        CREATE TRIGGER \(function) AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(name)
          FOR EACH STATEMENT EXECUTE FUNCTION \(function)();
        """
    }
    return sql
  }
}
