import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite
import TypedSQLTestServers

@testable import TypedSQLCore

/// A one-row insert or a lookup by key built at the call takes the SQL its database kept for the
/// last statement of its shape (`RenderedStatementShapes`): it must be exactly what rendering the
/// statement gives, in every dialect, however statements of different shapes interleave, and the
/// rows must land or come back as written.
@Suite struct RenderedStatementShapesTests {
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

  /// Where the memo keeps the one-row inserts of reminders.
  static let insertKey = StatementShapeKey(table: ObjectIdentifier(Reminder.self), form: .rowInsert)

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
  static func memoized(_ insert: Insert<Reminder, NoRow>, in memo: RenderedStatementShapes, dialect: some Dialect) throws -> RenderedSQL? {
    try insert.keptSQL(in: memo, dialect: dialect)
  }

  /// What the memo gives for a lookup by key: kept SQL, or the select rendered and its shape
  /// kept; `nil` for a select not built as a lookup of a table without a default scope.
  static func memoized<Scope, Row>(_ lookup: Select<Scope, Row>, in memo: RenderedStatementShapes, dialect: some Dialect) throws -> RenderedSQL? {
    try lookup.keptSQL(in: memo, dialect: dialect)
  }

  /// Forwards, backwards and forwards again, in each dialect: every row's SQL and values are
  /// those rendering it gives, whether its shape was met just before, long before or never.
  @Test(arguments: [
    SQLiteDialect() as any Dialect, PostgresDialect() as any Dialect, MySQLDialect() as any Dialect,
  ])
  func keptSQLIsExactlyTheRenderedSQL(dialect: any Dialect) throws {
    let memo = RenderedStatementShapes()
    let rows = Self.rows + Self.rows.reversed() + Self.rows
    for row in rows {
      let insert = Self.insert(row)
      #expect(try Self.memoized(insert, in: memo, dialect: dialect) == insert.render(in: dialect))
    }
    #expect(memo.shapesByStatement[Self.insertKey]?.count == Self.shapeCount)
  }

  /// The second row of a shape, side by side: an equal value shares its placeholder, a `NULL`
  /// stays PostgreSQL's literal, MySQL's placeholders name their values by position.
  @Test func theSecondRowOfAShapeInEachDialect() throws {
    let first = Self.insert((nil, "Bread", false, 1, 1))
    let second = Self.insert((nil, "Butter", false, 4, 4))
    let withNull = Self.insert((nil, "Eggs", false, nil, 1))
    let withAnotherNull = Self.insert((nil, "Oats", true, nil, 2))

    let sqlite = RenderedStatementShapes()
    _ = try Self.memoized(first, in: sqlite, dialect: SQLiteDialect())
    #expect(
      try Self.memoized(second, in: sqlite, dialect: SQLiteDialect())
        == RenderedSQL(
          sql: #"INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?3)"#,
          bindings: [.text("Butter"), .bool(false), .int(4)]))

    let postgres = RenderedStatementShapes()
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

