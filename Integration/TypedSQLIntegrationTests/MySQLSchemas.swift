import TypedSQLMySQL
import TypedSQLTestServers

/// The Reminders schema of ``makeRemindersDatabase(_:schema:)`` on MariaDB: booleans as
/// `TINYINT(1)`, keys that number themselves, text in the database's byte-compared collation.
let mysqlRemindersSchema = """
  CREATE TABLE "remindersLists" (
    "id" bigint AUTO_INCREMENT PRIMARY KEY,
    "title" text NOT NULL DEFAULT ''
  );
  CREATE TABLE "reminders" (
    "id" bigint AUTO_INCREMENT PRIMARY KEY,
    "title" text NOT NULL DEFAULT '',
    "isCompleted" tinyint(1) NOT NULL DEFAULT 0,
    "priority" bigint,
    "remindersListID" bigint NOT NULL,
    FOREIGN KEY ("remindersListID") REFERENCES "remindersLists"("id") ON DELETE CASCADE
  );
  CREATE TABLE "tags" (
    "id" bigint AUTO_INCREMENT PRIMARY KEY,
    "name" varchar(255) NOT NULL UNIQUE
  );
  CREATE TABLE "remindersTags" (
    "reminderID" bigint NOT NULL,
    "tagID" bigint NOT NULL,
    FOREIGN KEY ("reminderID") REFERENCES "reminders"("id") ON DELETE CASCADE,
    FOREIGN KEY ("tagID") REFERENCES "tags"("id") ON DELETE CASCADE
  );
  """

/// Runs a test body in a fresh database on the MariaDB test server, created from `schema`, and
/// counts it.
func onMySQL(schema: String, _ body: (MySQLDatabase) throws -> Void) throws {
  try withMySQL { db throws in
    try db.execute(schema)
    try body(db)
  }
  IntegrationRunCounter.shared.record("MariaDB")
}
