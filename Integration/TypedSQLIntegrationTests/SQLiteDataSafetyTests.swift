import Foundation
import Testing
import TypedSQL
@testable import TypedSQLSQLite

/// SQLite's own data-safety regressions: the statement cache under nesting, stored bytes that
/// are not UTF-8, and SQL text the library would only partly run.
@Suite struct SQLiteDataSafetyTests {
  /// A function that runs many statements on its own connection while the statement calling it
  /// is between steps overflows the statement cache: only idle statements are evicted.
  @Test func fullStatementCacheNeverFinalizesARunningStatement() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    // Weakly: the connection keeps its functions, so a function that kept its connection would
    // keep both alive forever.
    let lookups = SQLiteFunction("lookups") { [weak db] (id: Int) throws -> Int in
      guard let db else { return 0 }
      var total = 0
      for shape in 0..<300 {
        let query = RenderedSQL(sql: "SELECT \(shape) + ?1", bindings: [.int(Int64(id))])
        total += try db.fetchOne(query, as: Int.self) ?? 0
      }
      return total
    }
    try db.add(lookups)
    let totals = try Reminder.order { $0.id }.select { ($0.id, lookups($0.id)) }.fetchAll(db)
    #expect(totals.map(\.0) == [1, 2, 3, 4, 5])
    #expect(totals.map(\.1) == [1, 2, 3, 4, 5].map { 300 * $0 + 299 * 300 / 2 })
    #expect(db.cachedStatementCount <= 257)
  }

  /// A cached statement run with fewer values than it has placeholders reads `NULL` in the
  /// others, never the values its last run bound.
  @Test func aPlaceholderLeftUnboundIsNullNotTheLastRunsValue() throws {
    let db = try SQLiteDatabase()
    let sql = "SELECT ?1 || '|' || coalesce(?2, 'NULL')"
    #expect(try db.fetchOne(RenderedSQL(sql: sql, bindings: [.text("a"), .text("b")]), as: String.self) == "a|b")
    #expect(try db.fetchOne(RenderedSQL(sql: sql, bindings: [.text("c")]), as: String.self) == "c|NULL")
    #expect(try db.fetchOne(RenderedSQL(sql: sql, bindings: [.text("d"), .text("e")]), as: String.self) == "d|e")
  }

  @Test func textThatIsNotUTF8IsADecodingError() throws {
    let db = try SQLiteDatabase()
    try db.execute(#"CREATE TABLE "notes" ("body" TEXT); INSERT INTO "notes" VALUES (CAST(X'6869FF' AS TEXT))"#)
    let error = #expect(throws: QueryDecodingError.self) {
      try db.fetchOne(RenderedSQL(sql: #"SELECT "body" FROM "notes""#), as: String.self)
    }
    #expect(error?.columnName == "body")
    #expect(error?.storedValue.contains("not valid UTF-8") == true)
  }

  @Test func sqlTextThatWouldRunOnlyInPartIsRefused() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    // A second statement after the first, or text after a NUL byte, would be silently ignored.
    #expect(throws: SQLiteError.self) {
      try db.execute(RenderedSQL(sql: "DELETE FROM \"reminders\" WHERE \"id\" = 1; DELETE FROM \"reminders\""))
    }
    #expect(throws: SQLiteError.self) {
      try db.execute(RenderedSQL(sql: "DELETE FROM \"reminders\"\0 WHERE \"id\" = 1"))
    }
    #expect(throws: SQLiteError.self) {
      try db.execute("DELETE FROM \"reminders\"\0 WHERE \"id\" = 1")
    }
    #expect(try Reminder.count().fetchOne(db) == 5)
    // Trailing whitespace and comments are not a statement.
    #expect(try db.fetchOne(RenderedSQL(sql: "SELECT 1; -- done\n"), as: Int.self) == 1)
  }
}
