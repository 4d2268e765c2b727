import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLSQLite
import TypedSQLTestServers

/// The shapes MariaDB spells its own way, run on MariaDB and on SQLite with the same expected
/// rows: `LIKE` as a regular expression, a row of only defaults, `RETURNING`, instants, `<=>`,
/// `CONCAT`, `GROUP_CONCAT`, integer division, a `NULLS` placement, an offset without a limit, a real cast to an
/// integer, bitwise operators, and the literals a view is written with.
@Suite struct MySQLSpellingTests {
  @Table struct Entry: Equatable {
    let id: Int
    var title = ""
    var score: Int?
    var takenAt: Date?
  }

  static let sqliteSchema = """
    CREATE TABLE "entries" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL DEFAULT '', "score" INTEGER, "takenAt" TEXT) STRICT;
    CREATE INDEX "entries_score" ON "entries" ("score");
    CREATE TABLE "lit_sources" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL) STRICT;
    """
  static let mysqlSchema = """
    CREATE TABLE "entries" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "title" text NOT NULL DEFAULT '', "score" bigint, "takenAt" datetime(6));
    CREATE INDEX "entries_score" ON "entries" ("score");
    CREATE TABLE "lit_sources" ("id" bigint PRIMARY KEY, "name" text NOT NULL);
    CREATE TABLE "json_docs" ("id" bigint PRIMARY KEY, "doc" json NOT NULL);
    """

  @Test func sqlite() throws {
    try onSQLite(schema: Self.sqliteSchema) { db in try Self.check(db) }
  }

  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDB() throws {
    try onMySQL(schema: Self.mysqlSchema) { db in try Self.check(db) }
  }

