import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' DatabaseFunctionTests, live on SQLite and PostgreSQL: each function is
// registered with a fresh seeded SQLite database, and each query is checked against the rows
// StructuredQueries' test records (JSON arrays decoded, as StructuredQueries shows them). The
// functions are declared as StructuredQueries declares them, as members of the suite.
//
// PostgreSQL: TypedSQL registers Swift functions with SQLite only, and a query that calls one
// renders only for SQLite. The same query cannot reach PostgreSQL, so a SQL function made there
// with `CREATE FUNCTION` would check only PostgreSQL, not this query: on PostgreSQL each case
// checks instead that TypedSQL refuses each of its queries by the function's name, before it
// reaches the database (DialectError.unsupported, "calling the database function "name"
// (registered with SQLite)"). All 24 cases ported: rows on SQLite and that refusal on
// PostgreSQL; none checks rows on PostgreSQL.
//
// Rewritten throughout: `$fn.install(database.handle)` → `try sqliteDatabase.add($fn)`, in
// `install(_:_:orRefuse:)` ("value of type '__DatabaseFunction_isEnabled' has no member
// 'install'"; "'handle' is inaccessible due to 'internal' protection level").
// Other rewrites are marked where they are made.
//
// StructuredQueries also declares `default()`, `@DatabaseFunction(isDeterministic: true)`, which
// no case calls; it is not repeated here.

// MARK: - Registration

extension LiveDatabase {
  /// StructuredQueries' `$fn.install(database.handle)`. On SQLite registers `definition` and
  /// returns true. On PostgreSQL, where TypedSQL registers no Swift function, checks that
  /// TypedSQL refuses `query`, which calls it, by the function's name before it reaches the
  /// database, and returns false.
  fileprivate func install(
    _ definition: some SQLiteFunctionDefinition, _ db: any Database, orRefuse query: () throws -> Void
  ) throws -> Bool {
    if let sqlite = db as? SQLiteDatabase {
      try sqlite.add(definition)
      return true
    }
    #expect(
      throws: DialectError.unsupported(
        feature: #"calling the database function "\#(definition.function.name)" (registered with SQLite)"#,
        dialect: "PostgreSQL")
    ) { try query() }
    return false
  }
}

// MARK: - Tests

