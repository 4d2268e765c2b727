import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers

/// Regression bodies for the data-safety defects an outside probe found, written once against
/// `some Database` and run on SQLite, PostgreSQL and MariaDB over the reminders fixture
/// (``insertRemindersFixture(_:)``). Each failed before its fix.
enum DataSafetyChecks {
  /// An update or delete of a limited, offset, distinct, grouped or compound query touches
  /// exactly the rows that query returns.
  static func writesFromSelectNeverWiden(_ db: some Database) throws {
    let ids = { try Reminder.where { $0.isCompleted }.order { $0.id }.select { $0.id }.fetchAll(db) }
    try Reminder.update { $0.isCompleted = false }.execute(db)

    try Reminder.order { $0.id }.limit(1).update { $0.isCompleted = true }.execute(db)
    #expect(try ids() == [1])
    try Reminder.order { $0.id.desc() }.limit(2, offset: 1).update { $0.isCompleted = true }.execute(db)
    #expect(try ids() == [1, 3, 4])
    try Reminder.where { $0.isCompleted }.order { $0.id }.limit(2).update { $0.isCompleted = false }.execute(db)
    #expect(try ids() == [4])

    try Reminder.order { $0.id }.limit(1, offset: 2).delete().execute(db)
    #expect(try Reminder.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 2, 4, 5])
    try Reminder.order { $0.title }.offset(3).delete().execute(db)
    #expect(try Reminder.order { $0.title }.select { $0.title }.fetchAll(db) == ["Email", "Groceries", "Haircut"])
    try Reminder.where { $0.id == 1 }.union(Reminder.where { $0.id == 5 }).delete().execute(db)
    #expect(try Reminder.select { $0.title }.fetchAll(db) == ["Haircut"])
  }

  /// A table without a primary key is written through the database's row identity: of two
  /// identical rows, a limited delete removes one. MariaDB has no row identity: it writes the
  /// first rows of the select by the select's own clauses, and refuses other such writes by name.
  static func writesFromSelectWithoutPrimaryKey(_ db: some Database) throws {
    try ReminderTag.insert { ReminderTag(reminderID: 1, tagID: 1) }.execute(db)
    #expect(try ReminderTag.where { $0.reminderID == 1 }.count().fetchOne(db) == 2)
    if db.dialect.name.hasPrefix("MariaDB") {
      #expect(throws: DialectError.unsupported(feature: "a row identity (rowid)", dialect: db.dialect.name)) {
        try ReminderTag.order { $0.reminderID }.limit(1, offset: 1).delete().execute(db)
      }
      #expect(try ReminderTag.where { $0.reminderID == 1 }.count().fetchOne(db) == 2)
    }
    try ReminderTag.where { $0.reminderID == 1 }.limit(1).delete().execute(db)
    #expect(try ReminderTag.where { $0.reminderID == 1 }.count().fetchOne(db) == 1)
    try ReminderTag.order { $0.reminderID.desc() }.limit(1).update { $0.tagID = 2 }.execute(db)
    let rows = try ReminderTag.order { $0.reminderID }.fetchAll(db)
    #expect(rows.map(\.tagID) == [1, 2, 2])
  }

  /// A count counts the rows its query returns, limit and `DISTINCT` included.
  static func countsKeepEveryClause(_ db: some Database) throws {
    #expect(try Reminder.order { $0.id }.limit(2).count().fetchOne(db) == 2)
    #expect(try Reminder.limit(10, offset: 4).count().fetchOne(db) == 1)
    #expect(try Reminder.select { $0.remindersListID }.distinct().count().fetchOne(db) == 2)
    #expect(try Reminder.where { $0.isCompleted }.order { $0.title }.count().fetchOne(db) == 2)
  }
}

extension DataSafetyChecks {
  /// A NUL byte in text reaches PostgreSQL cut short, where it would match other rows: it is
  /// refused before anything runs. SQLite and MariaDB store it, and `=` compares every byte.
  static func textWithNULNeverMatchesAnotherRow(_ db: some Database) throws {
    try Probe.insert { Probe.Draft(value: "admin"); Probe.Draft(value: "") }.execute(db)
    for hostile in ["admin\0x", "\0anything"] {
      do {
        try Probe.where { $0.value == hostile }.delete().execute(db)
        #expect(db.dialect.name != "PostgreSQL", "PostgreSQL cannot bind a NUL byte")
      } catch let error as QueryBindingError {
        #expect(db.dialect.name == "PostgreSQL")
        #expect(error.message.contains("NUL"))
      }
    }
    #expect(try Probe.order { $0.id }.select { $0.value }.fetchAll(db) == ["admin", ""])
  }

