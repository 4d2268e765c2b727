import CSQLite
import Testing
import TypedSQL
@testable import TypedSQLSQLite

/// A read on one SQLite connection refuses every statement that would write, before it runs,
/// without making SQLite prepare the connection's cached statements again.
@Suite struct SQLiteReadTests {
  /// How many times SQLite has prepared the connection's cached statement for `query` again.
  static func reprepareCount(of query: RenderedSQL, on db: SQLiteDatabase) throws -> Int32 {
    try db.withStatement(query) { sqlite3_stmt_status($0, SQLITE_STMTSTATUS_REPREPARE, 0) }
  }

  @Test func readsKeepTheCachedStatementsPrepared() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    let count = RenderedSQL(sql: #"SELECT count(*) FROM "reminders""#)
    let before = try Self.reprepareCount(of: count, on: db)
    for _ in 0..<5 {
      #expect(try db.read { db in try db.fetchOne(count, as: Int.self) } == 5)
      #expect(try db.fetchOne(count, as: Int.self) == 5)
    }
    #expect(try Self.reprepareCount(of: count, on: db) == before)
  }

  /// Raw SQL in a read runs statement by statement: the reads run, and the first statement that
  /// would write stops it, with `SQLITE_READONLY`, before anything is written.
  @Test func rawSQLInAReadRefusesTheFirstWrite() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try db.read { db in try db.execute("SELECT 1; -- a comment\n SELECT 2;") }
    let error = #expect(throws: SQLiteError.self) {
      try db.read { db in
        try db.execute(#"SELECT 1; UPDATE "reminders" SET "title" = 'x'; DELETE FROM "tags""#)
      }
    }
    #expect(error?.primaryCode == SQLITE_READONLY)
    #expect(try Reminder.where { $0.title == "x" }.count().fetchOne(db) == 0)
    #expect(try Tag.count().fetchOne(db) == 2)
    // A statement the user prepared is refused the same way, and the connection writes after.
    let insert = try db.prepare(RenderedSQL(sql: #"INSERT INTO "tags" ("name") VALUES ('new')"#))
    #expect(throws: SQLiteError.self) {
      try db.read { db in try db.execute(insert, arguments: UnsafeBufferPointer(start: nil, count: 0)) }
    }
    try db.execute(insert, arguments: UnsafeBufferPointer(start: nil, count: 0))
    #expect(try Tag.count().fetchOne(db) == 3)
  }
}
