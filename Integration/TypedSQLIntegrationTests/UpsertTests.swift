import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite
import TypedSQLTestServers

/// Upserts on all three databases with the same rows: MariaDB's `ON DUPLICATE KEY UPDATE` acts on
/// any unique key, and TypedSQL makes it act only on the conflict target's, as `ON CONFLICT`
/// does. Tags start as (1, "urgent") and (2, "someday"); `"name"` is unique.
@Suite struct UpsertTests {
  @Test func sqlite() throws {
    try onSQLite(schema: sqliteRemindersSchema) { db in
      try insertRemindersFixture(db)
      try Self.sameRows(db)
      try Self.conflictOnAnotherKey(db, leavesTheRowAndSucceeds: false)
      try Self.withoutTarget(db, conflictOnAnotherKey: .updatesTheRow)
    }
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgres() throws {
    try onPostgres(schema: postgresRemindersSchema) { db in
      try insertRemindersFixture(db)
      try Self.sameRows(db)
      try Self.conflictOnAnotherKey(db, leavesTheRowAndSucceeds: false)
      try Self.withoutTarget(db, conflictOnAnotherKey: .failsWithUniqueViolation)
    }
  }

  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDB() throws {
    try onMySQL(schema: mysqlRemindersSchema) { db in
      try insertRemindersFixture(db)
      try Self.sameRows(db)
      try Self.conflictOnAnotherKey(db, leavesTheRowAndSucceeds: true)
      try Self.withoutTarget(db, conflictOnAnotherKey: .updatesTheRow)
    }
  }

  static func sameRows(_ db: some Database) throws {
    // An update that reads the existing row and the proposed one, several rows in one statement.
    try Tag.insert {
      Tag.Draft(name: "urgent")
      Tag.Draft(name: "later")
    }.onConflict { $0.name } doUpdate: { tag, excluded in tag.name = excluded.name + "!" + tag.name }.execute(db)
    #expect(try Self.names(db) == ["later", "someday", "urgent!urgent"])

    // The update's condition: it holds for one conflicting row and not for the other.
    try Tag.insert {
      Tag.Draft(name: "someday")
      Tag.Draft(name: "later")
    }.onConflict { $0.name } doUpdate: { tag, _ in tag.name = tag.name + "?" } where: { tag, excluded in
      tag.id > 2 && excluded.name == "later"
    }.execute(db)
    #expect(try Self.names(db) == ["later?", "someday", "urgent!urgent"])

    // Skipping a conflicting row; inserting the one that does not conflict.
    try Tag.insert {
      Tag.Draft(name: "someday")
      Tag.Draft(name: "new")
    }.onConflictDoNothing { $0.name }.execute(db)
    #expect(try Self.names(db) == ["later?", "new", "someday", "urgent!urgent"])

    // RETURNING: the rows inserted or updated; the server refuses it where MariaDB would
    // return a skipped row too.
    let updated = try Tag.insert {
      Tag.Draft(name: "new")
      Tag.Draft(name: "fresh")
    }.onConflict { $0.name } doUpdate: { tag, excluded in tag.name = excluded.name + "ly" }.returning(\.name).fetchAll(db)
    #expect(updated.sorted() == ["fresh", "newly"])
    let skipping = Tag.insert { Tag.Draft(name: "fresh") }.onConflictDoNothing { $0.name }.returning(\.name)
    if db.dialect is MySQLDialect {
      #expect(throws: DialectError.self) { try skipping.fetchAll(db) }
    } else {
      #expect(try skipping.fetchAll(db) == [])
    }
    try Tag.where { $0.name == "fresh" }.delete().execute(db)
    try Tag.where { $0.name == "newly" }.update { $0.name = "new" }.execute(db)

    // Whole rows by primary key: the conflicting one updated, the other inserted.
    try Tag.upsert {
      Tag(id: 2, name: "someday, soon")
      Tag(id: 90, name: "ninetieth")
    }.execute(db)
    #expect(try Tag.where { $0.id == 2 || $0.id == 90 }.order(by: \.id).select(\.name).fetchAll(db) == ["someday, soon", "ninetieth"])
    #expect(try Self.names(db) == ["later?", "new", "ninetieth", "someday, soon", "urgent!urgent"])

    // The rows of a select, a compound one included.
    try Tag.insert { $0.name } select: {
      Reminder.where { $0.id <= 2 }.select { $0.title }.union(Tag.where { $0.id == 90 }.select(\.name))
    }.onConflict { $0.name } doUpdate: { tag, excluded in tag.name = excluded.name + "+" }.execute(db)
    #expect(try Self.names(db) == ["Groceries", "Haircut", "later?", "new", "ninetieth+", "someday, soon", "urgent!urgent"])
  }

  /// The tags' names in order: the keys the databases assign differ (MariaDB and PostgreSQL
  /// use up a key for a row that conflicted).
  static func names(_ db: some Database) throws -> [String] {
    try Tag.order(by: \.name).select(\.name).fetchAll(db)
  }

  /// A row that conflicts with a unique key other than the target (here the primary key, the
  /// target `"name"`): SQLite and PostgreSQL fail with a unique violation; MariaDB, whose
  /// clause cannot name its target, leaves the existing row as it was and succeeds.
  static func conflictOnAnotherKey(_ db: some Database, leavesTheRowAndSucceeds: Bool) throws {
    let before = try Tag.order(by: \.id).fetchAll(db)
    let upsert = Tag.insert { Tag(id: 1, name: "not yet a tag") }
      .onConflict { $0.name } doUpdate: { tag, excluded in tag.name = excluded.name }
    if leavesTheRowAndSucceeds {
      try upsert.execute(db)
    } else {
      #expect(throws: (any Error).self) { try upsert.execute(db) }
    }
    #expect(try Tag.order(by: \.id).fetchAll(db) == before)
  }

  /// What an upsert with no conflict target does with a row that conflicts on a unique key other
  /// than the primary key.
  enum ConflictOnAnotherKey {
    /// SQLite and MariaDB: the clause acts on any unique key.
    case updatesTheRow
    /// PostgreSQL: the upsert names the primary key, so another key's conflict is an error.
    case failsWithUniqueViolation
  }

  /// StructuredQueries' upsert with no conflict target (`ON CONFLICT DO UPDATE`), with and
  /// without a condition on the update: a conflict on the primary key updates the existing row
  /// everywhere.
  static func withoutTarget(_ db: some Database, conflictOnAnotherKey: ConflictOnAnotherKey) throws {
    try Tag.delete().execute(db)
    try Tag.insert {
      Tag(id: 1, name: "urgent")
      Tag(id: 2, name: "someday")
    }.execute(db)

    // A conflict on the primary key; the closure's second argument is the proposed row, of
    // StructuredQueries' type name `Excluded`.
    try Tag.insert { Tag(id: 1, name: "now") } onConflictDoUpdate: { (tag: inout Updates<Tag>, excluded: Tag.Excluded) in
      tag.name = excluded.name + "!"
    }.execute(db)
    #expect(try Tag.order(by: \.id).fetchAll(db) == [Tag(id: 1, name: "now!"), Tag(id: 2, name: "someday")])

    // The update's condition holds for one of two conflicting rows; a third row is new.
    try Tag.insert {
      Tag(id: 1, name: "kept")
      Tag(id: 2, name: "later")
      Tag(id: 3, name: "new")
    } onConflictDoUpdate: { tag, excluded in
      tag.name = excluded.name
    } where: { tag, _ in
      tag.id == 2
    }.execute(db)
    #expect(try Tag.order(by: \.id).select(\.name).fetchAll(db) == ["now!", "later", "new"])

    // A conflict on the unique name, not on the primary key.
    let upsert = Tag.insert { Tag(id: 40, name: "new") } onConflictDoUpdate: { $0.name += "?" }
    switch conflictOnAnotherKey {
    case .updatesTheRow:
      try upsert.execute(db)
      #expect(try Tag.order(by: \.id).select(\.name).fetchAll(db) == ["now!", "later", "new?"])
    case .failsWithUniqueViolation:
      #expect {
        try upsert.execute(db)
      } throws: { error in
        (error as? PostgresError)?.sqlState == "23505"
      }
      #expect(try Tag.order(by: \.id).select(\.name).fetchAll(db) == ["now!", "later", "new"])
    }
  }
}