  /// Text that is canonically equivalent but spelled with other bytes (precomposed and
  /// decomposed é), and `0.0` beside `-0.0`, are different values: each gets its own
  /// placeholder, and each is stored or returned as written. (SQLite stores a `REAL` with no
  /// fraction as an integer, so a stored `-0.0` reads back as `0.0` there; MariaDB returns
  /// every negative zero as `0.0`, a value it computed as well as a bound one.)
  static func equivalentValuesKeepTheirOwnBytes(_ db: some Database) throws {
    let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
    try Probe.insert { Probe.Draft(value: precomposed); Probe.Draft(value: decomposed) }.execute(db)
    try Probe.where { $0.value == decomposed }.update { $0.note = precomposed }.execute(db)
    let rows = try Probe.order { $0.id }.fetchAll(db)
    #expect(rows.map { Array($0.value.utf8) } == [Array(precomposed.utf8), Array(decomposed.utf8)])
    #expect(rows.map { Array($0.note.utf8) } == [[], Array(precomposed.utf8)])
    let pair = try selectValues(0.0, -0.0).fetchOne(db)
    let negativeZeroSign: FloatingPointSign = db.dialect.name.hasPrefix("MariaDB") ? .plus : .minus
    #expect(pair.map { [$0.0.sign, $0.1.sign] } == [.plus, negativeZeroSign])
  }

  /// A statement whose text is the same but whose values have other types is prepared anew
  /// (PostgreSQL fixes a parameter's type when it prepares).
  static func sameTextWithOtherTypesIsAnotherStatement(_ db: some Database) throws {
    #expect(try #sql("SELECT \(42)", as: Int.self).fetchOne(db) == 42)
    #expect(try #sql("SELECT \("forty-two")", as: String.self).fetchOne(db) == "forty-two")
    #expect(try #sql("SELECT \(true)", as: Bool.self).fetchOne(db) == true)
  }

  /// A decoding error names the property's Swift type, not the primitive read underneath.
  static func decodingErrorsNameTheSwiftType(_ db: some Database) throws {
    let error = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT \("seven")", as: Int.self).fetchOne(db)
    }
    #expect(error?.expectedType == "Int")
    let uuidError = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT \(7)", as: UUID.self).fetchOne(db)
    }
    #expect(uuidError?.expectedType == "UUID")
  }

  /// A day past the end of its month is not a date: it does not roll into the next month.
  static func impossibleDatesAreErrors(_ db: some Database) throws {
    let error = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT \("2024-02-30 12:00:00")", as: Date.ISO8601Representation.self).fetchOne(db)
    }
    #expect(error?.storedValue.contains("2024-02-30") == true)
    let leapDay = try #sql("SELECT \("2024-02-29 12:00:00")", as: Date.ISO8601Representation.self).fetchOne(db)
    #expect(leapDay.map { ISO8601Text.string(from: $0.queryOutput) } == "2024-02-29 12:00:00.000")
    #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT \("2023-02-29")", as: Date.ISO8601Representation.self).fetchOne(db)
    }
  }
}

extension DataSafetyChecks {
  /// An insert of more values than one statement may bind runs in parts, all or nothing; an
  /// `in` list of 100,000 keys works on every database.
  static func bigStatementsJustWork(_ db: some Database) throws {
    let count = 100_000
    let rows = (1...count).map { Probe(id: $0, value: "v\($0)", note: "n\($0)", amount: Double($0) / 4) }
    let inserted = try Probe.insert { rows }.returning { $0.id }.fetchAll(db)
    #expect(inserted.count == count)
    #expect(try Probe.count().fetchOne(db) == count)
    let last = try Probe.find(count).fetchOne(db)
    #expect(last == rows.last)

    // The last row of a second batch collides: none of the batch is kept.
    let clashing = (1...count).map { Probe(id: count + $0, value: "w\($0)") } + [Probe(id: 1, value: "again")]
    #expect(throws: (any Error).self) { try Probe.insert { clashing }.execute(db) }
    #expect(try Probe.count().fetchOne(db) == count)

    let keys = Array(stride(from: 2, through: 2 * count, by: 2))
    #expect(try Probe.where { $0.id.in(keys) }.count().fetchOne(db) == count / 2)
    #expect(try Probe.where { $0.id.notIn(keys) }.count().fetchOne(db) == count / 2)
    if db.dialect.name.hasPrefix("MariaDB") {
      // Integers past the server's 65,535 placeholders go as one JSON array; other values bind
      // one each, and a list of more is refused before anything runs.
      let titles = keys.map { "v\($0)" }
      #expect(throws: DialectError.tooManyBindings(count: titles.count, limit: 65_535, dialect: db.dialect.name)) {
        try Probe.where { $0.value.in(titles) }.count().fetchOne(db)
      }
      let someTitles = Array(titles.prefix(30_000))
      #expect(try Probe.where { $0.value.in(someTitles) }.count().fetchOne(db) == someTitles.count)
    }
    #expect(try Probe.where { $0.value.in(["v1", "v\"2", "v3\\", "v4"]) }.select { $0.id }.order { $0.id }.fetchAll(db) == [1, 4])
    // A backslash or quote followed by a joiner or combining mark is one Swift character, and
    // still escaped in PostgreSQL's array literal.
    let joined = ["x\\\u{200D}", "y\"\u{301}", "z\\\\\u{200D}"]
    try Probe.update { $0.value = "x\\\u{200D}" }.where { $0.id == 10 }.execute(db)
    try Probe.update { $0.value = "y\"\u{301}" }.where { $0.id == 11 }.execute(db)
    #expect(try Probe.where { $0.value.in(joined) }.select { $0.id }.order { $0.id }.fetchAll(db) == [10, 11])
  }

  /// `in` and `notIn` keep SQL's meaning with `NULL` in the list: `NOT IN` a list holding
  /// `NULL` matches no row.
  static func membershipWithNullKeepsItsMeaning(_ db: some Database) throws {
    let ids = { (query: Select<Reminder.TableColumns, Reminder>) in
      try query.order { $0.id }.select { $0.id }.fetchAll(db)
    }
    #expect(try ids(Reminder.where { $0.priority.in([1, nil]) }) == [2])
    #expect(try ids(Reminder.where { $0.priority.notIn([1, nil]) }) == [])
    #expect(try ids(Reminder.where { $0.priority.notIn([1, 3]) }) == [4])
  }
}

