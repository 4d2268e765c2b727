import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite
import TypedSQLTestServers

@testable import TypedSQLCore

/// A one-row insert built at the call takes the SQL its database kept for the last row of its
/// shape (`RenderedRowInserts`): it must be exactly what rendering the row gives, in every
/// dialect, however rows of different shapes interleave, and the rows must land as written.
@Suite struct RenderedRowInsertTests {
  /// A reminder's values; `id` nil for a draft, whose key the database assigns.
  typealias Row = (id: Int?, title: String, isCompleted: Bool, priority: Int?, listID: Int)

  /// Rows of six shapes, interleaved: a key left to its default or given, a `NULL`, an equal
  /// priority and list (one placeholder), an equal key and priority, an empty title. Explicit
  /// keys descend, so that none is one SQLite has assigned to a draft before it.
  static let rows: [Row] = [
    (nil, "Milk", false, 2, 1),  // shape 1
    (nil, "Eggs", false, nil, 1),  // shape 2: a NULL
    (nil, "Bread", false, 1, 1),  // shape 3: priority equal to the list
    (1000, "Jam", true, 3, 2),  // shape 4: a key given
    (nil, "", true, 2, 2),  // shape 3
    (nil, "Butter", false, 3, 3),  // shape 3
    (900, "Tea", false, nil, 3),  // shape 5
    (800, "Rice", false, 800, 1),  // shape 6: priority equal to the key
    (nil, "Oats", true, nil, 2),  // shape 2
  ]
  static let shapeCount = 6

  /// `row` again with another title and, when it has one, another key.
  static func another(_ row: Row) -> Row {
    (row.id.map { $0 + 1000 }, row.title + "!", row.isCompleted, row.priority, row.listID)
  }

  /// The insert of `row`, built at the call as an app writes it.
  static func insert(_ row: Row) -> Insert<Reminder, NoRow> {
    guard let id = row.id else {
      return Reminder.insert {
        Reminder.Draft(title: row.title, isCompleted: row.isCompleted, priority: row.priority, remindersListID: row.listID)
      }
    }
    return Reminder.insert {
      Reminder(id: id, title: row.title, isCompleted: row.isCompleted, priority: row.priority, remindersListID: row.listID)
    }
  }

  /// What the memo gives for `insert`: kept SQL, or the row rendered and its shape kept.
  static func memoized(_ insert: Insert<Reminder, NoRow>, in memo: RenderedRowInserts, dialect: some Dialect) throws -> RenderedSQL? {
    guard case .row(let row) = insert.content else { return nil }
    return try memo.rendered(row, into: Reminder.self, dialect: dialect)
  }

  /// Forwards, backwards and forwards again, in each dialect: every row's SQL and values are
  /// those rendering it gives, whether its shape was met just before, long before or never.
  @Test(arguments: [
    SQLiteDialect() as any Dialect, PostgresDialect() as any Dialect, MySQLDialect() as any Dialect,
  ])
  func keptSQLIsExactlyTheRenderedSQL(dialect: any Dialect) throws {
    let memo = RenderedRowInserts()
    let rows = Self.rows + Self.rows.reversed() + Self.rows
    for row in rows {
      let insert = Self.insert(row)
      #expect(try Self.memoized(insert, in: memo, dialect: dialect) == insert.render(in: dialect))
    }
    #expect(memo.shapesByTable[ObjectIdentifier(Reminder.self)]?.count == Self.shapeCount)
  }

  /// The second row of a shape, side by side: an equal value shares its placeholder, a `NULL`
  /// stays PostgreSQL's literal, MySQL's placeholders name their values by position.
  @Test func theSecondRowOfAShapeInEachDialect() throws {
    let first = Self.insert((nil, "Bread", false, 1, 1))
    let second = Self.insert((nil, "Butter", false, 4, 4))
    let withNull = Self.insert((nil, "Eggs", false, nil, 1))
    let withAnotherNull = Self.insert((nil, "Oats", true, nil, 2))

    let sqlite = RenderedRowInserts()
    _ = try Self.memoized(first, in: sqlite, dialect: SQLiteDialect())
    #expect(
      try Self.memoized(second, in: sqlite, dialect: SQLiteDialect())
        == RenderedSQL(
          sql: #"INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?3)"#,
          bindings: [.text("Butter"), .bool(false), .int(4)]))

