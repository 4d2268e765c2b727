import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

// StructuredQueries' AggregateBackpressureTests, live on SQLite and PostgreSQL: an aggregate
// `@DatabaseFunction` over 5000 rows, read to the end, left after its first value, per group,
// and over no rows. Nothing left out.
//
// PostgreSQL: TypedSQL registers Swift functions with SQLite only. Each query here is SQL text
// written by hand, whose function call TypedSQL does not read, so it is PostgreSQL that refuses
// it, by the function's name (SQLSTATE 42883, undefined_function: "function sumall(integer)
// does not exist"): on PostgreSQL each case makes the same rows and checks that refusal. All 4
// cases ported: rows on SQLite and that refusal on PostgreSQL; none checks rows on PostgreSQL.
//
// Rewritten throughout: `$fn.install(database.handle)` → `try sqliteDatabase.add($fn)`, in
// `install(_:_:orRefuse:)` ("value of type '__DatabaseFunction_sumAll' has no member 'install'";
// "'handle' is inaccessible due to 'internal' protection level"), made after the rows, so that
// PostgreSQL reaches the function's name (it reads a query's tables first).
//
// Changed: `.timeLimit(.minutes(1))` → `.timeLimit(.minutes(10))`, with the minute checked on the
// aggregate query itself (`withinAMinute`). Swift Testing's limit also counts the time a test
// waits for Swift's cooperative threads, which in this package's run of about 1,100 tests on a
// two-core machine passed 100 s before these bodies began. The ten minutes still end a query that
// stalls.

extension LiveDatabase {
  /// StructuredQueries' `$fn.install(database.handle)`. On SQLite registers `definition` and
  /// returns true. On PostgreSQL, where TypedSQL registers no Swift function, checks that
  /// PostgreSQL refuses `query`, which calls it by name in hand-written SQL, as a function it
  /// does not have, and returns false.
  fileprivate func install(
    _ definition: some SQLiteFunctionDefinition, _ db: any Database, orRefuse query: () throws -> Void
  ) throws -> Bool {
    if let sqlite = db as? SQLiteDatabase {
      try sqlite.add(definition)
      return true
    }
    let error = #expect(throws: PostgresError.self) { try query() }
    #expect(error?.sqlState == "42883")
    #expect(error?.message.contains("function \(definition.function.name.lowercased())(") == true)
    return false
  }
}

/// Runs `query` on `db`, and checks that it took less than a minute: StructuredQueries' time
/// limit, measured on the query alone.
private func withinAMinute<S: Statement>(_ query: S, _ db: any Database) throws -> [S.Row] where S.Row: QueryDecodable {
  let start = ContinuousClock.now
  let rows = try db.execute(query)
  let took = ContinuousClock.now - start
  #expect(took < .seconds(60), "the aggregate took \(took)")
  return rows
}

@Suite struct SuiteAggregateBackpressureTests {
  @DatabaseFunction
  func sumAll(_ values: some Sequence<Int>) -> Int {
    values.reduce(0, &+)
  }

  // Takes one element, then waits, then returns without reading the others: the aggregate
  // must still finish, with the first value.
  @DatabaseFunction
  func firstValue(_ values: some Sequence<Int>) -> Int? {
    var iterator = values.makeIterator()
    let first = iterator.next()
    Thread.sleep(forTimeInterval: 0.1)
    return first
  }

  private func makeRows(_ count: Int, _ db: any Database) throws {
    try db.execute(
      #sql(
        """
        CREATE TEMP TABLE rows AS
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(raw: count))
        SELECT x FROM c
        """
      )
    )
  }

  @Test(.timeLimit(.minutes(10)), arguments: LiveDatabase.allCases)
  func aggregatesEveryRowWhenProducerOutrunsConsumer(database: LiveDatabase) throws {
    try database.run { db in
      try makeRows(5000, db)
      let query = #sql("SELECT sumAll(x) FROM rows", as: Int.self)
      guard try database.install($sumAll, db, orRefuse: { _ = try db.execute(query) }) else { return }
      let result = try withinAMinute(query, db)
      #expect(result == [5000 * 5001 / 2])
    }
  }

  @Test(.timeLimit(.minutes(10)), arguments: LiveDatabase.allCases)
  func earlyReturnDoesNotStallProducer(database: LiveDatabase) throws {
    try database.run { db in
      try makeRows(5000, db)
      let query = #sql("SELECT firstValue(x) FROM rows", as: Int?.self)
      guard try database.install($firstValue, db, orRefuse: { _ = try db.execute(query) }) else { return }
      let result = try withinAMinute(query, db)
      #expect(result == [1])
    }
  }

  @Test(.timeLimit(.minutes(10)), arguments: LiveDatabase.allCases)
  func groupedAggregationKeepsAccumulatorsSeparate(database: LiveDatabase) throws {
    try database.run { db in
      try makeRows(5000, db)
      let query = #sql(
        "SELECT sumAll(x) FROM rows GROUP BY x % 2 ORDER BY x % 2",
        as: Int.self
      )
      guard try database.install($sumAll, db, orRefuse: { _ = try db.execute(query) }) else { return }
      let results = try withinAMinute(query, db)
      let evens = stride(from: 2, through: 5000, by: 2).reduce(0, +)
      let odds = stride(from: 1, through: 4999, by: 2).reduce(0, +)
      #expect(results == [evens, odds])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aggregatesEmptyInput(database: LiveDatabase) throws {
    try database.run { db in
      try makeRows(5000, db)
      let query = #sql("SELECT sumAll(x) FROM rows WHERE x < 0", as: Int.self)
      guard try database.install($sumAll, db, orRefuse: { _ = try db.execute(query) }) else { return }
      let result = try db.execute(query)
      #expect(result == [0])
    }
  }
}