  static func check(_ db: some Database) throws {
    let noon = Date(timeIntervalSince1970: 1_700_000_000.25)
    let inserted = try Entry.insert().returning { $0.id }.fetchAll(db)
    #expect(inserted == [1])
    try Entry.insert {
      Entry.Draft(title: "Milk", score: 3, takenAt: noon)
      Entry.Draft(title: "milk shake", score: nil, takenAt: noon.addingTimeInterval(3600))
      Entry.Draft(title: "Éclair", score: 1, takenAt: nil)
      Entry.Draft(title: "éclair 50%", score: 3, takenAt: noon.addingTimeInterval(-3600))
      Entry.Draft(title: "a_b\nc", score: 2, takenAt: nil)
    }.execute(db)
    let titles = { (query: Select<Entry.TableColumns, Entry>) in try query.order { $0.id }.select(\.title).fetchAll(db) }
    // ASCII letters match either case, other letters only their own; `\` escapes.
    #expect(try titles(Entry.where { $0.title.like("milk%") }) == ["Milk", "milk shake"])
    #expect(try titles(Entry.where { $0.title.like("É%") }) == ["Éclair"])
    #expect(try titles(Entry.where { $0.title.like("%50\\%") }) == ["éclair 50%"])
    #expect(try titles(Entry.where { $0.title.like("a\\_b_c") }) == ["a_b\nc"])
    #expect(try titles(Entry.where { $0.title.like("%.%") }) == [])
    #expect(try titles(Entry.where { !$0.title.like("%i%") }) == ["", "a_b\nc"])
    #expect(try titles(Entry.where { $0.title.likeMatchingCase("milk%") }) == ["milk shake"])
    // Integer division truncates toward zero (`DIV`: MariaDB's `/` gives a decimal), a zero
    // divisor gives NULL; a real divides exactly.
    let byID = Entry.order { $0.id }
    #expect(try byID.select { $0.id * -7 / 2 }.fetchAll(db) == [-3, -7, -10, -14, -17, -21])
    #expect(try byID.select { $0.id / 4 }.fetchAll(db) == [0, 0, 0, 1, 1, 1])
    #expect(try byID.select { $0.id / ($0.id - $0.id) }.fetchAll(db) == [nil, nil, nil, nil, nil, nil])
    #expect(try byID.limit(1).select { _ in SQLQueryExpression<Double>(7.0) / 2 }.fetchAll(db) == [3.5])
    // Instants compare and come back as written.
    #expect(try titles(Entry.where { $0.takenAt > noon }) == ["milk shake"])
    #expect(try (Entry.where { $0.title == "Milk" }.select(\.takenAt).fetchOne(db) ?? nil) == noon)
    // Null-safe comparison, NULLs placed, an offset alone, text joined.
    #expect(try titles(Entry.where { $0.score.isNot(3) && $0.id > 1 }) == ["milk shake", "Éclair", "a_b\nc"])
    let ids = try Entry.order { ($0.score.desc(nulls: .first), $0.id) }.select(\.id).fetchAll(db)
    #expect(ids == [1, 3, 2, 5, 6, 4])
    #expect(try Entry.order { $0.id }.select(\.id).offset(4).fetchAll(db) == [5, 6])
    #expect(try Entry.find(2).select { $0.title + "!" }.fetchOne(db) == "Milk!")
    // SQLite 3.40 has no order inside an aggregate: compare the parts.
    let joined = try Entry.where { $0.score != nil }.select { $0.title.groupConcat(" | ") }.fetchOne(db) ?? nil
    #expect(joined.map { Set($0.split(separator: " | ")) } == ["a_b\nc", "éclair 50%", "Éclair", "Milk"])
    // A real becomes an integer by truncation.
    let truncated = try Entry.find(2).select { _ in
      (SQLQueryExpression(value: 2.7).cast(as: Int.self), SQLQueryExpression(value: -2.7).cast(as: Int.self))
    }.fetchOne(db)
    #expect(truncated?.0 == 2 && truncated?.1 == -2)
    // Bitwise operators on signed integers.
    let bits = try Entry.find(4).select { entry in
      (~(entry.id - 4), (entry.id - 5) & 6, (entry.id - 12) >> 1, (entry.id - 3) << 63, (entry.id - 5) | 2, entry.id ^ 1)
    }.fetchOne(db)
    #expect(bits.map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] } == [-1, 6, -4, .min, -1, 5])
    // Two indexed columns compared null-safely beside an equality of the same columns: MariaDB
    // 10.11 also matched the pairs of NULLs (1 and 3) while `<=>` stood bare there.
    let pairs = try Entry.join(Entry.as(Twin.self)) { $0.score == $1.score }
      .where { $0.score.is($1.score) }
      .order { ($0.id, $1.id) }
      .select { ($0.id, $1.id) }
      .fetchAll(db)
    #expect(pairs.map { [$0.0, $0.1] } == [[2, 2], [2, 5], [4, 4], [5, 2], [5, 5], [6, 6]])
    let deleted = try Entry.where { $0.score == nil }.delete().returning { $0.id }.fetchAll(db)
    #expect(deleted.sorted() == [1, 3])
  }

  /// A view's values are written into it as literals: text that would end a literal early were a
  /// backslash an escape, bytes, doubles and the smallest integer read back exactly.
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func viewLiteralsAreExactOnMariaDB() throws {
    try onMySQL(schema: Self.mysqlSchema) { db in
      try LiteralSource.insert { LiteralSource(id: 1, name: "a") }.execute(db)
      let hostile = #"\') OR TRUE -- C:\new\table it's"# + " caf\u{E9} \"quoted\""
      try LiteralView.createView(as: LiteralSource.where { $0.name == hostile }.select { ($0.id, $0.name) }).execute(db)
      #expect(try LiteralView.all.fetchAll(db) == [])
      // IF NOT EXISTS leaves the view there as it was.
      try LiteralView.createView(ifNotExists: true, as: LiteralSource.select { ($0.id, $0.name) }).execute(db)
      #expect(try LiteralView.all.fetchAll(db) == [])
      try LiteralSource.insert { LiteralSource(id: 2, name: hostile) }.execute(db)
      #expect(try LiteralView.all.fetchAll(db) == [LiteralView(id: 2, name: hostile)])
      let bytes: [UInt8] = [0x00, 0x5C, 0x27, 0x22, 0x78, 0x41, 0xFF]
      for ratio in [Double.leastNonzeroMagnitude, -Double.greatestFiniteMagnitude, 0.1, -6309040882866717 * 0x1p62] {
        try LiteralConstants.createView(
          as: LiteralSource.where { $0.id == 1 }.select {
            ($0.id, SQLQueryExpression(value: hostile), SQLQueryExpression(value: ratio), SQLQueryExpression(value: bytes), SQLQueryExpression(value: Int.min))
          }
        ).execute(db)
        let row = try #require(try LiteralConstants.all.fetchOne(db))
        #expect(Array(row.text.utf8) == Array(hostile.utf8))
        #expect(row.ratio.bitPattern == ratio.bitPattern, "\(ratio) came back as \(row.ratio)")
        #expect(row.bytes == bytes)
        #expect(row.big == Int.min)
        try LiteralConstants.dropView().execute(db)
      }
    }
  }

