import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' DatabaseFunctionTests, live on SQLite and PostgreSQL: each function is
// registered with a fresh seeded SQLite database, and each query is checked against the rows
// StructuredQueries' test records (JSON arrays decoded, as StructuredQueries shows them).
//
// PostgreSQL: TypedSQL registers Swift functions with SQLite only, and a query that calls one
// renders only for SQLite. The same query cannot reach PostgreSQL, so a SQL function made there
// with `CREATE FUNCTION` would check only PostgreSQL, not this query: on PostgreSQL each case
// checks instead that TypedSQL refuses each of its queries by the function's name, before it
// reaches the database (DialectError.unsupported, "calling the database function "name"
// (registered with SQLite)"). 19 of 24 cases ported: rows on SQLite and that refusal on
// PostgreSQL; none checks rows on PostgreSQL.
//
// Rewritten throughout:
// - Each function, an instance method of StructuredQueries' suite, is a file-level function
//   ("'@DatabaseFunction' applies to a global or static function").
// - `$fn.install(database.handle)` → `try sqliteDatabase.add($fn)`, in `install(_:_:orRefuse:)`
//   ("value of type '__DatabaseFunction_isEnabled' has no member 'install'"; "'handle' is
//   inaccessible due to 'internal' protection level").
// Other rewrites are marked where they are made.
//
// Left out:
// - `voidState`: `Logger.log(_:)`, an instance method of a class returning nothing, does not
//   expand ("'@DatabaseFunction' applies to a global or static function"; "a database function
//   must return a value").
// - `jsonArray`: `@DatabaseFunction(as: (([Tag].JSONRepresentation) -> String).self)` does not
//   compile ("extraneous argument label 'as:' in macro expansion"); with the representation as
//   the parameter type, `joinTags(_ tags: [Tag].JSONRepresentation)` does not either ("type 'Tag'
//   does not conform to protocol 'Decodable'"), and its call `$joinTags($2.jsonGroupArray())`
//   fails ("instance method 'callAsFunction' requires the types
//   'JSONRows<Tag.TableColumns.QueryValue>.Row' (aka 'JSONRows<Tag>') and
//   'JSONRepresentation<[Tag]>' be equivalent").
// - `jsonObject`: `as: ((Reminder.JSONRepresentation, Bool) -> Bool).self` does not compile
//   ("extraneous argument label 'as:' in macro expansion"), nor does the representation as the
//   parameter type ("'JSONRepresentation' is not a member type of struct
//   'StructuredQueriesSpellingTests.Reminder'"); with a `Reminder` parameter,
//   `$isJSONValid($0.jsonObject(), true)` fails ("instance method 'callAsFunction' requires the
//   types 'JSONRow<Reminder.TableColumns.QueryValue>.Row' (aka 'JSONRow<Reminder>') and
//   'Reminder' be equivalent").
// - `tableDraft`: `isValidDraft(_ tag: Tag.Draft)` does not expand ("initializer
//   'init(_:isDeterministic:_:)' requires that 'Tag.Draft' conform to 'QueryDecodable'"), and
//   `Tag.Draft.select { $isValidDraft($0) }` fails ("instance method 'callAsFunction' requires
//   the types 'Tag.TableColumns.QueryValue' (aka 'Tag') and 'Tag.Draft' be equivalent").
// - `multiAggregate`: `joined(_ arguments: some Sequence<(String, separator: String)>)` does not
//   expand ("type '(String, separator: String)' cannot conform to 'QueryDecodable'"), and
//   `$joined($0.title, separator: ", ")` fails ("extra argument 'separator' in call").
// - In `aggregate`, its second query, `$sum($0.id, distinct: true)` ("extra argument 'distinct'
//   in call"); its first query is ported.
// StructuredQueries also declares `default()`, `@DatabaseFunction(isDeterministic: true)`, which
// no case calls; it is not repeated here.

// MARK: - Functions

@DatabaseFunction
private func isEnabled() -> Bool {
  true
}

// Rewritten: `_ format: String? = nil` → `_ format: String?` ("database function parameter
// 'format' cannot have a default value; SQL passes every argument").
@DatabaseFunction
private func dateTime(_ format: String?) -> Date? {
  Date(timeIntervalSince1970: 0)
}

