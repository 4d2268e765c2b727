import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

/// Swift functions registered with SQLite and called from queries.
@Suite struct DatabaseFunctionTests {
  struct NotAllowed: Error, CustomStringConvertible {
    var description: String { "titles may not be empty" }
  }

  /// A whole row as the argument: flattened to its columns, rebuilt into a `Reminder`.
  static let isUrgent = SQLiteFunction("isUrgent") { (reminder: Reminder) in
    !reminder.isCompleted && (reminder.priority ?? 0) >= 2
  }

  static let shout = SQLiteFunction("shout") { (text: String) throws -> String in
    guard !text.isEmpty else { throw NotAllowed() }
    return text.uppercased() + "!"
  }

  /// An aggregate: the titles of a group, sorted and joined, the same on every run.
  static let sortedTitles = SQLiteFunction(
    "sortedTitles", initial: [String](),
    step: { (titles: inout [String], title: String) in titles.append(title) },
    finish: { titles in titles.sorted().joined(separator: ", ") })

  private func database() throws -> SQLiteDatabase {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try db.add(Self.isUrgent)
    try db.add(Self.shout)
    try db.add(Self.sortedTitles)
    return db
  }

  @Test func rendersAsACallWithTheRowsColumns() throws {
    let sql = try Reminder.where { Self.isUrgent($0) }.render(in: .sqlite).sql
    #expect(sql.hasSuffix(#"WHERE "isUrgent"("reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID")"#))
  }

  @Test func scalarFunctionWithAWholeRow() throws {
    let db = try database()
    #expect(try Reminder.where { Self.isUrgent($0) }.order { $0.id }.select { $0.title }.fetchAll(db) == ["Groceries", "Report"])
    let shouted: String? = try Reminder.where { $0.id == 1 }.select { Self.shout($0.title) }.fetchOne(db)
    #expect(shouted == "GROCERIES!")
  }

  @Test func aggregateFunction() throws {
    let db = try database()
    let perList = try Reminder.group { $0.remindersListID }.order { $0.remindersListID }
      .select { ($0.remindersListID, Self.sortedTitles($0.title)) }.fetchAll(db)
    #expect(perList.map(\.1) == ["Groceries, Haircut, Vet", "Email, Report"])
    let empty: String? = try Reminder.where { $0.id > 99 }.select { Self.sortedTitles($0.title) }.fetchOne(db)
    #expect(empty == "")
  }

  @Test func swiftErrorsBecomeSQLiteErrors() throws {
    let db = try database()
    try Reminder.insert { Reminder.Draft(title: "", remindersListID: 1) }.execute(db)
    let error = #expect(throws: SQLiteError.self) {
      try Reminder.select { Self.shout($0.title) }.fetchAll(db)
    }
    #expect(error?.message == "shout: titles may not be empty")
  }

  @Test func argumentsOfTheWrongTypeAreErrors() throws {
    let db = try database()
    let error = #expect(throws: SQLiteError.self) {
      try Reminder.select { _ in Self.shout(SQLQueryExpression<String>(sql: "42")) }.fetchAll(db)
    }
    #expect(error?.message.hasPrefix("shout: cannot decode column 0 \"argument 1 of shout\" as String") == true)
  }

  @Test func postgresRefusesThemByName() {
    #expect(throws: DialectError.unsupported(
      feature: #"calling the database function "isUrgent" (registered with SQLite)"#, dialect: "PostgreSQL")
    ) {
      try Reminder.where { Self.isUrgent($0) }.render(in: .postgres)
    }
  }
}

/// Seed 004's example: a function of a whole reminder, declared with `@DatabaseFunction`.
@DatabaseFunction
func isPastDue(reminder: Reminder) -> Bool {
  !reminder.isCompleted && reminder.priority == nil
}

extension DatabaseFunctionTests {
  @Test func declaredWithTheMacro() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try db.add($isPastDue)
    #expect(try Reminder.where { $isPastDue(reminder: $0) }.select { $0.title }.fetchAll(db) == ["Vet"])
    let sql = try Reminder.where { $isPastDue(reminder: $0) }.render(in: .sqlite).sql
    #expect(sql.hasSuffix(#"WHERE "isPastDue"("reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID")"#))
  }
}