    let postgres = RenderedRowInserts()
    _ = try Self.memoized(first, in: postgres, dialect: PostgresDialect())
    _ = try Self.memoized(withNull, in: postgres, dialect: PostgresDialect())
    #expect(
      try Self.memoized(second, in: postgres, dialect: PostgresDialect())
        == RenderedSQL(
          sql: #"INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, $3, $3)"#,
          bindings: [.text("Butter"), .bool(false), .int(4)]))
    #expect(
      try Self.memoized(withAnotherNull, in: postgres, dialect: PostgresDialect())
        == RenderedSQL(
          sql: #"INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES ($1, $2, NULL, $3)"#,
          bindings: [.text("Oats"), .bool(true), .int(2)]))

    let mysql = RenderedRowInserts()
    _ = try Self.memoized(first, in: mysql, dialect: MySQLDialect())
    #expect(
      try Self.memoized(second, in: mysql, dialect: MySQLDialect())
        == RenderedSQL(
          sql: "INSERT INTO `reminders` (`title`, `isCompleted`, `priority`, `remindersListID`) VALUES (?, ?, ?, ?)",
          bindings: [.text("Butter"), .bool(false), .int(4)], positionalPlaceholders: [1, 2, 3, 3]))
  }

  /// A dialect that does not say it renders values by kind keeps nothing: each row is rendered.
  @Test func aDialectThatMayRenderByValueKeepsNothing() throws {
    let memo = RenderedRowInserts()
    #expect(try Self.memoized(Self.insert(Self.rows[0]), in: memo, dialect: DialectOfItsOwn()) == nil)
    #expect(memo.shapesByTable.isEmpty)
  }

  /// Past its limit a table's oldest shape goes: the memo stays bounded however many shapes an
  /// app's rows take, and a shape met again after it went is rendered again, exactly.
  @Test func aTableKeepsABoundedNumberOfShapes() throws {
    let memo = RenderedRowInserts(maximumShapesPerTable: 2)
    for row in Self.rows + Self.rows.map(Self.another) + Self.rows.reversed() {
      let insert = Self.insert(row)
      #expect(try Self.memoized(insert, in: memo, dialect: SQLiteDialect()) == insert.render(in: SQLiteDialect()))
      #expect(memo.shapesByTable[ObjectIdentifier(Reminder.self)]!.count <= 2)
    }
  }

  /// The rows land as written on a live database, inserted one by one with their shapes
  /// interleaved, then read back.
  func insertEveryRowAndReadThemBack(_ db: some Database) throws {
    let rows = Self.rows + Self.rows.map(Self.another)
    for row in rows {
      try Self.insert(row).execute(db)
    }
    let inserted = try Reminder.where { $0.id > 5 }.order { $0.id }.fetchAll(db)
    #expect(inserted.count == rows.count)
    // Drafts take keys the database picks: compare the rows' other values as sorted lists, and
    // each given key's row whole.
    let describe: (String, Bool, Int?, Int) -> String = { "\($0)|\($1)|\($2.map(String.init) ?? "NULL")|\($3)" }
    #expect(
      inserted.map { describe($0.title, $0.isCompleted, $0.priority, $0.remindersListID) }.sorted()
        == rows.map { describe($0.title, $0.isCompleted, $0.priority, $0.listID) }.sorted())
    for row in rows {
      guard let id = row.id else { continue }
      #expect(
        inserted.first { $0.id == id }
          == Reminder(id: id, title: row.title, isCompleted: row.isCompleted, priority: row.priority, remindersListID: row.listID))
    }
  }

  @Test func rowsLandAsWrittenOnSQLite() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try insertEveryRowAndReadThemBack(db)
  }

  @Test func rowsLandAsWrittenOnPostgreSQL() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      try insertEveryRowAndReadThemBack(db)
    }
  }
}

/// A dialect of a user's own, which says nothing of how it renders values.
private struct DialectOfItsOwn: Dialect {
  var name: String { "Own" }
  var maximumBindingCount: Int { 1000 }

  func appendPlaceholder(_ number: Int, into context: inout RenderContext) {
    context.append(":")
    context.appendNumber(number)
  }
}