@Suite struct SuiteDatabaseFunctionTests {
  @DatabaseFunction
  func isEnabled() -> Bool {
    true
  }
  @Test(arguments: LiveDatabase.allCases)
  func customIsEnabled(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($isEnabled())
      guard try database.install($isEnabled, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [true])
    }
  }

  @DatabaseFunction
  func dateTime(_ format: String? = nil) -> Date? {
    Date(timeIntervalSince1970: 0)
  }
  @Test(arguments: LiveDatabase.allCases)
  func customDateTime(database: LiveDatabase) throws {
    try database.run { db in
      // The default is passed, as in StructuredQueries: `SELECT "dateTime"(NULL)`.
      let query = Values($dateTime())
      #expect(try query.renderForDisplay(in: .sqlite) == #"SELECT "dateTime"(NULL)"#)
      guard try database.install($dateTime, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [Date(timeIntervalSince1970: 0)])
    }
  }

  @DatabaseFunction
  func concat(first: String = "", second: String = "") -> String {
    first + second
  }
  @Test(arguments: LiveDatabase.allCases)
  func customConcat(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($concat(first: "foo", second: "bar"))
      guard try database.install($concat, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == ["foobar"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func erasedConcat(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($concat("foo", "bar"))
      guard try database.install($concat, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == ["foobar"])
    }
  }

  @DatabaseFunction
  func throwing() throws -> String {
    struct Failure: LocalizedError {
      var errorDescription: String? {
        "Oops!"
      }
    }
    throw Failure()
  }
  @Test(arguments: LiveDatabase.allCases)
  func customThrowing(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($throwing())
      guard try database.install($throwing, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      let error = #expect(throws: SQLiteError.self) { try query.fetchAll(db) }
      // StructuredQueries reports the error's `errorDescription`, "Oops!"; TypedSQL names the
      // function before it.
      #expect(error?.message == "throwing: Oops!")
    }
  }

  enum Completion: Int, QueryBindable {
    case incomplete, complete, completing
  }
  @DatabaseFunction
  func toggle(_ completion: Completion) -> Completion {
    completion == .incomplete ? .completing : .incomplete
  }
  @Test(arguments: LiveDatabase.allCases)
  func customToggle(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($toggle(Completion.incomplete))
      guard try database.install($toggle, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [.completing])
    }
  }

  @DatabaseFunction(as: (([String].JSONRepresentation) -> [String].JSONRepresentation).self)
  func jsonCapitalize(_ strings: [String]) -> [String] {
    strings.map(\.capitalized)
  }
  @Test(arguments: LiveDatabase.allCases)
  func customRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `#bind([…])` → `#bind([…], as: [String].JSONRepresentation.self)` ("failed to
      // produce diagnostic for expression; please submit a bug report").
      let query = Values($jsonCapitalize(#bind(["hello", "world"], as: [String].JSONRepresentation.self)))
      guard try database.install($jsonCapitalize, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db).map(\.queryOutput) == [["Hello", "World"]])
    }
  }

  @DatabaseFunction(as: (([String].JSONRepresentation, Int) -> [String].JSONRepresentation).self)
  func jsonDropFirst(_ strings: [String], _ k: Int = 1) -> [String] {
    Array(strings.dropFirst(k))
  }
  @Test(arguments: LiveDatabase.allCases)
  func customMixedRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `#bind([…])` → `#bind([…], as: [String].JSONRepresentation.self)` ("failed to
      // produce diagnostic for expression; please submit a bug report").
      let query = Values(
        $jsonDropFirst(#bind(["hello", "world", "goodnight", "moon"], as: [String].JSONRepresentation.self), 2))
      guard try database.install($jsonDropFirst, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db).map(\.queryOutput) == [["goodnight", "moon"]])
    }
  }

  @DatabaseFunction(as: (([String]?.JSONRepresentation) -> Int).self)
  func jsonCount(_ strings: [String]?) -> Int {
    strings?.count ?? -1
  }
  @Test(arguments: LiveDatabase.allCases)
  func customNilRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `#bind([…])`, `#bind(nil)` → `#bind([…], as: [String]?.JSONRepresentation.self)`,
      // `#bind(nil, as: [String]?.JSONRepresentation.self)` ("failed to produce diagnostic for
      // expression; please submit a bug report").
      let four = Values(
        $jsonCount(#bind(["hello", "world", "goodnight", "moon"], as: [String]?.JSONRepresentation.self)))
      // `nil` binds `NULL`, as in StructuredQueries.
      let none = Values($jsonCount(#bind(nil, as: [String]?.JSONRepresentation.self)))
      guard
        try database.install($jsonCount, db, orRefuse: {
          _ = try four.fetchAll(db)
          _ = try none.fetchAll(db)
        })
      else { return }
      #expect(try four.fetchAll(db) == [4])
      #expect(try none.fetchAll(db) == [-1])
    }
  }

  final class Logger {
    var messages: [String] = []

    @DatabaseFunction
    func log(_ message: String) {
      messages.append(message)
    }
  }
  @Test(arguments: LiveDatabase.allCases)
  func voidState(database: LiveDatabase) throws {
    try database.run { db in
      let logger = Logger()
      let query = Values(logger.$log("Hello, world!"))
      guard try database.install(logger.$log, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      // One row, whose value is the function's `NULL`, as StructuredQueries' one empty row.
      #expect(try query.fetchAll(db) == [SQLiteFunctionVoid()])
      #expect(logger.messages == ["Hello, world!"])
    }
  }

  @DatabaseFunction
  func isValid(_ reminder: Reminder, _ override: Bool = false) -> Bool {
    !reminder.title.isEmpty || override
  }
  @Test(arguments: LiveDatabase.allCases)
  func table(database: LiveDatabase) throws {
    try database.run { db in
      let first = Reminder.select { $isValid($0, true) }.limit(1)
      let columns = Reminder
        .select { _ in
          $isValid(Reminder.Columns(id: 1, remindersListID: 1), true)
        }
        .limit(1)
      guard
        try database.install($isValid, db, orRefuse: {
          _ = try first.fetchAll(db)
          _ = try columns.fetchAll(db)
        })
      else { return }
      #expect(try first.fetchAll(db) == [true])
      #expect(try columns.fetchAll(db) == [true])
    }
  }

  @DatabaseFunction(as: (([Tag].JSONRepresentation) -> String).self)
  func joinTags(_ tags: [Tag]) -> String {
    tags.map(\.title).joined(separator: ", ")
  }
  @Test(arguments: LiveDatabase.allCases)
  func jsonArray(database: LiveDatabase) throws {
    try database.run { db in
      let query = Reminder
        .group(by: \.id)
        .leftJoin(ReminderTag.all) { $0.id.eq($1.reminderID) }
        .leftJoin(Tag.all) { $1.tagID.eq($2.id) }
        .select { $joinTags($2.jsonGroupArray()) }
      guard try database.install($joinTags, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(
        try query.fetchAll(db) == [
          "someday, optional", "someday, optional", "", "car, kids", "", "", "", "", "", "",
        ])
    }
  }

  @DatabaseFunction(as: ((Reminder.JSONRepresentation, Bool) -> Bool).self)
  func isJSONValid(_ reminder: Reminder, _ override: Bool = false) -> Bool {
    !reminder.title.isEmpty || override
  }
  @Test(arguments: LiveDatabase.allCases)
  func jsonObject(database: LiveDatabase) throws {
    try database.run { db in
      let query = Reminder.select { $isJSONValid($0.jsonObject(), true) }.limit(1)
      guard try database.install($isJSONValid, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [true])
    }
  }

  @DatabaseFunction
  func isNotNull(_ tag: Tag?) -> Bool {
    tag != nil
  }
  @Test(arguments: LiveDatabase.allCases)
  func optionalTable(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `Tag?.select { $isNotNull($0) }` → `Tag.select { $isNotNull(NullableColumns($0)) }`
      // ("type 'Tag?' has no member 'select'").
      let query = Tag.select { $isNotNull(NullableColumns($0)) }.limit(1)
      guard try database.install($isNotNull, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [true])
    }
  }

  enum T: AliasName {}
  @DatabaseFunction(as: ((TableAlias<Tag, T>) -> Bool).self)
  func isValidAlias(_ tag: Tag) -> Bool {
    !tag.title.isEmpty
  }
  @Test(arguments: LiveDatabase.allCases)
  func tableAlias(database: LiveDatabase) throws {
    try database.run { db in
      let query = Tag.as(T.self).select { $isValidAlias($0) }.limit(1)
      guard try database.install($isValidAlias, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [true])
    }
  }

  @DatabaseFunction
  func isValidDraft(_ tag: Tag.Draft) -> Bool {
    !tag.title.isEmpty
  }
  @Test(arguments: LiveDatabase.allCases)
  func tableDraft(database: LiveDatabase) throws {
    try database.run { db in
      let query = Tag.Draft.select { $isValidDraft($0) }.limit(1)
      #expect(
        try query.render(in: .sqlite).sql
          == #"SELECT "isValidDraft"("tags"."id", "tags"."title") FROM "tags" LIMIT ?1"#)
      guard try database.install($isValidDraft, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [true])
    }
  }

  @DatabaseFunction
  func sum(of xs: some Sequence<Int>) -> Int {
    xs.reduce(into: 0, +=)
  }
  @Test(arguments: LiveDatabase.allCases)
  func aggregate(database: LiveDatabase) throws {
    try database.run { db in
      let query = Reminder.select { $sum(of: $0.id) }
      let distinct = Reminder.select { $sum($0.id, distinct: true) }
      #expect(
        try distinct.render(in: .sqlite).sql == #"SELECT "sum"(DISTINCT "reminders"."id") FROM "reminders""#)
      guard
        try database.install($sum, db, orRefuse: {
          _ = try query.fetchAll(db)
          _ = try distinct.fetchAll(db)
        })
      else { return }
      #expect(try query.fetchAll(db) == [55])
      #expect(try distinct.fetchAll(db) == [55])
    }
  }

  @DatabaseFunction
  func joined(_ arguments: some Sequence<(String, separator: String)>) -> String? {
    var isFirst = true
    var result = ""
    for (string, separator) in arguments {
      defer { isFirst = false }
      if !isFirst {
        result.append(separator)
      }
      result.append(string)
    }
    return result
  }
  @Test(arguments: LiveDatabase.allCases)
  func multiAggregate(database: LiveDatabase) throws {
    try database.run { db in
      let query = Tag.select { $joined($0.title, separator: ", ") }
      #expect(try query.renderForDisplay(in: .sqlite) == #"SELECT "joined"("tags"."title", ', ') FROM "tags""#)
      guard try database.install($joined, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == ["car, kids, someday, optional"])
    }
  }

  @DatabaseFunction(
    as: ((any Sequence<[String].JSONRepresentation>) -> [String].JSONRepresentation).self
  )
  func jsonJoined(_ arrays: some Sequence<[String]>) -> [String] {
    arrays.flatMap(\.self)
  }
  @Test(arguments: LiveDatabase.allCases)
  func aggregateRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      let query = Reminder.select {
        $jsonJoined(#sql("json_array(\($0.title.lower()), \($0.title.upper()))"))
      }
      guard try database.install($jsonJoined, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(
        try query.fetchAll(db).map(\.queryOutput) == [
          [
            "groceries", "GROCERIES", "haircut", "HAIRCUT", "doctor appointment", "DOCTOR APPOINTMENT",
            "take a walk", "TAKE A WALK", "buy concert tickets", "BUY CONCERT TICKETS",
            "pick up kids from school", "PICK UP KIDS FROM SCHOOL", "get laundry", "GET LAUNDRY",
            "take out trash", "TAKE OUT TRASH", "call accountant", "CALL ACCOUNTANT",
            "send weekly emails", "SEND WEEKLY EMAILS",
          ]
        ])
    }
  }

  @DatabaseFunction
  func tagged(_ tags: some Sequence<Tag>) -> String {
    tags.map { "#\($0.title)" }.joined(separator: " ")
  }
  @Test(arguments: LiveDatabase.allCases)
  func selectionTableAggregate(database: LiveDatabase) throws {
    try database.run { db in
      let query = Tag.select { $tagged($0) }
      guard try database.install($tagged, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == ["#car #kids #someday #optional"])
    }
  }

  @DatabaseFunction
  func mode(priority priorities: some Sequence<Priority?>) -> Priority? {
    var occurences: [Priority: Int] = [:]
    for priority in priorities {
      guard let priority
      else { continue }
      occurences[priority, default: 0] += 1
    }
    return occurences.max { $0.value < $1.value }?.key
  }
  @Test(arguments: LiveDatabase.allCases)
  func modePriorityAggregate(database: LiveDatabase) throws {
    try database.run { db in
      let overall = Reminder
        .select { $mode(priority: $0.priority) }
      let perList = RemindersList
        .group(by: \.id)
        .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .select { ($0.title, $mode(priority: $1.priority)) }
      guard
        try database.install($mode, db, orRefuse: {
          _ = try overall.fetchAll(db)
          _ = try perList.fetchAll(db)
        })
      else { return }
      #expect(try overall.fetchAll(db) == [.high])
      let rows = try perList.fetchAll(db)
      #expect(rows.map(\.0) == ["Personal", "Family", "Business"])
      #expect(rows.map(\.1) == [.high, .high, .medium])
    }
  }

  @DatabaseFunction
  var epoch: Date {
    Date(timeIntervalSince1970: 0)
  }
  @Test(arguments: LiveDatabase.allCases)
  func computedProperty(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($epoch)
      #expect(try query.render(in: .sqlite).sql == #"SELECT "epoch"()"#)
      guard try database.install($epoch, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [Date(timeIntervalSince1970: 0)])
    }
  }

  @DatabaseFunction("epoch", as: Date.UnixTimeRepresentation.self)
  var seconds: Date {
    Date(timeIntervalSinceReferenceDate: 0)
  }
  @Test(arguments: LiveDatabase.allCases)
  func computedPropertyRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($seconds)
      guard try database.install($seconds, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db).map(\.queryOutput) == [Date(timeIntervalSinceReferenceDate: 0)])
    }
  }

  @DatabaseFunction
  var `throw`: Date {
    get throws {
      struct Raise: LocalizedError {
        var errorDescription: String? { "Something went wrong." }
      }
      throw Raise()
    }
  }
  @Test(arguments: LiveDatabase.allCases)
  func computedPropertyThrowing(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($throw)
      guard try database.install($throw, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      let error = #expect(throws: SQLiteError.self) { try query.fetchAll(db) }
      // As in `customThrowing`: the error's description, after the function's name.
      #expect(error?.message == "throw: Something went wrong.")
    }
  }
}
