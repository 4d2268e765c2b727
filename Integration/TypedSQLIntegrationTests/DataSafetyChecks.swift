import Testing
import TypedSQL

/// Regression bodies for the data-safety defects an outside probe found, written once against
/// `some Database` and run on SQLite and PostgreSQL over the reminders fixture
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
  /// identical rows, a limited delete removes one.
  static func writesFromSelectWithoutPrimaryKey(_ db: some Database) throws {
    try ReminderTag.insert { ReminderTag(reminderID: 1, tagID: 1) }.execute(db)
    #expect(try ReminderTag.where { $0.reminderID == 1 }.count().fetchOne(db) == 2)
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

/// The data-safety regression bodies by name, as test arguments.
enum DataSafetyCheck: String, CaseIterable, Sendable {
  case writesFromSelectNeverWiden, writesFromSelectWithoutPrimaryKey, countsKeepEveryClause

  func run(on db: some Database) throws {
    switch self {
    case .writesFromSelectNeverWiden: try DataSafetyChecks.writesFromSelectNeverWiden(db)
    case .writesFromSelectWithoutPrimaryKey: try DataSafetyChecks.writesFromSelectWithoutPrimaryKey(db)
    case .countsKeepEveryClause: try DataSafetyChecks.countsKeepEveryClause(db)
    }
  }
}

@Suite struct DataSafetyTests {
  @Test("SQLite", arguments: DataSafetyCheck.allCases)
  func sqlite(check: DataSafetyCheck) throws {
    try onSQLite(schema: sqliteRemindersSchema) { db in
      try insertRemindersFixture(db)
      try check.run(on: db)
    }
  }

  @Test("PostgreSQL", .enabled(if: PostgresTestServer.suitesRun), arguments: DataSafetyCheck.allCases)
  func postgres(check: DataSafetyCheck) throws {
    try onPostgres(schema: postgresRemindersSchema) { db in
      try insertRemindersFixture(db)
      try check.run(on: db)
    }
  }
}
