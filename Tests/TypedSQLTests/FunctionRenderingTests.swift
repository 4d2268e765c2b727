import Testing
import TypedSQL

@Suite struct FunctionRenderingTests {
  @Test func textFunctions() {
    assertSQL(Reminder.select { ($0.title.lower(), $0.title.upper(), $0.title.length(), $0.title.instr("k")) }) {
      """
      SQLite:
        SELECT lower("reminders"."title"), upper("reminders"."title"), length("reminders"."title"), instr("reminders"."title", ?1) FROM "reminders"
        bindings: text("k")
      PostgreSQL:
        SELECT lower("reminders"."title" COLLATE "C"), upper("reminders"."title" COLLATE "C"), length("reminders"."title"), strpos("reminders"."title", $1) FROM "reminders"
        bindings: text("k")
      """
    }
    assertSQL(Reminder.select { ($0.title.trim(), $0.title.ltrim("x"), $0.title.rtrim(), $0.title.replace("a", "b"), $0.title.substr(2, 3), $0.title.substr(-1)) }) {
      """
      SQLite:
        SELECT trim("reminders"."title"), ltrim("reminders"."title", ?1), rtrim("reminders"."title"), replace("reminders"."title", ?2, ?3), substr("reminders"."title", ?4, ?5), substr("reminders"."title", ?6) FROM "reminders"
        bindings: text("x"), text("a"), text("b"), int(2), int(3), int(0)
      PostgreSQL:
        SELECT trim("reminders"."title"), ltrim("reminders"."title", $1), rtrim("reminders"."title"), replace("reminders"."title", $2, $3), substr("reminders"."title", CAST($4 AS integer), CAST($5 AS integer)), substr("reminders"."title", CAST($6 AS integer)) FROM "reminders"
        bindings: text("x"), text("a"), text("b"), int(2), int(3), int(0)
      """
    }
  }

