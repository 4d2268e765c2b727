import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

/// Faults injected into SQLite: a database out of space and a database another connection holds
/// locked. Each checks that nothing is half-committed and that the connection recovers.
@Suite struct SQLiteFaultTests {
  @Test func outOfSpaceRollsBackTheWholeTransaction() throws {
    let db = try SQLiteDatabase()
    try db.execute(#"CREATE TABLE "blobs" ("id" INTEGER PRIMARY KEY, "data" BLOB NOT NULL) STRICT"#)
    try db.execute(RenderedSQL(sql: #"INSERT INTO "blobs" VALUES (1, zeroblob(1000))"#))
    try db.execute("PRAGMA max_page_count = 20")
    let error = #expect(throws: SQLiteError.self) {
      try db.transaction { db in
        for id in 2...100 {
          try db.execute(RenderedSQL(sql: #"INSERT INTO "blobs" VALUES (?1, zeroblob(4000))"#, bindings: [.int(Int64(id))]))
        }
      }
    }
    #expect(error?.code == 13)  // SQLITE_FULL
    #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "blobs""#), as: Int.self) == 1)
    // The connection works again once there is room.
    try db.execute("PRAGMA max_page_count = 100000")
    try db.execute(RenderedSQL(sql: #"INSERT INTO "blobs" VALUES (2, zeroblob(4000))"#))
    #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "blobs""#), as: Int.self) == 2)
    reportSurvived("SQLite out of space (max_page_count) mid-transaction")
  }

  @Test func busyDatabaseIsAClearErrorAfterTheTimeoutAndWorksOnceFree() throws {
    let path = NSTemporaryDirectory() + "typedsql-busy-\(UUID().uuidString).db"
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
    let holder = try SQLiteDatabase(path: path)
    let waiter = try SQLiteDatabase(path: path, busyTimeout: .milliseconds(100))
    try holder.execute(#"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY)"#)
    try holder.execute("BEGIN IMMEDIATE")
    try holder.execute(RenderedSQL(sql: #"INSERT INTO "items" VALUES (1)"#))
    let started = Date()
    let error = #expect(throws: SQLiteError.self) {
      try waiter.execute(RenderedSQL(sql: #"INSERT INTO "items" VALUES (2)"#))
    }
    #expect(error.map { $0.code & 0xff } == 5)  // SQLITE_BUSY
    #expect(Date().timeIntervalSince(started) >= 0.09)
    #expect(Date().timeIntervalSince(started) < 5)
    // A reader in WAL mode still sees the last committed state, not the open transaction.
    #expect(try waiter.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "items""#), as: Int.self) == 0)
    try holder.execute("COMMIT")
    try waiter.execute(RenderedSQL(sql: #"INSERT INTO "items" VALUES (2)"#))
    #expect(try holder.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "items""#), as: Int.self) == 2)
    reportSurvived("SQLite busy past its timeout")
  }
}

/// Prints one line per fault a test injected and survived, which CI counts.
func reportSurvived(_ fault: String) {
  print("◇ fault survived: \(fault)")
}