// Rewritten: `first: String = "", second: String = ""` → `first: String, second: String`
// ("database function parameter 'first' cannot have a default value; SQL passes every argument").
@DatabaseFunction
private func concat(first: String, second: String) -> String {
  first + second
}

@DatabaseFunction
private func throwing() throws -> String {
  struct Failure: LocalizedError {
    var errorDescription: String? {
      "Oops!"
    }
  }
  throw Failure()
}

private enum Completion: Int, QueryBindable {
  case incomplete, complete, completing
}

@DatabaseFunction
private func toggle(_ completion: Completion) -> Completion {
  completion == .incomplete ? .completing : .incomplete
}

// Rewritten: `@DatabaseFunction(as: (([String].JSONRepresentation) -> [String].JSONRepresentation).self)`
// on `(_ strings: [String]) -> [String]` → the representation as the parameter and result type
// ("extraneous argument label 'as:' in macro expansion"; a `[String]` parameter would make an
// aggregate).
@DatabaseFunction
private func jsonCapitalize(_ strings: [String].JSONRepresentation) -> [String].JSONRepresentation {
  [String].JSONRepresentation(queryOutput: strings.queryOutput.map(\.capitalized))
}

// Rewritten: `as: (([String].JSONRepresentation, Int) -> [String].JSONRepresentation).self` and
// `_ k: Int = 1` → the representation as the types, no default ("extraneous argument label 'as:'
// in macro expansion"; "database function parameter 'k' cannot have a default value; SQL passes
// every argument").
@DatabaseFunction
private func jsonDropFirst(_ strings: [String].JSONRepresentation, _ k: Int) -> [String].JSONRepresentation {
  [String].JSONRepresentation(queryOutput: Array(strings.queryOutput.dropFirst(k)))
}

// Rewritten: `as: (([String]?.JSONRepresentation) -> Int).self` → the representation as the
// parameter type ("extraneous argument label 'as:' in macro expansion").
@DatabaseFunction
private func jsonCount(_ strings: [String]?.JSONRepresentation) -> Int {
  strings.queryOutput?.count ?? -1
}

// Rewritten: `_ override: Bool = false` → `_ override: Bool` ("database function parameter
// 'override' cannot have a default value; SQL passes every argument").
@DatabaseFunction
private func isValid(_ reminder: Reminder, _ override: Bool) -> Bool {
  !reminder.title.isEmpty || override
}

@DatabaseFunction
private func isNotNull(_ tag: Tag?) -> Bool {
  tag != nil
}

private enum T: AliasName {}
// Rewritten: `@DatabaseFunction(as: ((TableAlias<Tag, T>) -> Bool).self)` → `@DatabaseFunction`
// ("extraneous argument label 'as:' in macro expansion"; "cannot find 'TableAlias' in scope").
@DatabaseFunction
private func isValidAlias(_ tag: Tag) -> Bool {
  !tag.title.isEmpty
}

@DatabaseFunction
private func sum(of xs: some Sequence<Int>) -> Int {
  xs.reduce(into: 0, +=)
}

// Rewritten: `as: ((any Sequence<[String].JSONRepresentation>) -> [String].JSONRepresentation).self`
// → the representation as the element and result type ("extraneous argument label 'as:' in
// macro expansion").
@DatabaseFunction
private func jsonJoined(_ arrays: some Sequence<[String].JSONRepresentation>) -> [String].JSONRepresentation {
  [String].JSONRepresentation(queryOutput: arrays.flatMap(\.queryOutput))
}

@DatabaseFunction
private func tagged(_ tags: some Sequence<Tag>) -> String {
  tags.map { "#\($0.title)" }.joined(separator: " ")
}

@DatabaseFunction
private func mode(priority priorities: some Sequence<Priority?>) -> Priority? {
  var occurences: [Priority: Int] = [:]
  for priority in priorities {
    guard let priority
    else { continue }
    occurences[priority, default: 0] += 1
  }
  return occurences.max { $0.value < $1.value }?.key
}

// Rewritten: `var epoch: Date { … }` → `func epoch() -> Date` ("'@DatabaseFunction' can only be
// applied to a function").
@DatabaseFunction
private func epoch() -> Date {
  Date(timeIntervalSince1970: 0)
}

