import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The literal and name safety regressions on SQLite and PostgreSQL, and PostgreSQL's own: a
/// session with `standard_conforming_strings` off, and names past its 63 bytes.
@Suite struct LiteralSafetyTests {
  enum Check: String, CaseIterable, Sendable {
    case viewLiteralsAreExact, triggerLiteralsAreExact, canonicallyEquivalentTextsAreDifferentStatements
    case jsonKeysAreExactOrRefused

    func run(on db: some Database) throws {
      switch self {
      case .viewLiteralsAreExact: try LiteralSafetyChecks.viewLiteralsAreExact(db)
      case .triggerLiteralsAreExact: try LiteralSafetyChecks.triggerLiteralsAreExact(db)
      case .canonicallyEquivalentTextsAreDifferentStatements:
        try LiteralSafetyChecks.canonicallyEquivalentTextsAreDifferentStatements(db)
      case .jsonKeysAreExactOrRefused: try LiteralSafetyChecks.jsonKeysAreExactOrRefused(db)
      }
    }
  }

  @Test("SQLite", arguments: Check.allCases)
  func sqlite(check: Check) throws {
    try onSQLite(schema: sqliteLiteralSafetySchema) { try check.run(on: $0) }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: Check.allCases)
  func postgres(check: Check) throws {
    try onPostgres(schema: postgresLiteralSafetySchema) { try check.run(on: $0) }
  }

  /// With `standard_conforming_strings` off (a server, database or role may set it), a
  /// backslash in `'…'` is an escape. TypedSQL's connection turns it on, even when its address
  /// asks for off; and its literals read the same in a session that turns it off again, where
  /// the view and trigger checks run.
  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresSessionWithStandardConformingStringsOff() throws {
    let server = try PostgresTestServer.shared.get()
    let asksForOff = try PostgresDatabase(url: postgresAddress(server.url, settingOption: "standard_conforming_strings", to: "off"))
    #expect(try asksForOff.fetchOne(RenderedSQL(sql: "SHOW standard_conforming_strings"), as: String.self) == "on")

    for check in [Check.viewLiteralsAreExact, .canonicallyEquivalentTextsAreDifferentStatements, .jsonKeysAreExactOrRefused] {
      try onPostgres(schema: postgresLiteralSafetySchema) { db in
        try db.execute("SET standard_conforming_strings TO off")
        try check.run(on: db)
      }
    }
  }

  /// A trigger's PL/pgSQL body is compiled by the session that fires it: created by a session
  /// with the setting on and fired by one with it off, its literals still hold.
  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresTriggerFiredFromASessionWithStandardConformingStringsOff() throws {
    try onPostgres(schema: postgresLiteralSafetySchema) { db in
      let server = try PostgresTestServer.shared.get()
      let schema = try #require(try db.fetchOne(RenderedSQL(sql: "SELECT current_schema()::text"), as: String.self))
      let firing = try PostgresDatabase(url: server.url)
      try firing.execute("SET search_path TO \"\(schema)\"; SET standard_conforming_strings TO off")
      try LiteralSafetyChecks.triggerLiteralsAreExact(db, fireFrom: firing)
    }
  }

  /// PostgreSQL cuts names to 63 bytes. With a table whose 64-byte name the server cut, a type
  /// named with that name's twin (differing only in its 64th byte) reads and deletes nothing:
  /// every statement naming it is refused. A name of exactly 63 bytes works.
  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgresNamesPastTheLimitAreRefused() throws {
    try onPostgres(schema: postgresLiteralSafetySchema) { db in
      try db.execute(#"CREATE TABLE "\#(LongNameA.tableName)" ("id" bigint PRIMARY KEY); INSERT INTO "\#(LongNameA.tableName)" VALUES (1)"#)
      let tooLong = DialectError.identifierTooLong(LongNameB.tableName, byteCount: 64, limit: 63, dialect: "PostgreSQL")
      #expect(throws: tooLong) { try LongNameB.all.fetchAll(db) }
      #expect(throws: tooLong) { try LongNameB.delete().execute(db) }
      #expect(throws: tooLong) { try LongNameB.insert { LongNameB(id: 2) }.execute(db) }
      #expect(throws: tooLong) { try LongNameB.createTrigger("t", after: .delete { _ in Canary.delete() }).execute(db) }
      #expect(try db.fetchOne(RenderedSQL(sql: #"SELECT count(*) FROM "\#(LongNameA.tableName)""#), as: Int.self) == 1)

      // A trigger named past the limit is refused, and so is dropping it: the drop would reach
      // the function of the trigger whose name the server kept.
      let kept = String(repeating: "t", count: 63)
      try LiteralSource.createTrigger(kept, after: .delete { _ in Canary.delete() }).execute(db)
      #expect(throws: DialectError.self) {
        try LiteralSource.createTrigger(kept + "B", after: .delete { _ in Canary.delete() }).drop(ifExists: true).execute(db)
      }
      try LiteralSource.insert { LiteralSource(id: 1, name: "a") }.execute(db)
      try LiteralSource.delete().execute(db)
      #expect(try Canary.count().fetchOne(db) == 0, "the trigger of the 63-byte name still runs")

      try db.execute(#"CREATE TABLE "\#(LongestName.tableName)" ("id" bigint PRIMARY KEY)"#)
      try LongestName.insert { LongestName(id: 5) }.execute(db)
      #expect(try LongestName.all.fetchAll(db) == [LongestName(id: 5)])
    }
  }

  /// SQLite keeps names whole: the two long names are two tables.
  @Test func sqliteKeepsLongNamesWhole() throws {
    try onSQLite(schema: "") { db in
      for name in [LongNameA.tableName, LongNameB.tableName] {
        try db.execute(#"CREATE TABLE "\#(name)" ("id" INTEGER PRIMARY KEY)"#)
      }
      try LongNameA.insert { LongNameA(id: 1) }.execute(db)
      try LongNameB.insert { LongNameB(id: 2) }.execute(db)
      #expect(try LongNameA.all.fetchAll(db) == [LongNameA(id: 1)])
      #expect(try LongNameB.all.fetchAll(db) == [LongNameB(id: 2)])
    }
  }
}
