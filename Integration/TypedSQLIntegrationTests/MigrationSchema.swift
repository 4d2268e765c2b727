import Foundation
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

// A three-step migration history, and tables that differ from their Swift types on purpose.

@Table("lists") struct MigratedList: Equatable {
  let id: Int
  var title: String
}

@Table("items") struct MigratedItem: Equatable {
  let id: Int
  var listID: Int
  var title: String
  var notes: String?
}

enum MigrationHistory {
  static let createLists = (
    name: "Create lists",
    sqlite: #"CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL)"#,
    postgres: #"CREATE TABLE "lists" ("id" integer PRIMARY KEY, "title" text NOT NULL)"#
  )
  static let createItems = """
    CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "listID" INTEGER NOT NULL REFERENCES "lists" ("id"), \
    "title" TEXT NOT NULL)
    """

  /// The first `count` migrations of the history: lists, items, then notes with a first list.
  static func migrator(first count: Int = 3) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    let steps: [(inout DatabaseMigrator) -> Void] = [
      { $0.registerMigration(createLists.name, sqlite: createLists.sqlite, postgres: createLists.postgres) },
      { $0.registerMigration("Create items", sql: createItems) },
      {
        $0.registerMigration("Add notes") { db in
          try db.execute(#"ALTER TABLE "items" ADD COLUMN "notes" TEXT"#)
          try MigratedList.insert { MigratedList(id: 1, title: "Inbox") }.execute(db)
        }
      },
    ]
    for step in steps.prefix(count) { step(&migrator) }
    return migrator
  }
}

/// A table whose columns each differ from the Swift type in one way.
@Table("accounts") struct MismatchedAccount {
  let id: Int
  var name: String  // the column allows NULL
  var balance: Int  // the column is text
  @Column(as: UUID.BytesRepresentation.self) var token: UUID  // the column is text
  var nickname: String?  // the column is NOT NULL
  var createdAt: Date  // the column does not exist
}

/// A table the database does not have.
@Table("ledgers") struct MissingLedger {
  let id: Int
}

/// A table whose primary key is another column.
@Table("codes") struct MisKeyedCode {
  let id: Int
  var code: String
}

let sqliteMismatchSchema = """
  CREATE TABLE "accounts" ("id" INTEGER PRIMARY KEY, "name" TEXT, "balance" TEXT NOT NULL, "token" TEXT NOT NULL,
    "nickname" TEXT NOT NULL);
  CREATE TABLE "codes" ("id" INTEGER NOT NULL, "code" TEXT PRIMARY KEY);
  """

let postgresMismatchSchema = """
  CREATE TABLE "accounts" ("id" integer PRIMARY KEY, "name" text, "balance" text NOT NULL, "token" text NOT NULL,
    "nickname" text NOT NULL);
  CREATE TABLE "codes" ("id" integer NOT NULL, "code" text PRIMARY KEY);
  """

let mysqlMismatchSchema = """
  CREATE TABLE "accounts" ("id" bigint PRIMARY KEY, "name" text, "balance" text NOT NULL, "token" text NOT NULL,
    "nickname" text NOT NULL);
  CREATE TABLE "codes" ("id" bigint NOT NULL, "code" varchar(64) PRIMARY KEY);
  """