  @Test func prefixSuffixAndContainsCompareEveryCharacterAsItIs() {
    assertSQL(Reminder.where { $0.title.hasPrefix("50%_") || $0.title.hasSuffix("*") || $0.title.contains("a\\b") }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((("reminders"."title" GLOB ?1) OR ("reminders"."title" GLOB ?2)) OR ("reminders"."title" GLOB ?3))
        bindings: text("50%_*"), text("*[*]"), text("*a\\b*")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((("reminders"."title" COLLATE "C" LIKE $1 ESCAPE E'\\') OR ("reminders"."title" COLLATE "C" LIKE $2 ESCAPE E'\\')) OR ("reminders"."title" COLLATE "C" LIKE $3 ESCAPE E'\\'))
        bindings: text("50\\%\\_%"), text("%*"), text("%a\\\\b%")
      """#
    }
  }

  @Test func numericFunctions() {
    assertSQL(Reminder.select { ($0.priority.abs(), $0.priority.sign(), $0.priority.nullif(0)) }) {
      """
      SQLite:
        SELECT abs("reminders"."priority"), sign("reminders"."priority"), nullif("reminders"."priority", ?1) FROM "reminders"
        bindings: int(0)
      PostgreSQL:
        SELECT abs("reminders"."priority"), CAST(sign("reminders"."priority") AS bigint), nullif("reminders"."priority", $1) FROM "reminders"
        bindings: int(0)
      """
    }
    let ratio = SQLQueryExpression<Double>(node: .column(ColumnReference(qualifier: nil, name: "ratio")))
    assertSQL(Reminder.select { _ in (ratio.round(), ratio.round(2), ratio.round(-3), ratio.ceil(), ratio.floor()) }) {
      """
      SQLite:
        SELECT round("ratio"), round("ratio", ?1), round("ratio"), ceil("ratio"), floor("ratio") FROM "reminders"
        bindings: int(2)
      PostgreSQL:
        SELECT CAST(round(CAST(CAST("ratio" AS text) AS numeric)) AS double precision), CAST(round(CAST(CAST("ratio" AS text) AS numeric), CAST($1 AS integer)) AS double precision), CAST(round(CAST(CAST("ratio" AS text) AS numeric)) AS double precision), ceil("ratio"), floor("ratio") FROM "reminders"
        bindings: int(2)
      """
    }
  }

  @Test func coalesceChainsAreOneCall() {
    assertSQL(Reminder.select { ($0.priority ?? $0.priority ?? 0, $0.priority ?? $0.id, coalesce($0.priority, $0.priority)) }) {
      """
      SQLite:
        SELECT coalesce("reminders"."priority", "reminders"."priority", ?1), coalesce("reminders"."priority", "reminders"."id"), coalesce("reminders"."priority", "reminders"."priority") FROM "reminders"
        bindings: int(0)
      PostgreSQL:
        SELECT coalesce("reminders"."priority", "reminders"."priority", $1), coalesce("reminders"."priority", "reminders"."id"), coalesce("reminders"."priority", "reminders"."priority") FROM "reminders"
        bindings: int(0)
      """
    }
  }

  @Test func bytesMappingAndNamedAggregates() {
    assertSQL(Reminder.select { ($0.title.octetLength(), $0.priority.map { $0 * 2 }, $0.id.aggregate(named: "bit_or", as: Int?.self)) }) {
      """
      SQLite:
        SELECT length(CAST("reminders"."title" AS BLOB)), CASE WHEN ("reminders"."priority" IS NULL) THEN ?1 ELSE ("reminders"."priority" * ?2) END, bit_or("reminders"."id") FROM "reminders"
        bindings: NULL, int(2)
      PostgreSQL:
        SELECT octet_length("reminders"."title"), CASE WHEN ("reminders"."priority" IS NULL) THEN NULL ELSE ("reminders"."priority" * $1) END, bit_or("reminders"."id") FROM "reminders"
        bindings: int(2)
      """
    }
    let bytes = SQLQueryExpression<[UInt8]>(node: .column(ColumnReference(qualifier: nil, name: "bytes")))
    assertSQL(Reminder.select { _ in bytes.hex() }) {
      """
      SQLite:
        SELECT hex("bytes") FROM "reminders"
      PostgreSQL:
        SELECT upper(encode("bytes", 'hex')) FROM "reminders"
      """
    }
  }

  @Test func anyFunctionTheDatabaseHasByName() {
    let call = SQLQueryExpression<String>(node: .function(SQLFunction(named: "my func"), [.binding(.text("a"))]))
    let plain = SQLQueryExpression<String>(node: .function(SQLFunction(named: "soundex"), [.binding(.text("a"))]))
    assertSQL(Reminder.select { _ in (call, plain) }) {
      """
      SQLite:
        SELECT "my func"(?1), soundex(?1) FROM "reminders"
        bindings: text("a")
      PostgreSQL:
        SELECT "my func"($1), soundex($1) FROM "reminders"
        bindings: text("a")
      """
    }
  }

  @Test func simpleAndSearchedCase() {
    assertSQL(Reminder.select { Case($0.priority).when(3, then: "high").when(2, then: "medium").else("low") }) {
      """
      SQLite:
        SELECT CASE "reminders"."priority" WHEN ?1 THEN ?2 WHEN ?3 THEN ?4 ELSE ?5 END FROM "reminders"
        bindings: int(3), text("high"), int(2), text("medium"), text("low")
      PostgreSQL:
        SELECT CASE "reminders"."priority" WHEN $1 THEN $2 WHEN $3 THEN $4 ELSE $5 END FROM "reminders"
        bindings: int(3), text("high"), int(2), text("medium"), text("low")
      """
    }
    assertSQL(Reminder.select { Case().when($0.isCompleted, then: $0.title).end() }) {
      """
      SQLite:
        SELECT CASE WHEN "reminders"."isCompleted" THEN "reminders"."title" END FROM "reminders"
      PostgreSQL:
        SELECT CASE WHEN "reminders"."isCompleted" THEN "reminders"."title" END FROM "reminders"
      """
    }
  }

  @Test func smallestAndLargestOfSeveralValuesAreNullWhenOneIs() {
    assertSQL(Reminder.select { (min($0.id, $0.remindersListID), max($0.priority, $0.priority * 2, SQLQueryExpression(value: 1))) }) {
      """
      SQLite:
        SELECT min("reminders"."id", "reminders"."remindersListID"), max("reminders"."priority", ("reminders"."priority" * ?1), ?2) FROM "reminders"
        bindings: int(2), int(1)
      PostgreSQL:
        SELECT CASE WHEN ("reminders"."id" IS NULL) OR ("reminders"."remindersListID" IS NULL) THEN NULL ELSE least("reminders"."id", "reminders"."remindersListID") END, CASE WHEN ("reminders"."priority" IS NULL) OR (("reminders"."priority" * $1) IS NULL) THEN NULL ELSE greatest("reminders"."priority", ("reminders"."priority" * $1), $2) END FROM "reminders"
        bindings: int(2), int(1)
      """
    }
  }

  @Test func quoteOfText() {
    assertSQL(Reminder.select { $0.title.quote() }) {
      """
      SQLite:
        SELECT quote("reminders"."title") FROM "reminders"
      PostgreSQL:
        SELECT coalesce('''' || replace("reminders"."title", '''', '''''') || '''', 'NULL') FROM "reminders"
      """
    }
  }

  /// SQLite's planner hints are the condition itself on PostgreSQL; the probability is a literal,
  /// which is all SQLite accepts there.
  @Test func plannerHints() {
    assertSQL(Reminder.where { $0.isCompleted.likelihood(0.25) && $0.isCompleted.likely() && $0.isCompleted.unlikely() }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((likelihood("reminders"."isCompleted", 0.25) AND likely("reminders"."isCompleted")) AND unlikely("reminders"."isCompleted"))
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."isCompleted" AND "reminders"."isCompleted") AND "reminders"."isCompleted")
      """
    }
  }

  @Test func blobsAndUnicode() {
    assertSQL(Reminder.select { ($0.id.randomblob(), 4.zeroblob(), $0.title.unicode()) }) {
      """
      SQLite:
        SELECT randomblob("reminders"."id"), zeroblob(?1), unicode("reminders"."title") FROM "reminders"
        bindings: int(4)
      PostgreSQL:
        SELECT (SELECT decode(string_agg(lpad(to_hex(CAST(floor(random() * 256) AS integer)), 2, '0'), ''), 'hex') FROM generate_series(1, greatest(CAST("reminders"."id" AS bigint), 1))), decode(repeat('00', CAST(greatest($1, 0) AS integer)), 'hex'), ascii(nullif("reminders"."title", $2)) FROM "reminders"
        bindings: int(4), text("")
      """
    }
  }
}