    let mysql = RenderedStatementShapes()
    _ = try Self.memoized(first, in: mysql, dialect: MySQLDialect())
    #expect(
      try Self.memoized(second, in: mysql, dialect: MySQLDialect())
        == RenderedSQL(
          sql: "INSERT INTO `reminders` (`title`, `isCompleted`, `priority`, `remindersListID`) VALUES (?, ?, ?, ?)",
          bindings: [.text("Butter"), .bool(false), .int(4)], positionalPlaceholders: [1, 2, 3, 3]))
  }

  /// A dialect that does not say it renders values by kind keeps nothing: each row is rendered.
  @Test func aDialectThatMayRenderByValueKeepsNothing() throws {
    let memo = RenderedStatementShapes()
    #expect(try Self.memoized(Self.insert(Self.rows[0]), in: memo, dialect: DialectOfItsOwn()) == nil)
    #expect(memo.shapesByStatement.isEmpty)
  }

  /// Past its limit a table's oldest shape goes: the memo stays bounded however many shapes an
  /// app's rows take, and a shape met again after it went is rendered again, exactly.
  @Test func aTableKeepsABoundedNumberOfShapes() throws {
    let memo = RenderedStatementShapes(maximumShapesPerStatement: 2)
    for row in Self.rows + Self.rows.map(Self.another) + Self.rows.reversed() {
      let insert = Self.insert(row)
      #expect(try Self.memoized(insert, in: memo, dialect: SQLiteDialect()) == insert.render(in: SQLiteDialect()))
      #expect(memo.shapesByStatement[Self.insertKey]!.count <= 2)
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

  /// Lookups by key of three tables, interleaved, in each dialect: each is exactly what
  /// rendering it gives, and each table keeps one shape (its key's kind).
  @Test(arguments: [
    SQLiteDialect() as any Dialect, PostgresDialect() as any Dialect, MySQLDialect() as any Dialect,
  ])
  func keptLookupSQLIsExactlyTheRenderedSQL(dialect: any Dialect) throws {
    let memo = RenderedStatementShapes()
    for key in [1, 2, 1, 1000, -5, 2] {
      let reminder = Reminder.find(key), list = RemindersList.find(key), tag = Tag.find(key)
      #expect(try Self.memoized(reminder, in: memo, dialect: dialect) == reminder.render(in: dialect))
      #expect(try Self.memoized(list, in: memo, dialect: dialect) == list.render(in: dialect))
      #expect(try Self.memoized(tag, in: memo, dialect: dialect) == tag.render(in: dialect))
    }
    #expect(memo.shapesByStatement.count == 3)
    #expect(memo.shapesByStatement.values.allSatisfy { $0.count == 1 })
  }

  /// Lookups of one table whose keys are of different kinds, interleaved, in each dialect: each
  /// is exactly what rendering it gives, though the lookup met last is kept apart from the
  /// shapes, and PostgreSQL's literal `NULL` binds no key.
  @Test(arguments: [
    SQLiteDialect() as any Dialect, PostgresDialect() as any Dialect, MySQLDialect() as any Dialect,
  ])
  func keptLookupsOfKeysOfEveryKindAreExactlyTheRenderedSQL(dialect: any Dialect) throws {
    let memo = RenderedStatementShapes()
    let keys: [QueryBinding] = [.int(1), .int(2), .null, .text("a"), .null, .int(3), .text("b"), .int(1)]
    for key in keys {
      let lookup = Reminder.unscoped.lookingUp(key, in: LookedUpTable(Reminder.self))
      let rendered = try lookup.render(in: dialect)
      #expect(try Self.memoized(lookup, in: memo, dialect: dialect) == rendered)
      #expect(rendered.bindings == (dialect is PostgresDialect && key == .null ? [] : [key]))
      #expect(memo.lastLookup?.kind == RenderedStatementShapes.kind(of: key))
    }
    let statement = StatementShapeKey(table: ObjectIdentifier(Reminder.self), form: .primaryKeyLookup)
    #expect(memo.shapesByStatement[statement]?.count == 3)
    #expect(try Self.memoized(Reminder.find(1), in: memo, dialect: DialectOfItsOwn()) == nil)
  }

  /// The memo binds each kept lookup's key into one list it reuses: a lookup's SQL still held
  /// when the next lookup is kept binds its own key, never the next one's, and once dropped its
  /// list is changed in place rather than copied.
  @Test(arguments: [SQLiteDialect() as any Dialect, MySQLDialect() as any Dialect])
  func keptLookupsHeldAtOnceEachBindTheirOwnKey(dialect: any Dialect) throws {
    let memo = RenderedStatementShapes()
    func lookup(_ key: Int) throws -> RenderedSQL? {
      try Self.memoized(Reminder.unscoped.lookingUp(.int(Int64(key)), in: LookedUpTable(Reminder.self)), in: memo, dialect: dialect)
    }
    _ = try lookup(1)
    var held: [RenderedSQL] = []
    for key in 2...6 { held.append(try #require(try lookup(key))) }
    #expect(held.map(\.bindings) == (2...6).map { [.int(Int64($0))] })
    held.removeAll()
    let first = try #require(try lookup(7))
    let storage = first.bindings.withUnsafeBufferPointer { $0.baseAddress }
    let firstBindings = first.bindings
    _ = consume first
    #expect(firstBindings == [.int(7)])
    _ = consume firstBindings
    let second = try #require(try lookup(8))
    #expect(second.bindings == [.int(8)])
    #expect(second.bindings.withUnsafeBufferPointer { $0.baseAddress } == storage)
  }

  /// Only a lookup left as `find` built it is one: any step after it, a change to its tree in
  /// place, and a table with a default scope make a select rendered as usual.
  @Test func onlyAnUnchangedLookupOfATableWithoutADefaultScopeIsKept() throws {
    func isLookup<Scope, Row>(_ select: Select<Scope, Row>) -> Bool {
      if case .primaryKeyLookup = select.origin { true } else { false }
    }
    #expect(isLookup(Reminder.find(1)))
    #expect(isLookup(Reminder.Draft.find(1)))
    #expect(!isLookup(Reminder.find(1).where { $0.isCompleted }))
    #expect(!isLookup(Reminder.find(1).order { $0.title }))
    #expect(!isLookup(Reminder.find(1).limit(1)))
    #expect(!isLookup(Reminder.find(1).select { $0.title }))
    #expect(!isLookup(Reminder.where { $0.isCompleted }.find(1)))
    #expect(!isLookup(Reminder.find([1])))
    #expect(!isLookup(Memo.find(1)))
    var changed = Reminder.find(1)
    changed.select.isDistinct = true
    #expect(!isLookup(changed))
  }

  /// A lookup's tree waits for its key condition until it is read or changed: whatever is built
  /// from it, in every dialect, is what the same steps give after the condition written out.
  @Test(arguments: [
    SQLiteDialect() as any Dialect, PostgresDialect() as any Dialect, MySQLDialect() as any Dialect,
  ])
  func aLookupsKeyConditionIsInEveryTreeBuiltFromIt(dialect: any Dialect) throws {
    let written = Reminder.unscoped.where { $0.id == 7 }
    #expect(Reminder.find(7).select == written.select)
    #expect(Reminder.find(7).select.filter != nil)
    #expect(try Reminder.find(7).render(in: dialect) == written.render(in: dialect))
    #expect(try Reminder.find(7).where { $0.isCompleted }.render(in: dialect) == written.where { $0.isCompleted }.render(in: dialect))
    #expect(try Reminder.find(7).order { $0.title }.render(in: dialect) == written.order { $0.title }.render(in: dialect))
    #expect(try Reminder.find(7).limit(1, offset: 2).render(in: dialect) == written.limit(1, offset: 2).render(in: dialect))
    #expect(try Reminder.find(7).select { $0.title }.render(in: dialect) == written.select { $0.title }.render(in: dialect))
    #expect(try Reminder.find(7).count().render(in: dialect) == written.count().render(in: dialect))
    #expect(try Reminder.find(7).distinct().render(in: dialect) == written.distinct().render(in: dialect))
    #expect(try Reminder.find(7).group { $0.title }.render(in: dialect) == written.group { $0.title }.render(in: dialect))
    #expect(try dialect.render(Reminder.find(7).statementNode) == dialect.render(written.statementNode))
    var changed = Reminder.find(7)
    changed.select.isDistinct = true
    var writtenChanged = written
    writtenChanged.select.isDistinct = true
    #expect(try changed.render(in: dialect) == writtenChanged.render(in: dialect))
  }

  /// Every reminder by its key, twice, on a live database: the rows that a filter by key
  /// returns, from one kept shape.
  func lookUpEveryRow(_ db: some Database) throws {
    let all = try Reminder.order { $0.id }.fetchAll(db)
    #expect(all.count == 5)
    for reminder in all + all.reversed() {
      #expect(try Reminder.find(reminder.id).fetchOne(db) == reminder)
      #expect(try Reminder.find(reminder.id).fetchAll(db) == [reminder])
    }
    #expect(try Reminder.find(999).fetchOne(db) == nil)
    let lookups = db.renderedStatementShapes?.shapesByStatement[
      StatementShapeKey(table: ObjectIdentifier(Reminder.self), form: .primaryKeyLookup)]
    #expect(lookups?.count == 1)
  }

  @Test func lookupsReturnTheirRowsOnSQLite() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try lookUpEveryRow(db)
  }

  @Test func lookupsReturnTheirRowsOnPostgreSQL() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      try lookUpEveryRow(db)
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