/// A table for values whose exact bytes matter.
@Table("probes") struct Probe: Equatable {
  let id: Int
  var value = ""
  var note = ""
  var amount = 0.0
}

let sqliteProbesSchema = """
  CREATE TABLE "probes" (
    "id" INTEGER PRIMARY KEY, "value" TEXT NOT NULL, "note" TEXT NOT NULL DEFAULT '',
    "amount" REAL NOT NULL DEFAULT 0
  ) STRICT;
  """

let postgresProbesSchema = """
  CREATE TABLE "probes" (
    "id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "value" text NOT NULL,
    "note" text NOT NULL DEFAULT '', "amount" double precision NOT NULL DEFAULT 0
  );
  """

/// In the test database's byte-compared collation (`utf8mb4_nopad_bin`), as every MariaDB table here.
let mysqlProbesSchema = """
  CREATE TABLE "probes" (
    "id" bigint AUTO_INCREMENT PRIMARY KEY, "value" text NOT NULL,
    "note" text NOT NULL DEFAULT '', "amount" double NOT NULL DEFAULT 0
  );
  """

/// The data-safety regression bodies by name, as test arguments.
enum DataSafetyCheck: String, CaseIterable, Sendable {
  case writesFromSelectNeverWiden, writesFromSelectWithoutPrimaryKey, countsKeepEveryClause
  case textWithNULNeverMatchesAnotherRow, equivalentValuesKeepTheirOwnBytes
  case sameTextWithOtherTypesIsAnotherStatement, decodingErrorsNameTheSwiftType, impossibleDatesAreErrors
  case bigStatementsJustWork, membershipWithNullKeepsItsMeaning

  func run(on db: some Database) throws {
    switch self {
    case .textWithNULNeverMatchesAnotherRow: try DataSafetyChecks.textWithNULNeverMatchesAnotherRow(db)
    case .equivalentValuesKeepTheirOwnBytes: try DataSafetyChecks.equivalentValuesKeepTheirOwnBytes(db)
    case .sameTextWithOtherTypesIsAnotherStatement: try DataSafetyChecks.sameTextWithOtherTypesIsAnotherStatement(db)
    case .decodingErrorsNameTheSwiftType: try DataSafetyChecks.decodingErrorsNameTheSwiftType(db)
    case .impossibleDatesAreErrors: try DataSafetyChecks.impossibleDatesAreErrors(db)
    case .bigStatementsJustWork: try DataSafetyChecks.bigStatementsJustWork(db)
    case .membershipWithNullKeepsItsMeaning: try DataSafetyChecks.membershipWithNullKeepsItsMeaning(db)
    case .writesFromSelectNeverWiden: try DataSafetyChecks.writesFromSelectNeverWiden(db)
    case .writesFromSelectWithoutPrimaryKey: try DataSafetyChecks.writesFromSelectWithoutPrimaryKey(db)
    case .countsKeepEveryClause: try DataSafetyChecks.countsKeepEveryClause(db)
    }
  }
}

/// Off the cooperative pool: writing 100,000 rows in bound batches blocks for tens of seconds.
/// MariaDB runs every check, with the same expectations as the other two.
@Suite struct DataSafetyTests {
  @Test("SQLite", arguments: DataSafetyCheck.allCases)
  func sqlite(check: DataSafetyCheck) async throws {
    try await offThePool {
      try onSQLite(schema: sqliteRemindersSchema + sqliteProbesSchema) { db in
        try insertRemindersFixture(db)
        try check.run(on: db)
      }
    }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: DataSafetyCheck.allCases)
  func postgres(check: DataSafetyCheck) async throws {
    try await offThePool {
      try onPostgres(schema: postgresRemindersSchema + postgresProbesSchema) { db in
        try insertRemindersFixture(db)
        try check.run(on: db)
      }
    }
  }

  @Test("MariaDB", .enabled(if: MySQLTestServer.suitesRun), arguments: DataSafetyCheck.allCases)
  func mariaDB(check: DataSafetyCheck) async throws {
    try await offThePool {
      try onMySQL(schema: mysqlRemindersSchema + mysqlProbesSchema) { db in
        try insertRemindersFixture(db)
        try check.run(on: db)
      }
    }
  }
}