/// An aggregate declared with `@DatabaseFunction`: the group's titles, sorted and joined.
@DatabaseFunction
func sortedTitles(_ titles: some Sequence<String>) -> String {
  titles.sorted().joined(separator: ", ")
}

extension DatabaseFunctionTests {
  @Test func aggregateDeclaredWithTheMacro() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try db.add($sortedTitles)
    let perList = try Reminder.group { $0.remindersListID }.order { $0.remindersListID }
      .select { ($0.remindersListID, $sortedTitles($0.title)) }.fetchAll(db)
    #expect(perList.map(\.1) == ["Groceries, Haircut, Vet", "Email, Report"])
  }
}

/// A table's draft as the argument: SQL passes the table's row, which becomes a `Reminder.Draft`.
@DatabaseFunction
func draftTitles(_ drafts: some Sequence<Reminder.Draft>) -> String {
  drafts.sorted { ($0.id ?? 0) < ($1.id ?? 0) }
    .map { "\($0.id.map(String.init) ?? "new"): \($0.title)" }.joined(separator: ", ")
}

@DatabaseFunction
func isHighPriorityDraft(_ draft: Reminder.Draft) -> Bool {
  (draft.priority ?? 0) >= 2
}

extension DatabaseFunctionTests {
  @Test func draftArguments() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try db.add($draftTitles)
    try db.add($isHighPriorityDraft)
    let titles = Reminder.Draft.where { $isHighPriorityDraft($0) }.select { $draftTitles($0) }
    #expect(try titles.fetchOne(db) == "1: Groceries, 4: Report")
    #expect(throws: DialectError.self) { try titles.render(in: .postgres) }
  }
}

extension DatabaseFunctionTests {
  /// An aggregate's call takes StructuredQueries' `distinct:` and `filter:`, with or without
  /// the parameter's label.
  @Test func aggregateDistinctAndFilter() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try db.add($sortedTitles)
    let distinct = Reminder.select { $sortedTitles($0.title, distinct: true) }
    #expect(try distinct.renderForDisplay(in: .sqlite) == #"SELECT "sortedTitles"(DISTINCT "reminders"."title") FROM "reminders""#)
    #expect(try distinct.fetchAll(db) == ["Email, Groceries, Haircut, Report, Vet"])
    let filtered = try Reminder.group { $0.remindersListID }.order { $0.remindersListID }
      .select { $sortedTitles($0.title, filter: $0.title.neq("Haircut")) }.fetchAll(db)
    #expect(filtered == ["Groceries, Vet", "Email, Report"])
  }

  /// `order:` orders the rows an aggregate receives: SQLite 3.44 and later.
  @Test func aggregateOrder() throws {
    let query = Reminder.select { $sortedTitles($0.title, order: $0.title.desc()) }
    #expect(
      try query.renderForDisplay(in: SQLiteDialect(version: SQLiteVersion(3, 44)))
        == #"SELECT "sortedTitles"("reminders"."title" ORDER BY "reminders"."title" DESC) FROM "reminders""#)
    #expect(
      throws: DialectError.unsupported(
        feature: "ORDER BY inside an aggregate (needs SQLite 3.44.0)", dialect: "SQLite 3.43.0")
    ) { try query.render(in: SQLiteDialect(version: SQLiteVersion(3, 43))) }
  }
}

/// A class whose instance method is a database function: its `$increment` holds the counter
/// weakly.
final class TapCounter {
  var count = 0

  @DatabaseFunction
  func increment() -> Int {
    count += 1
    return count
  }
}

extension DatabaseFunctionTests {
  /// Registering a class's method keeps no reference to its object: once the object is gone, a
  /// call fails the statement, naming the class.
  @Test func classMethodHoldsItsObjectWeakly() throws {
    let db = try SQLiteDatabase()
    var counter: TapCounter? = TapCounter()
    let increment = try #require(counter).$increment
    try db.add(increment)
    #expect(try Values(increment()).fetchAll(db) == [1])
    #expect(counter?.count == 1)
    counter = nil
    let error = #expect(throws: SQLiteError.self) { try Values(increment()).fetchAll(db) }
    #expect(error?.message == "increment: the TapCounter whose method this database function calls was deallocated")
  }
}
