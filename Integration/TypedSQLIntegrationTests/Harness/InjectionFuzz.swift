import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The injection and exactness fuzz: thousands of hostile strings (``HostileStrings``) go through
/// every kind of statement (insert, `=`, `in`, escaped `LIKE`, `#sql`, update by key and by
/// value, delete by value) on a live database. After each write the whole table is compared byte for
/// byte with a model of what it must hold, and the schema is fingerprinted before and after: a
/// value that changed other rows, was stored altered, or ran as SQL is an escape.
///
/// Seeded and reproducible: `TYPEDSQL_SEED=<seed printed> swift test --filter InjectionFuzz`.
/// `TYPEDSQL_FUZZ_INPUTS` sets the number of strings per database (10,000 by default).
@Suite struct InjectionFuzzTests {
  @Test func sqlite() async throws {
    try await offThePool {
      let db = try SQLiteDatabase()
      try db.execute(#"CREATE TABLE "fuzz" ("id" INTEGER PRIMARY KEY, "value" TEXT NOT NULL, "note" TEXT NOT NULL) STRICT"#)
      try InjectionFuzz.run(on: db)
    }
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgres() async throws {
    try await offThePool {
      try withPostgres { db in
        try db.execute(#"CREATE TABLE "fuzz" ("id" integer PRIMARY KEY, "value" text NOT NULL, "note" text NOT NULL)"#)
        try InjectionFuzz.run(on: db)
      }
    }
  }

  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDB() async throws {
    try await offThePool {
      try withMySQL { db in
        try db.execute(#"CREATE TABLE "fuzz" ("id" bigint PRIMARY KEY, "value" longtext NOT NULL, "note" longtext NOT NULL)"#)
        try InjectionFuzz.run(on: db)
      }
    }
  }
}

@Table("fuzz") struct FuzzRow {
  let id: Int
  var value: String
  var note: String
}

enum InjectionFuzz {
  /// A row as its bytes, never compared with Swift's canonically-equivalent `String ==`.
  struct StoredRow: Equatable {
    var value: [UInt8]
    var note: [UInt8]
  }

  static func run(on db: some Database) throws {
    let inputs = harnessCount("TYPEDSQL_FUZZ_INPUTS", default: 10_000)
    var random = SeededRandom.fromEnvironment()
    let seed = random.seed
    var strings = HostileStrings(random: SeededRandom(seed: seed ^ 0x5EED))
    let isSQLite = db.dialect.name.hasPrefix("SQLite")
    let schemaBefore = try schemaFingerprint(of: db)
    var model: [Int: StoredRow] = [:]
    var nextID = 1
    var statements = 0
    var refused = 0
    var escapes: [String] = []

    for input in 0..<inputs {
      var text = strings.next()
      // Half the time, look for a value that is stored, or its other normalization form.
      if !model.isEmpty, random.oneIn(2) {
        let stored = String(decoding: random.pick(Array(model.values)).value, as: UTF8.self)
        text = random.oneIn(3) ? stored.decomposedStringWithCanonicalMapping : stored
      }
      let other = strings.next()
      let bytes = Array(text.utf8)
      let existingID = model.keys.randomElement(using: &random) ?? 1
      let operation = Int.random(in: 0..<8, using: &random)
      var expected = model
      do {
        switch operation {
        case 0:
          try FuzzRow.insert { FuzzRow(id: nextID, value: text, note: other) }.execute(db)
          expected[nextID] = StoredRow(value: bytes, note: Array(other.utf8))
          nextID += 1
        case 1:
          let ids = try FuzzRow.where { $0.value == text }.select { $0.id }.fetchAll(db)
          let wanted = model.filter { $0.value.value == bytes }.keys
          if Set(ids) != Set(wanted) { escapes.append("= matched \(ids.sorted()), not \(wanted.sorted())") }
        case 2 where text.utf8.count < 40_000:
          // `LIKE` with every wildcard escaped matches the value itself, ignoring ASCII case on
          // every database (SQLite's LIKE; PostgreSQL's ILIKE under the C collation; MariaDB's
          // rendering of SQLite's meaning); SQLite, reading text as a C string, stops at a NUL
          // byte, which MariaDB compares and PostgreSQL never stores.
          // Escaped scalar by scalar: a backslash followed by a joiner is one Swift character.
          var pattern = String.UnicodeScalarView()
          for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "%" || scalar == "_" { pattern.append("\\") }
            pattern.append(scalar)
          }
          let ids = try FuzzRow.where { $0.value.like(String(pattern)) }.select { $0.id }.fetchAll(db)
          let key = likeKey(bytes, stoppingAtNUL: isSQLite)
          let wanted = model.filter { likeKey($0.value.value, stoppingAtNUL: isSQLite) == key }.keys
          if Set(ids) != Set(wanted) { escapes.append("LIKE matched \(ids.sorted()), not \(wanted.sorted())") }
        case 3:
          let count = try #sql("SELECT count(*) FROM \(FuzzRow.self) WHERE \(FuzzRow.columns.value) = \(text)", as: Int.self)
            .fetchOne(db)
          let wanted = model.values.filter { $0.value == bytes }.count
          if count != wanted { escapes.append("#sql counted \(count ?? -1), not \(wanted)") }
        case 7:
          let ids = try FuzzRow.where { $0.value.in([text, other]) }.select { $0.id }.fetchAll(db)
          let wanted = model.filter { $0.value.value == bytes || $0.value.value == Array(other.utf8) }.keys
          if Set(ids) != Set(wanted) { escapes.append("IN matched \(ids.sorted()), not \(wanted.sorted())") }
        case 4:
          try FuzzRow.find(existingID).update { $0.note = text }.execute(db)
          expected[existingID]?.note = bytes
        case 5:
          try FuzzRow.where { $0.value == text }.update { $0.note = other }.execute(db)
          for (id, row) in model where row.value == bytes { expected[id]?.note = Array(other.utf8) }
        default:
          try FuzzRow.where { $0.value == text }.delete().execute(db)
          expected = expected.filter { $0.value.value != bytes }
        }
        statements += 1
      } catch is QueryBindingError where !isSQLite && (text + other).utf8.contains(0) {
        // PostgreSQL text cannot hold NUL: refused before anything ran, so nothing changed.
        refused += 1
        expected = model
      }
      model = expected
      if operation == 0 || (4...6).contains(operation) {
        let stored = try FuzzRow.order { $0.id }.fetchAll(db)
        statements += 1
        let actual = Dictionary(uniqueKeysWithValues: stored.map {
          ($0.id, StoredRow(value: Array($0.value.utf8), note: Array($0.note.utf8)))
        })
        if actual != model {
          escapes.append("after operation \(operation) with \(String(reflecting: text.prefix(80))) the table differs from its model")
          model = actual
        }
      }
      if model.count > 100 {
        try FuzzRow.delete().execute(db)
        model.removeAll()
      }
      if escapes.count > 0 {
        Issue.record("input \(input) of seed \(seed) on \(db.dialect.name): \(escapes[0]) (input: \(String(reflecting: text.prefix(200))))")
        break
      }
    }
    let schemaAfter = try schemaFingerprint(of: db)
    #expect(schemaAfter == schemaBefore, "seed \(seed): the schema changed")
    print("◇ fuzz \(db.dialect.name): \(inputs) inputs, \(statements) statements, \(escapes.count) escapes,"
      + " \(refused) refused (NUL), schema \(schemaAfter == schemaBefore ? "unchanged" : "CHANGED") (seed \(seed))")
  }

  /// What `LIKE` compares: the text, on SQLite only up to its first NUL (PostgreSQL stores none),
  /// ASCII letters folded.
  private static func likeKey(_ bytes: [UInt8], stoppingAtNUL: Bool) -> [UInt8] {
    let compared = stoppingAtNUL ? Array(bytes.prefix { $0 != 0 }) : bytes
    return compared.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }

  /// Every table and column of the schema the fuzz runs in (on MariaDB, whose databases have
  /// no schemas, of its database).
  static func schemaFingerprint(of db: some Database) throws -> [String] {
    let schema = db.dialect.name == "PostgreSQL" ? "current_schema()" : "DATABASE()"
    let query = db.dialect.name.hasPrefix("SQLite")
      ? #"SELECT "type" || ' ' || "name" || ' ' || coalesce("sql", '') FROM "sqlite_master" ORDER BY "name""#
      : #"SELECT table_name || '.' || column_name || ' ' || data_type FROM information_schema.columns WHERE table_schema = "#
        + schema + " ORDER BY 1"
    return try db.fetchAll(RenderedSQL(sql: query), as: String.self)
  }
}