  @Table("uuid_keys") struct UUIDKey: Equatable {
    let id: UUID
    var label: String
    var parent: UUID?
  }

  /// MariaDB's own `uuid` column type (10.7 and later) holds `UUID`s: they round-trip, compare
  /// with bound values, read `NULL` as `nil`, and join. The server refuses some values that are
  /// no RFC 4122 UUID (1292), and orders the type by its time fields first, not by its text as
  /// SQLite's and PostgreSQL's columns do: both documented differences.
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func uuidColumnsOnMariaDB() throws {
    let schema = #"CREATE TABLE "uuid_keys" ("id" uuid PRIMARY KEY, "label" text NOT NULL, "parent" uuid)"#
    try onMySQL(schema: schema) { db in
      let root = UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000000")!
      let child = UUID(uuidString: "FFFFFFFF-0000-1000-8000-000000000000")!
      let keys = [UUIDKey(id: root, label: "root", parent: nil), UUIDKey(id: child, label: "child", parent: root)]
      try UUIDKey.insert { keys }.execute(db)
      #expect(try UUIDKey.order { $0.label }.fetchAll(db) == [keys[1], keys[0]])
      #expect(try UUIDKey.find(child).select(\.label).fetchOne(db) == "child")
      #expect(try UUIDKey.where { $0.parent == nil }.select(\.id).fetchAll(db) == [root])
      let parents = try UUIDKey.join(UUIDKey.as(Parent.self).all) { $0.parent == $1.id }.select { ($0.label, $1.label) }.fetchAll(db)
      #expect(parents.map { "\($0.0) \($0.1)" } == ["child root"])
      #expect(try UUIDKey.order { $0.id }.select(\.label).fetchAll(db) == ["child", "root"])

      let notRFC4122 = UUID(uuidString: "01234567-89AB-CDEF-0123-456789ABCDEF")!
      let error = #expect(throws: MySQLError.self) { try UUIDKey.insert { UUIDKey(id: notRFC4122, label: "odd") }.execute(db) }
      #expect(error?.code == 1292)
      #expect(try UUIDKey.count().fetchOne(db) == 2)
    }
  }

  enum Parent: AliasName {}
  enum Twin: AliasName {}

  /// A JSON key of quotes, backslashes, dots, brackets, `$`, or nothing is written and read back
  /// exactly; one holding a control character is refused by name.
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func jsonKeysAreExactOnMariaDB() throws {
    try onMySQL(schema: Self.mysqlSchema) { db in try LiteralSafetyChecks.jsonKeysAreExactOrRefused(db) }
  }

  /// MariaDB keeps no negative zero in a table or a view: `-0.0` comes back as `0.0` (PostgreSQL
  /// keeps its sign).
  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func negativeZeroLosesItsSignOnMariaDB() throws {
    try onMySQL(schema: #"CREATE TABLE "ratios" ("id" bigint PRIMARY KEY, "value" double NOT NULL)"#) { db in
      try db.execute(RenderedSQL(sql: #"INSERT INTO "ratios" VALUES (1, ?)"#, bindings: [.double(-0.0)]))
      let stored = try #require(try db.fetchOne(RenderedSQL(sql: #"SELECT "value" FROM "ratios""#), as: Double.self))
      #expect(stored == 0 && stored.sign == .plus)
    }
  }
}
