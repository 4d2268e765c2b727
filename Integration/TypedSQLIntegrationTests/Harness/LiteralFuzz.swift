import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The fuzz of every place a value or a name becomes SQL text rather than a bound parameter:
/// literals (executed, and written into views and triggers) of every value type, identifiers
/// (quotes, canonical twins, names at and past PostgreSQL's 63 bytes), JSON path keys, and
/// full-text weights and queries. Each value read back is compared with what was written, byte
/// for byte (doubles bit for bit); the schema is fingerprinted before and after, and a canary
/// table must keep its rows. PostgreSQL runs once more with `standard_conforming_strings` off
/// in the session; MariaDB runs literals and views only.
///
/// Seeded and reproducible: `TYPEDSQL_SEED=<seed printed> swift test --filter LiteralFuzzTests`;
/// `TYPEDSQL_LITERAL_INPUTS` sets the number of inputs per run (2,000 by default).
@Suite struct LiteralFuzzTests {
  @Test func sqlite() async throws {
    try await offThePool {
      try onSQLite(schema: sqliteLiteralSafetySchema + sqliteSearchSchema) { db in
        var fuzz = LiteralFuzz(db: db)
        try fuzz.run(label: "SQLite")
      }
    }
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgres() async throws {
    try await offThePool {
      try onPostgres(schema: postgresLiteralSafetySchema + postgresSearchSchema) { db in
        var fuzz = LiteralFuzz(db: db)
        try fuzz.run(label: "PostgreSQL")
      }
    }
  }

  /// Literals and views of constants: MariaDB refuses triggers, JSON paths and full-text search
  /// by name, so the inputs that would fuzz those are literals too.
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDB() async throws {
    try await offThePool {
      try onMySQL(schema: mysqlLiteralSafetySchema) { db in
        var fuzz = LiteralFuzz(db: db)
        try fuzz.run(label: db.dialect.name)
      }
    }
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresWithStandardConformingStringsOff() async throws {
    try await offThePool {
      try onPostgres(schema: postgresLiteralSafetySchema + postgresSearchSchema) { db in
        try db.execute("SET standard_conforming_strings TO off")
        var fuzz = LiteralFuzz(db: db)
        try fuzz.run(label: "PostgreSQL, standard_conforming_strings off")
      }
    }
  }
}

struct LiteralFuzz<DB: Database> {
  let db: DB
  private var random = SeededRandom.fromEnvironment()
  private var strings: HostileStrings
  private var statements = 0
  private var refused = 0
  private var altered: [String] = []
  private var escapes: [String] = []
  private var isSQLite: Bool { db.dialect.name.hasPrefix("SQLite") }
  private var isMariaDB: Bool { db.dialect.name.hasPrefix("MariaDB") }

  init(db: DB) {
    self.db = db
    strings = HostileStrings(random: SeededRandom(seed: random.seed ^ 0x1173_7A15))
  }

  mutating func run(label: String) throws {
    let inputs = harnessCount("TYPEDSQL_LITERAL_INPUTS", default: 2_000)
    let schemaBefore = try InjectionFuzz.schemaFingerprint(of: db)
    try LiteralSource.insert { LiteralSource(id: 1, name: "source") }.execute(db)
    if !isMariaDB {
      try JSONDoc.insert { JSONDoc(id: 1, doc: [:]) }.execute(db)
      try Article.insert { searchedArticles }.execute(db)
    }
    for input in 0..<inputs {
      switch (input % 20, isMariaDB) {
      case (0, _): try throughAView(input)
      case (_, true): try literal()
      case (1, _): try throughATrigger(input)
      case (2, _), (3, _): try identifiers()
      case (4, _), (5, _): try jsonKey()
      case (6, _): try search()
      default: try literal()
      }
      if !escapes.isEmpty || !altered.isEmpty { break }
    }
    if let first = escapes.first ?? altered.first {
      Issue.record("seed \(random.seed) on \(label): \(first)")
    }
    if try Canary.count().fetchOne(db) != 2 { escapes.append("the canary table lost rows") }
    try LiteralView.dropView(ifExists: true).execute(db)
    try LiteralConstants.dropView(ifExists: true).execute(db)
    let schemaAfter = try InjectionFuzz.schemaFingerprint(of: db)
    #expect(schemaAfter == schemaBefore, "seed \(random.seed): the schema changed")
    #expect(escapes.isEmpty && altered.isEmpty)
    print("◇ fuzz literals and names \(label): \(inputs) inputs, \(statements) statements, \(escapes.count) escapes,"
      + " \(altered.count) altered values, \(refused) refused by name, schema \(schemaAfter == schemaBefore ? "unchanged" : "CHANGED")"
      + " (seed \(random.seed))")
  }

  // MARK: Values

  /// A value of a random type written as an executed literal, `SELECT <literal>`, and read back.
  private mutating func literal() throws {
    switch Int.random(in: 0..<7, using: &random) {
    case 0: try roundTrip(strings.next()) { Array($0.utf8) == Array($1.utf8) }
    case 1:
      // MariaDB returns every negative zero as 0.0 (README, "Behaviours that differ").
      let zeroKeepsItsSign = !isMariaDB
      try roundTrip(randomDouble()) { (written: Double, read: Double) -> Bool in
        if written.bitPattern == read.bitPattern { return true }
        return !zeroKeepsItsSign && written == 0 && read == 0
      }
    case 2: try roundTrip(randomInt()) { $0 == $1 }
    case 3: try roundTrip(randomBytes()) { $0 == $1 }
    case 4: try roundTrip(random.oneIn(2)) { $0 == $1 }
    case 5: try roundTrip(randomDate()) { $0 == $1 }
    default: try roundTrip(UUID()) { $0 == $1 }
    }
  }

  private mutating func roundTrip<Value: QueryBindable & QueryDecodable>(
    _ value: Value, same: (Value, Value) -> Bool
  ) throws where Value.Output == Value {
    let statement = SQLStatement.select(SelectStatement(columns: [.binding(value.queryBinding)], from: nil))
    let sql: String
    do {
      sql = try db.dialect.renderWithLiterals(statement).sql
    } catch is QueryBindingError {
      // Text holding NUL and non-finite numbers have no literal: refused before anything ran.
      refused += 1
      return
    }
    statements += 1
    let read = try db.fetchOne(RenderedSQL(sql: sql), as: Value.self)
    guard let read, same(value, read) else {
      altered.append("the literal of \(String(reflecting: value).prefix(200)) read back as \(String(describing: read).prefix(200)): \(sql.prefix(300))")
      return
    }
  }

  /// A view of constants of every kind, read through its `@Table` type.
  private mutating func throughAView(_ input: Int) throws {
    let text = strings.next(), ratio = randomDouble(), bytes = randomBytes(), big = randomInt()
    let view = LiteralConstants.createView(as: LiteralSource.where { $0.id == 1 }.select {
      ($0.id, SQLQueryExpression(value: text), SQLQueryExpression(value: ratio), SQLQueryExpression(value: bytes), SQLQueryExpression(value: big))
    })
    guard try refusesUnwritable(view, text: text) else { return }
    let row = try LiteralConstants.all.fetchOne(db)
    statements += 2
    let zeroKeepsItsSign = !isMariaDB
    let exact = row.map { row -> Bool in
      Array(row.text.utf8) == Array(text.utf8) && row.bytes == bytes && row.big == big
        && (row.ratio.bitPattern == ratio.bitPattern || (!zeroKeepsItsSign && row.ratio == 0 && ratio == 0))
    }
    if exact != true {
      altered.append("view \(input) of \(String(reflecting: text).prefix(200)), \(ratio), \(bytes), \(big) read \(String(describing: row).prefix(300))")
    }
    try LiteralConstants.dropView().execute(db)
  }

  /// A trigger whose actions hold literals, fired by an insert, its log read back.
  private mutating func throughATrigger(_ input: Int) throws {
    let text = strings.next(), ratio = randomDouble()
    let trigger = LiteralSource.createTrigger("lit_fuzz", after: .insert { new in
      LiteralLog.insert { ($0.id, $0.text, $0.ratio) } select: {
        selectValues(new.id, SQLQueryExpression(value: text), SQLQueryExpression(value: ratio))
      }
    })
    guard try refusesUnwritable(trigger, text: text) else { return }
    try LiteralSource.insert { LiteralSource(id: 2, name: "fires") }.execute(db)
    let log = try LiteralLog.all.fetchAll(db)
    statements += 2
    // A stored REAL keeps no negative zero on SQLite.
    if log.count != 1 || Array(log[0].text.utf8) != Array(text.utf8)
      || !(log[0].ratio.bitPattern == ratio.bitPattern || (ratio == 0 && log[0].ratio == 0 && isSQLite))
    {
      altered.append("trigger \(input) of \(String(reflecting: text).prefix(200)), \(ratio) logged \(String(describing: log).prefix(300))")
    }
    try trigger.drop().execute(db)
    try LiteralSource.where { $0.id == 2 }.delete().execute(db)
    try LiteralLog.delete().execute(db)
    statements += 3
  }

  /// Runs a view or trigger: true when it was created, false when it was refused because a
  /// value has no literal (text holding NUL, a number that is not finite).
  private mutating func refusesUnwritable(_ statement: some Statement, text: String) throws -> Bool {
    do {
      try statement.execute(db)
      statements += 1
      return true
    } catch is QueryBindingError {
      if !text.utf8.contains(0) { escapes.append("a view or trigger of \(String(reflecting: text).prefix(200)) was refused") }
      refused += 1
      return false
    }
  }

  // MARK: Names

  /// A table and a column named from hostile text, written and read through the tree; twin
  /// names (canonical twins, names differing past byte 63) are created side by side and each
  /// must hold only its own row.
  private mutating func identifiers() throws {
    let base = String(strings.next().unicodeScalars.filter { $0 != "\0" }.prefix(40))
    let names: [String]
    switch Int.random(in: 0..<4, using: &random) {
    case 0: names = ["t" + base.precomposedStringWithCanonicalMapping, "t" + base.decomposedStringWithCanonicalMapping]
    case 1: names = [String(repeating: "\u{E9}", count: 31) + "x", String(repeating: "\u{E9}", count: 31) + "y"]  // 63 bytes each
    case 2: names = [String(repeating: "n", count: 63) + "A", String(repeating: "n", count: 63) + "B"]  // 64 bytes each
    default: names = ["t" + base]
    }
    let unique = names.reduce(into: [String]()) { list, name in if !list.containsExactly(name) { list.append(name) } }
    let column = "c" + String(strings.next().unicodeScalars.filter { $0 != "\0" }.prefix(20))
    let tooLong = !isSQLite && (unique + [column]).contains { $0.utf8.count > PostgresDialect.maximumIdentifierLength }
    do {
      for (index, name) in unique.enumerated() {
        try execute(.raw([.text("CREATE TABLE "), .identifier(name), .text(" ("), .identifier(column), .text(" TEXT)")]))
        let insert = InsertStatement(
          table: TableReference(name: name), columns: [column], rows: [[.expression(.binding(.text("row \(index)")))]])
        try execute(.insert(insert))
      }
      if tooLong { escapes.append("PostgreSQL took the name \(String(reflecting: unique[0]))") }
      for (index, name) in unique.enumerated() {
        let select = SelectStatement(columns: [.column(ColumnReference(qualifier: name, name: column))], from: TableReference(name: name))
        let rows = try db.fetchAll(try db.dialect.render(select), as: String.self)
        statements += 1
        if rows != ["row \(index)"] { escapes.append("table \(String(reflecting: name)) holds \(rows)") }
      }
    } catch let error as DialectError {
      guard case .identifierTooLong = error, tooLong else { throw error }
      refused += 1
    }
    for name in unique {
      try execute(.raw([.text("DROP TABLE IF EXISTS "), .identifier(name)]), refusingLongNames: true)
    }
  }

  private mutating func execute(_ statement: SQLStatement, refusingLongNames: Bool = false) throws {
    do {
      try db.execute(try db.dialect.render(statement))
      statements += 1
    } catch let error as DialectError {
      guard refusingLongNames, case .identifierTooLong = error else { throw error }
    }
  }

  // MARK: JSON and search

  /// A JSON edit at a hostile key, read back at the same key; SQLite refuses the keys its paths
  /// cannot name.
  private mutating func jsonKey() throws {
    let key = String(strings.next().unicodeScalars.filter { $0 != "\0" }.prefix(60))
    let value = String(strings.next().unicodeScalars.filter { $0 != "\0" }.prefix(60))
    let unnameable = isSQLite && key.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }
    do {
      try JSONDoc.find(1).update { $0.doc = $0.doc.jsonSet([.key(key)], value) }.execute(db)
      let read: String? = try JSONDoc.find(1).select { $0.doc.jsonText(at: [.key(key)]) }.fetchOne(db) ?? nil
      statements += 2
      if unnameable { escapes.append("SQLite edited at the key \(String(reflecting: key))") }
      if read.map({ Array($0.utf8) }) != Array(value.utf8) {
        altered.append("the JSON key \(String(reflecting: key)) read \(String(describing: read)) for \(String(reflecting: value))")
      }
    } catch let error as DialectError {
      guard unnameable, case .unsupported = error else { throw error }
      refused += 1
    }
    try JSONDoc.update(JSONDoc(id: 1, doc: [:])).execute(db)
  }

  /// A hostile full-text query, and on SQLite a bm25 weight of any value: rows or the
  /// database's own syntax error, and a non-finite weight refused by name.
  private mutating func search() throws {
    let query = strings.next()
    do {
      if isSQLite, let sqlite = db as? SQLiteDatabase {
        let weight = random.oneIn(4) ? random.pick([Double.nan, .infinity, -.infinity]) : randomDouble()
        _ = try ArticleText.where { $0.match(query) }.order { $0.bm25([\.title: weight]) }.select { $0.rowid }.fetchAll(sqlite)
      } else if let postgres = db as? PostgresDatabase {
        let kind = random.pick([TextSearchQuery.websearch(query), .plain(query), .phrase(query), .tsquery(query)])
        _ = try SearchableArticle.where { $0.search.matches(kind) }.select(\.id).fetchAll(postgres)
      }
      statements += 1
    } catch is SQLiteError, is PostgresError, is QueryBindingError {
      refused += 1
    } catch let error as DialectError {
      guard case .invalidStatement = error else { throw error }
      refused += 1
    }
  }

  // MARK: Random values

  private mutating func randomDouble() -> Double {
    let specials: [Double] = [
      -0.0, 0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude, 0.1, 1e16, -1e-300, 123_456_789.123_456_789,
    ]
    if random.oneIn(2) { return random.pick(specials) }
    let bits = random.next()
    let value = Double(bitPattern: bits)
    return value.isFinite ? value : Double(bitPattern: bits & 0x800F_FFFF_FFFF_FFFF)
  }

  private mutating func randomInt() -> Int {
    random.oneIn(2) ? random.pick([Int.min, Int.max, 0, -1, 2_147_483_648, -2_147_483_649]) : Int(truncatingIfNeeded: random.next())
  }

  private mutating func randomBytes() -> [UInt8] {
    (0..<Int.random(in: 0...40, using: &random)).map { _ in
      random.oneIn(3) ? random.pick([0x00, 0x5C, 0x27, 0x22, 0x78, 0x24]) : UInt8.random(in: 0...255, using: &random)
    }
  }

  private mutating func randomDate() -> Date {
    // Milliseconds, years 1 to 9999: what both databases keep exactly.
    Date(timeIntervalSince1970: Double(Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &random)) / 1000)
  }
}
