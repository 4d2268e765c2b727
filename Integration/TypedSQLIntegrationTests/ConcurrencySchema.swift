import TypedSQL

/// Two accounts whose balances always add up to 100: every committed transfer keeps the sum, so
/// a reader that sees another sum saw half a transaction.
@Table struct Account: Equatable {
  let id: Int
  var balance: Int
}

/// One row per task that wrote.
@Table struct Hit: Equatable {
  let task: Int
}

/// The same schema on both databases.
let concurrencySchema = """
  CREATE TABLE "accounts" ("id" integer PRIMARY KEY, "balance" integer NOT NULL);
  INSERT INTO "accounts" ("id", "balance") VALUES (1, 100), (2, 0);
  CREATE TABLE "hits" ("task" integer PRIMARY KEY);
  """
