import Foundation
import Testing
import TypedSQL
@testable import TypedSQLSQLite

/// What the SQLite driver itself promises: its connection settings, errors, cache and safety.
@Suite struct SQLiteDriverTests {
  @Table("weird \"table\"") struct Weird: Equatable {
    @Column("the \"value\"") var value: String
  }

  @Table struct Measurement: Equatable {
    let id: Int
    var small: Int8
    var ratio: Double
    var bytes: [UInt8]
    var flag: Bool?
  }

  @Test func connectionSettingsOnOpen() throws {
    let db = try SQLiteDatabase()
    #expect(try db.fetchOne(RenderedSQL(sql: "PRAGMA foreign_keys"), as: Int.self) == 1)
    // The wait for a locked database is TypedSQL's own busy handler, which the `busy_timeout`
    // pragma does not report; SQLiteFaultTests and SQLiteCancellationTests check how it waits.
    #expect(try db.fetchOne(RenderedSQL(sql: "PRAGMA busy_timeout"), as: Int.self) == 0)
    #expect(db.dialect.version == SQLiteVersion.linked)
    #expect(db.dialect.maximumBindingCount > 999)
    // Double-quoted strings are identifiers, never literals: a typo is an error.
    let error = #expect(throws: SQLiteError.self) {
      try db.fetchOne(RenderedSQL(sql: #"SELECT "no such column""#), as: String.self)
    }
    #expect(error?.message == "no such column: no such column")
  }

  @Test func fileDatabaseUsesWAL() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("typedsql-\(UUID()).db").path
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let db = try SQLiteDatabase(path: path)
    #expect(try db.fetchOne(RenderedSQL(sql: "PRAGMA journal_mode"), as: String.self) == "wal")
    try db.execute(#"CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL)"#)
    try RemindersList.insert { RemindersList.Draft(title: "Saved") }.execute(db)
    db.close()
    let reopened = try SQLiteDatabase(path: path)
    #expect(try RemindersList.all.fetchAll(reopened) == [RemindersList(id: 1, title: "Saved")])
  }

  @Test func quotedIdentifiersRoundTrip() throws {
    let db = try SQLiteDatabase()
    try db.execute(#"CREATE TABLE "weird ""table""" ("the ""value""" TEXT NOT NULL)"#)
    try Weird.insert { Weird(value: "a \"quoted\" 'value'") }.execute(db)
    #expect(try Weird.where { $0.value.like("%quoted%") }.fetchAll(db) == [Weird(value: "a \"quoted\" 'value'")])
  }

  @Test func valuesOfEveryPrimitiveTypeRoundTrip() throws {
    let db = try SQLiteDatabase()
    try db.execute(
      #"CREATE TABLE "measurements" ("id" INTEGER PRIMARY KEY, "small" INTEGER NOT NULL, "ratio" REAL NOT NULL, "bytes" BLOB NOT NULL, "flag" INTEGER)"#)
    let rows = [
      Measurement(id: 1, small: -128, ratio: 0.1, bytes: [], flag: nil),
      Measurement(id: 2, small: 127, ratio: -1e300, bytes: [0, 255, 7], flag: true),
      Measurement(id: 3, small: 0, ratio: 2.5, bytes: Array("é".utf8), flag: false),
    ]
    try Measurement.insert { rows }.execute(db)
    #expect(try Measurement.order { $0.id }.fetchAll(db) == rows)
  }

  @Test func badSQLCarriesMessageCodeAndSQL() throws {
    let db = try SQLiteDatabase()
    let error = #expect(throws: SQLiteError.self) { try db.execute("SELEC 1") }
    #expect(error?.code == 1)
    #expect(error?.message.contains("syntax error") == true)
    #expect(error?.sql == "SELEC 1")
  }

  @Test func constraintViolationsCarryExtendedCodes() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    let unique = #expect(throws: SQLiteError.self) {
      try Tag.insert { Tag.Draft(name: "urgent") }.execute(db)
    }
    #expect(unique?.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(unique?.primaryCode == 19)  // SQLITE_CONSTRAINT
    #expect(unique?.message == "UNIQUE constraint failed: tags.name")
    #expect(unique?.sql == (try Tag.insert { Tag.Draft(name: "urgent") }.render(in: db.dialect).sql))
    let foreignKey = #expect(throws: SQLiteError.self) {
      try Reminder.insert { Reminder.Draft(title: "Orphan", remindersListID: 99) }.execute(db)
    }
    #expect(foreignKey?.code == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
    #expect(try Reminder.count().fetchOne(db) == 5)
    // A prepared insert's later rows, bound as they are encoded, fail the same way.
    let insert = db.prepareInsert(into: Reminder.self)
    try insert.execute(Reminder(id: 6, title: "Kept", remindersListID: 1))
    let again = #expect(throws: SQLiteError.self) {
      try insert.execute(Reminder(id: 7, title: "Orphan", remindersListID: 99))
    }
    #expect(again?.code == 787)
    #expect(again?.sql == #"INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES (?1, ?2, ?3, ?4, ?5)"#)
    #expect(try Reminder.count().fetchOne(db) == 6)
  }

  @Test func wrongTypeInAColumnNamesColumnAndType() throws {
    let db = try SQLiteDatabase()
    try db.execute(#"CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "title")"#)
    try db.execute(#"INSERT INTO "remindersLists" VALUES (1, 42)"#)
    let error = #expect(throws: QueryDecodingError.self) { try RemindersList.all.fetchAll(db) }
    #expect(error?.columnName == "title")
    #expect(error?.columnIndex == 1)
    #expect(error?.expectedType == "String")
    #expect(error?.storedValue == "int(42)")
    #expect(error?.sql?.hasPrefix(#"SELECT "remindersLists"."id""#) == true)

    try db.execute(#"INSERT INTO "remindersLists" VALUES (2, NULL)"#)
    let null = #expect(throws: QueryDecodingError.self) {
      try RemindersList.where { $0.id == 2 }.fetchAll(db)
    }
    #expect(null?.storedValue == "NULL")
  }

  @Test func wrongTypeInAnOptionalColumnIsAnError() throws {
    let db = try SQLiteDatabase()
    try db.execute(#"""
      CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL,
        "isCompleted" INTEGER NOT NULL, "priority", "remindersListID" INTEGER NOT NULL);
      INSERT INTO "reminders" VALUES (1, 'Groceries', 0, 3, 1), (2, 'Haircut', 1, 'high', 1),
        (3, 'Vet', 0, NULL, 1)
      """#)
    // The optional column's NULL check reads the value once; the type check that follows must
    // still see the text.
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.find(2).fetchOne(db) }
    #expect(error?.columnName == "priority")
    #expect(error?.expectedType == "Int")  // the property's Swift type, not the Int64 read underneath
    #expect(error?.storedValue == #"text("high")"#)
    #expect(try Reminder.find(3).fetchOne(db)?.priority == nil)
    #expect(try Reminder.find(1).fetchOne(db)?.priority == 3)
  }

  @Test func integerOutOfRangeIsAnError() throws {
    let db = try SQLiteDatabase()
    let error = #expect(throws: QueryDecodingError.self) {
      try db.fetchOne(RenderedSQL(sql: "SELECT 300 AS \"small\""), as: Int8.self)
    }
    #expect(error?.columnName == "small")
    #expect(error?.expectedType == "Int8")
    #expect(error?.storedValue == "int(300), out of range")
  }

  @Test func closedConnectionIsAClearError() throws {
    let db = try SQLiteDatabase()
    db.close()
    let error = #expect(throws: SQLiteError.self) { try RemindersList.all.fetchAll(db) }
    #expect(error?.message == "the database connection is closed")
    db.close()
  }

  @Test func preparedStatementOnAClosedConnectionIsAClearError() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    // SQLite prepares statements of its own rather than going through the statement cache.
    #expect(SQLiteDatabase.PreparedStatementHandle.self == SQLitePreparedStatement.self)
    let cached = db.cachedStatementCount
    let find = try db.prepare(Int.self) { id in Reminder.find(id) }
    let insert = db.prepareInsert(into: Reminder.self)
    try insert.execute(Reminder.Draft(title: "Milk", remindersListID: 1))
    #expect(try find.fetchOne(6)?.title == "Milk")
    #expect(db.cachedStatementCount == cached)
    db.close()
    let error = #expect(throws: SQLiteError.self) { try find.fetchOne(1) }
    #expect(error?.message == "the database connection is closed")
    #expect(error?.sql == find.rendered.sql)
    #expect(throws: SQLiteError.self) { try insert.execute(Reminder.Draft(title: "Eggs", remindersListID: 1)) }
  }

  @Test func preparedStatementsDecodeErrorsNameTheColumn() throws {
    let db = try SQLiteDatabase()
    try db.execute(#"CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "title")"#)
    try db.execute(#"INSERT INTO "remindersLists" VALUES (1, 'Home'), (2, NULL)"#)
    let find = try db.prepare(Int.self) { id in RemindersList.find(id) }
    let error = #expect(throws: QueryDecodingError.self) { try find.fetchOne(2) }
    #expect(error?.columnName == "title")
    #expect(error?.sql == find.rendered.sql)
    // The statement stays usable after the error.
    #expect(try find.fetchOne(1)?.title == "Home")
  }

  @Test func tooManyBindingsIsADialectError() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    let limit = db.dialect.maximumBindingCount
    #expect(throws: DialectError.tooManyBindings(count: limit + 1, limit: limit, dialect: db.dialect.name)) {
      try Reminder.where { $0.id.in(0...limit) }.fetchAll(db)
    }
  }

  @Test func repeatedQueriesReuseOnePreparedStatement() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    let before = db.cachedStatementCount
    for id in 1...5 {
      #expect(try Reminder.find(id).fetchOne(db)?.id == id)
    }
    #expect(db.cachedStatementCount == before + 1)
  }

  @Test func concurrentTasksShareOneConnectionSafely() async throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for row in 0..<25 {
            try db.transaction { db in
              try Reminder.insert { Reminder.Draft(title: "t\(task)-\(row)", remindersListID: 3) }.execute(db)
              _ = try Reminder.where { $0.remindersListID == 3 }.count().fetchOne(db)
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try Reminder.where { $0.remindersListID == 3 }.count().fetchOne(db) == 200)
  }

  @Test func concurrentTasksShareOnePreparedInsertSafely() async throws {
    // The insert's reused row and statements are guarded by the connection, inside a
    // transaction or not. (Full rows take negative keys, clear of the keys drafts are given.)
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    let insert = db.prepareInsert(into: Reminder.self)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for row in 0..<25 {
            let title = "t\(task)-\(row)"
            if row.isMultiple(of: 2) {
              try insert.execute(Reminder.Draft(title: title, priority: task, remindersListID: 3))
            } else {
              try db.transaction { _ in
                try insert.execute(Reminder(id: -(task * 100 + row), title: title, remindersListID: 3))
              }
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let rows = try Reminder.where { $0.remindersListID == 3 }.fetchAll(db)
    #expect(rows.count == 200)
    for row in rows {
      let parts = row.title.dropFirst().split(separator: "-").compactMap { Int($0) }
      let (task, index) = (parts[0], parts[1])
      // Each row kept its own values: the draft's priority, the full row's key.
      #expect(row.priority == (index.isMultiple(of: 2) ? task : nil))
      if !index.isMultiple(of: 2) { #expect(row.id == -(task * 100 + index)) }
    }
  }
}
