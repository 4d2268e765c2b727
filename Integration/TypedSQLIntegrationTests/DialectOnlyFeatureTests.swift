import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// Features only one database has: they run on their own database, and the other database's
/// dialect refuses them with an error naming the feature.
@Suite struct SQLiteOnlyFeatureTests {
  private func database() throws -> SQLiteDatabase {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    return db
  }

  @Test func glob() throws {
    let db = try database()
    #expect(try Reminder.where { $0.title.glob("*r*") }.order { $0.id }.select { $0.title }.fetchAll(db) == ["Groceries", "Haircut", "Report"])
    #expect(try Reminder.where { $0.title.glob("g*") }.count().fetchOne(db) == 0)  // case-sensitive
  }

  @Test func collateNocase() throws {
    let db = try database()
    #expect(try Reminder.where { $0.title.collate(.nocase) == "VET" }.select { $0.id }.fetchAll(db) == [3])
  }

  @Test func insertOrIgnoreAndReplace() throws {
    let db = try database()
    try Tag.insert(or: .ignore) { Tag.Draft(name: "urgent"); Tag.Draft(name: "fresh") }.execute(db)
    #expect(try Tag.order { $0.id }.select { $0.name }.fetchAll(db) == ["urgent", "someday", "fresh"])
    try Tag.insert(or: .replace) { Tag(id: 2, name: "later") }.execute(db)
    #expect(try Tag.find(2).fetchOne(db)?.name == "later")
  }

  @Test func rowid() throws {
    let db = try database()
    // The reminders' key is an INTEGER PRIMARY KEY, which is the rowid.
    #expect(try Reminder.where { $0.rowid > 3 }.order { $0.rowid }.select { ($0.rowid, $0.id) }.fetchAll(db).map { [$0.0, $0.1] } == [[4, 4], [5, 5]])
    // A table without such a key still has one: the order rows were inserted in.
    let rowids = try ReminderTag.order { $0.rowid }.select { $0.rowid }.fetchAll(db)
    #expect(rowids == Array(1...rowids.count))
    try ReminderTag.where { $0.rowid == 1 }.delete().execute(db)
    #expect(try ReminderTag.count().fetchOne(db) == rowids.count - 1)
  }

  @Test func postgresOnlyFeaturesAreRefusedByName() throws {
    let db = try database()
    #expect(throws: DialectError.unsupported(feature: "ILIKE", dialect: db.dialect.name)) {
      try Reminder.where { $0.title.ilike("%r%") }.fetchAll(db)
    }
    #expect(throws: DialectError.unsupported(feature: "DISTINCT ON", dialect: db.dialect.name)) {
      try Reminder.all.distinctOn { $0.remindersListID }.fetchAll(db)
    }
  }
}

@Suite(.enabled(if: PostgresTestServer.suitesRun))
struct PostgresOnlyFeatureTests {
  @Test func ilike() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      #expect(try Reminder.where { $0.title.ilike("G%") }.select { $0.title }.fetchAll(db) == ["Groceries"])
    }
  }

  @Test func distinctOn() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      let topPerList = try Reminder.all.distinctOn { $0.remindersListID }
        .order { ($0.remindersListID, $0.priority.desc()) }
        .select { ($0.remindersListID, $0.title) }
        .fetchAll(db)
      #expect(topPerList.map(\.0) == [1, 2])
      #expect(topPerList.map(\.1) == ["Groceries", "Report"])
    }
  }

  @Test func sqliteOnlyFeaturesAreRefusedByName() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      #expect(throws: DialectError.unsupported(feature: "GLOB", dialect: "PostgreSQL")) {
        try Reminder.where { $0.title.glob("G*") }.fetchAll(db)
      }
      #expect(throws: DialectError.unsupported(feature: "COLLATE NOCASE", dialect: "PostgreSQL")) {
        try Reminder.where { $0.title.collate(.nocase) == "vet" }.fetchAll(db)
      }
      #expect(throws: DialectError.unsupported(feature: "INSERT OR IGNORE", dialect: "PostgreSQL")) {
        try Tag.insert(or: .ignore) { Tag.Draft(name: "urgent") }.execute(db)
      }
      #expect(throws: DialectError.unsupported(feature: "rowid", dialect: "PostgreSQL")) {
        try Reminder.select { $0.rowid }.fetchAll(db)
      }
    }
  }
}
