import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// Differential and metamorphic testing across the two databases (SQLancer's oracles): random
/// portable queries, built with the typed builder over random data, run on SQLite and on
/// PostgreSQL, and their rows compared as multisets; and, on each database alone, ternary logic
/// partitioning: the rows of `q` are those of `q WHERE p`, `q WHERE NOT p` and
/// `q WHERE p IS NULL`. A difference is reported with the smallest condition that still shows it.
///
/// `TYPEDSQL_DIFF_QUERIES` sets the number of queries (2,000 by default; the script
/// `Tests/Harness/differential` runs 100,000), `TYPEDSQL_SEED` the seed.
@Suite(.enabled(if: PostgresTestServer.suitesRun)) struct DifferentialQueryTests {
  @Test func sqliteAndPostgresReturnTheSameRows() throws {
    let queries = harnessCount("TYPEDSQL_DIFF_QUERIES", default: 2_000)
    var random = SeededRandom.fromEnvironment()
    let seed = random.seed
    let rows = DiffRow.randomRows(60, using: &random)
    let sqlite = try SQLiteDatabase()
    try sqlite.execute(
      #"CREATE TABLE "diff" ("id" INTEGER PRIMARY KEY, "a" INTEGER, "b" INTEGER, "t" TEXT, "f" REAL, "flag" INTEGER, "d" TEXT) STRICT"#)
    try DiffRow.insert { rows }.execute(sqlite)
    try withPostgres { postgres in
      try postgres.execute(
        #"CREATE TABLE "diff" ("id" bigint PRIMARY KEY, "a" bigint, "b" bigint, "t" text, "f" double precision, "flag" boolean, "d" timestamptz)"#)
      try DiffRow.insert { rows }.execute(postgres)
      // The comparison must see a difference where there is one: `LIKE` ignores case on SQLite only.
      let documented = RandomQuery(shape: .ids, condition: .like("A"))
      #expect(try documented.difference(sqlite, postgres) != nil, "the comparison missed LIKE's documented difference")

      var differences: [String] = []
      var partitionFailures: [String] = []
      var queriesWithRows = 0
      for index in 0..<queries {
        let query = RandomQuery.random(using: &random)
        if let rows = try? query.rows(on: sqlite, where: query.condition.node), !rows.isEmpty, rows != ["0 nil nil nil"] {
          queriesWithRows += 1
        }
        if let difference = try query.difference(sqlite, postgres) {
          let smallest = query.shrunk { try $0.difference(sqlite, postgres) != nil }
          differences.append("query \(index): \(smallest)\n  \(try smallest.difference(sqlite, postgres) ?? difference)")
        }
        for (name, db) in [("SQLite", sqlite as any Database), ("PostgreSQL", postgres)] {
          if try !query.partitionHolds(on: db) {
            let smallest = query.shrunk { try !$0.partitionHolds(on: db) }
            partitionFailures.append("\(name), query \(index): \(smallest)")
          }
        }
        if differences.count + partitionFailures.count >= 5 { break }
      }
      print("◇ differential: \(queries) queries compared on SQLite and PostgreSQL (\(queriesWithRows) returned rows),"
        + " \(differences.count) differences,"
        + " \(partitionFailures.count) partition failures (seed \(seed))")
      for difference in differences { Issue.record("seed \(seed): \(difference)") }
      for failure in partitionFailures { Issue.record("seed \(seed): ternary partition fails on \(failure)") }
    }
  }
}

/// One random query: a shape (which rows or values it returns) and its `WHERE` condition.
struct RandomQuery: CustomStringConvertible {
  enum Shape {
    /// `select { $0.id }`
    case ids
    /// `select { ($0.id, value) }`
    case values(RandomInteger)
    /// `select { (value.count(), value.sum(), value.min(), value.max()) }`
    case aggregates(RandomInteger)
    /// `group { value }.select { (value, $0.id.count()) }`
    case groups(RandomInteger)
    /// `order { (value [desc], $0.id) }.limit(count, offset:)`, compared in order
    case ordered(RandomInteger, descending: Bool, limit: Int, offset: Int)
    /// `select { value }.distinct()`
    case distinct(RandomInteger)
  }

  var shape: Shape
  var condition: RandomCondition

  static func random(using random: inout SeededRandom) -> RandomQuery {
    let value = RandomInteger.random(depth: 2, using: &random)
    let shape: Shape
    switch Int.random(in: 0..<6, using: &random) {
    case 0: shape = .ids
    case 1: shape = .values(value)
    case 2: shape = .aggregates(value)
    case 3: shape = .groups(value)
    case 4:
      shape = .ordered(
        value, descending: random.oneIn(2), limit: Int.random(in: 1...10, using: &random),
        offset: Int.random(in: 0...5, using: &random))
    default: shape = .distinct(value)
    }
    return RandomQuery(shape: shape, condition: .random(depth: 3, using: &random))
  }

  var description: String { "DiffRow.where { \(condition) } as \(shape)" }

  /// The query's rows as text, sorted unless the query orders them.
  func rows(on db: some Database, where condition: SQLExpression?) throws -> [String] {
    var select = DiffRow.all
    if let condition { select = select.where { _ in QueryExpression<Bool>(node: condition) } }
    func sorted(_ rows: [String]) -> [String] { rows.sorted() }
    switch shape {
    case .ids:
      return sorted(try select.select { $0.id }.fetchAll(db).map { "\($0)" })
    case .values(let value):
      return sorted(try select.select { ($0.id, QueryExpression<Int?>(node: value.node)) }.fetchAll(db).map { "\($0.0) \($0.1.map(String.init) ?? "NULL")" })
    case .aggregates(let value):
      let node = value.node
      let row = try select.select { _ in
        (QueryExpression<Int>(node: .aggregate(.count, node, distinct: false)),
         QueryExpression<Int?>(node: .aggregate(.sum, node, distinct: false)),
         QueryExpression<Int?>(node: .aggregate(.minimum, node, distinct: false)),
         QueryExpression<Int?>(node: .aggregate(.maximum, node, distinct: false)))
      }.fetchOne(db)
      return [row.map { "\($0.0) \(String(describing: $0.1)) \(String(describing: $0.2)) \(String(describing: $0.3))" } ?? "none"]
    case .groups(let value):
      let key = QueryExpression<Int?>(node: value.node)
      return sorted(try select.group { _ in key }.select { ($0.id.count(), key) }.fetchAll(db).map { "\($0.1.map(String.init) ?? "NULL") \($0.0)" })
    case .ordered(let value, let descending, let limit, let offset):
      let key = QueryExpression<Int?>(node: value.node)
      let term: QueryOrderingTerm = descending ? key.desc() : key.asc()
      return try select.order { _ in term }.order { $0.id }
        .limit(limit, offset: offset).select { $0.id }.fetchAll(db).map { "\($0)" }
    case .distinct(let value):
      return sorted(try select.select { _ in QueryExpression<Int?>(node: value.node) }.distinct().fetchAll(db).map { $0.map(String.init) ?? "NULL" })
    }
  }

  /// How the two databases disagree on this query, or nil when they agree (both may fail).
  func difference(_ sqlite: SQLiteDatabase, _ postgres: PostgresDatabase) throws -> String? {
    let left = Result { try rows(on: sqlite, where: condition.node) }
    let right = Result { try rows(on: postgres, where: condition.node) }
    switch (left, right) {
    case (.success(let a), .success(let b)): return a == b ? nil : "SQLite \(a.prefix(12)) ≠ PostgreSQL \(b.prefix(12))"
    case (.failure, .failure): return nil
    case (.success, .failure(let error)): return "only PostgreSQL fails: \(error)"
    case (.failure(let error), .success): return "only SQLite fails: \(error)"
    }
  }

  /// Ternary logic partitioning on one database: for the rows it selects (the `ids` shape), those
  /// of `p`, `NOT p` and `p IS NULL` together are all of them, each once.
  func partitionHolds(on db: some Database) throws -> Bool {
    let ids = RandomQuery(shape: .ids, condition: condition)
    let p = condition.node
    guard let all = try? ids.rows(on: db, where: nil) else { return true }
    guard let holds = try? ids.rows(on: db, where: p), let fails = try? ids.rows(on: db, where: .not(p)),
      let unknown = try? ids.rows(on: db, where: .isNull(p, negated: false))
    else { return true }  // a condition the database refuses (an error) partitions nothing
    return (holds + fails + unknown).sorted() == all
  }

  /// The smallest query, by repeatedly simplifying its condition, for which `fails` still holds.
  func shrunk(while fails: (RandomQuery) throws -> Bool) -> RandomQuery {
    var current = self
    var improved = true
    while improved {
      improved = false
      for candidate in current.condition.simpler {
        let query = RandomQuery(shape: current.shape, condition: candidate)
        if (try? fails(query)) == true {
          current = query
          improved = true
          break
        }
      }
    }
    return current
  }
}