// Rewritten: `@DatabaseFunction("epoch", as: Date.UnixTimeRepresentation.self) var seconds: Date`
// → `@DatabaseFunction("epoch") func seconds() -> Date.UnixTimeRepresentation` ("extraneous
// argument label 'as:' in macro expansion"; "'@DatabaseFunction' can only be applied to a
// function").
@DatabaseFunction("epoch")
private func seconds() -> Date.UnixTimeRepresentation {
  Date.UnixTimeRepresentation(queryOutput: Date(timeIntervalSinceReferenceDate: 0))
}

// Rewritten: `var `throw`: Date { get throws { … } }` → `func `throw`() throws -> Date`
// ("'@DatabaseFunction' can only be applied to a function").
@DatabaseFunction
private func `throw`() throws -> Date {
  struct Raise: LocalizedError {
    var errorDescription: String? { "Something went wrong." }
  }
  throw Raise()
}

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
  @Test(arguments: LiveDatabase.allCases)
  func customIsEnabled(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($isEnabled())
      guard try database.install($isEnabled, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func customDateTime(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `$dateTime()` → `$dateTime(String?.none)` (see `dateTime`).
      let query = Values($dateTime(String?.none))
      guard try database.install($dateTime, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [Date(timeIntervalSince1970: 0)])
    }
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
      // Rewritten: `$concat("foo", "bar")` → `$concat.function("foo", "bar")`, the registered
      // function's call without labels ("missing argument labels 'first:second:' in call").
      let query = Values($concat.function("foo", "bar"))
      guard try database.install($concat, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == ["foobar"])
    }
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

  @Test(arguments: LiveDatabase.allCases)
  func customToggle(database: LiveDatabase) throws {
    try database.run { db in
      let query = Values($toggle(Completion.incomplete))
      guard try database.install($toggle, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [.completing])
    }
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

  @Test(arguments: LiveDatabase.allCases)
  func table(database: LiveDatabase) throws {
    try database.run { db in
      let first = Reminder.select { $isValid($0, true) }.limit(1)
      let columns = Reminder
        .select { _ in
          // Rewritten: `Reminder.Columns(id: 1, remindersListID: 1)` → every column given, as the
          // draft's defaults ("missing arguments for parameters 'assignedUserID', 'dueDate',
          // 'isCompleted', 'isFlagged', 'notes', 'priority', 'title' in call").
          $isValid(
            Reminder.Columns(
              id: 1, assignedUserID: Int?.none, dueDate: Date.ISO8601Representation?.none, isCompleted: false,
              isFlagged: false, notes: "", priority: Priority?.none, remindersListID: 1, title: ""),
            true)
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

  @Test(arguments: LiveDatabase.allCases)
  func tableAlias(database: LiveDatabase) throws {
    try database.run { db in
      let query = Tag.as(T.self).select { $isValidAlias($0) }.limit(1)
      guard try database.install($isValidAlias, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aggregate(database: LiveDatabase) throws {
    try database.run { db in
      let query = Reminder.select { $sum(of: $0.id) }
      guard try database.install($sum, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [55])
      // Left out: `Reminder.select { $sum($0.id, distinct: true) }` ("extra argument 'distinct' in
      // call"); StructuredQueries' rows are the same, 55.
    }
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

  @Test(arguments: LiveDatabase.allCases)
  func selectionTableAggregate(database: LiveDatabase) throws {
    try database.run { db in
      let query = Tag.select { $tagged($0) }
      guard try database.install($tagged, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == ["#car #kids #someday #optional"])
    }
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

  @Test(arguments: LiveDatabase.allCases)
  func computedProperty(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `$epoch` → `$epoch()` (see `epoch`).
      let query = Values($epoch())
      guard try database.install($epoch, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db) == [Date(timeIntervalSince1970: 0)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func computedPropertyRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `$seconds` → `$seconds()` (see `seconds`).
      let query = Values($seconds())
      guard try database.install($seconds, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      #expect(try query.fetchAll(db).map(\.queryOutput) == [Date(timeIntervalSinceReferenceDate: 0)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func computedPropertyThrowing(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `$throw` → `$throw()` (see `throw`).
      let query = Values($throw())
      guard try database.install($throw, db, orRefuse: { _ = try query.fetchAll(db) }) else { return }
      let error = #expect(throws: SQLiteError.self) { try query.fetchAll(db) }
      // As in `customThrowing`: the error's description, after the function's name.
      #expect(error?.message == "throw: Something went wrong.")
    }
  }
}
