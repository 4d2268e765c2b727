import Testing
import TypedSQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The everyday query shapes, each planned by both databases over 100,000 reminders with the
/// usual indexes: every one must read the reminders through an index and sort nothing, so that
/// TypedSQL's renderings stay as fast as the same SQL written by hand as tables grow.
enum PlanShape: String, CaseIterable, Sendable {
  case firstPageByKey, lastPageByKeyDescending, keysetPage, findByKey
  case filterByForeignKey, filterByForeignKeyOrderedByKey, orderByIndexedText, joinOnIndexedKey
  case keysInList, nullableOrderingWithMatchingIndex, nullableOrderingDescending, prefixMatchingCase, prefixLike
  case keysetPageByTwoColumns

  /// The query, rendered for `dialect`.
  func render(in dialect: some Dialect) throws -> RenderedSQL {
    switch self {
    case .firstPageByKey: return try Reminder.order { $0.id }.limit(10).render(in: dialect)
    case .lastPageByKeyDescending: return try Reminder.order { $0.id.desc() }.limit(10).render(in: dialect)
    case .keysetPage: return try Reminder.where { $0.id > 50_000 }.order { $0.id }.limit(10).render(in: dialect)
    case .findByKey: return try Reminder.find(42).render(in: dialect)
    case .filterByForeignKey: return try Reminder.where { $0.remindersListID == 7 }.render(in: dialect)
    case .filterByForeignKeyOrderedByKey:
      return try Reminder.where { $0.remindersListID == 7 }.order { $0.id }.limit(5).render(in: dialect)
    case .orderByIndexedText: return try Reminder.order { $0.title }.limit(10).render(in: dialect)
    case .joinOnIndexedKey:
      return try Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
        .where { _, list in list.title == "List 7" }
        .render(in: dialect)
    case .keysInList: return try Reminder.where { $0.id.in([3, 500, 70_000]) }.render(in: dialect)
    case .nullableOrderingWithMatchingIndex: return try Reminder.order { $0.priority }.limit(10).render(in: dialect)
    case .nullableOrderingDescending: return try Reminder.order { $0.priority.desc() }.limit(10).render(in: dialect)
    case .prefixMatchingCase: return try Reminder.where { $0.title.likeMatchingCase("Reminder 1234%") }.render(in: dialect)
    case .prefixLike: return try Reminder.where { $0.title.like("reminder 1234%") }.render(in: dialect)
    case .keysetPageByTwoColumns:
      return try Reminder.where { RowValue($0.remindersListID, $0.id) > RowValue(values: 7, 500) }
        .order { ($0.remindersListID, $0.id) }.limit(10).render(in: dialect)
    }
  }

  /// Whether SQLite may walk the whole table in key order (`SCAN reminders`): a query ordered
  /// by the `INTEGER PRIMARY KEY` reads the table itself as its index, and stops at the limit.
  var walksTheTableInKeyOrder: Bool {
    self == .firstPageByKey || self == .lastPageByKeyDescending
  }
}

/// The reminders schema of the other integration tests with 100 lists and 100,000 reminders
/// (a quarter without a priority), the indexes an app would declare, and fresh statistics.
enum PlanFixture {
  static let reminderCount = 100_000

  /// Indexes both databases declare the same way: the foreign key followed by the key (so a
  /// list's reminders come out in key order), and the title.
  static let sharedIndexes = """
    CREATE INDEX "reminders_list_id" ON "reminders" ("remindersListID", "id");
    CREATE INDEX "reminders_title" ON "reminders" ("title");
    """

  /// SQLite also indexes the title without ASCII case, as its `LIKE` compares.
  static let sqlite = sqliteRemindersSchema + sharedIndexes + """
    CREATE INDEX "reminders_priority" ON "reminders" ("priority");
    CREATE INDEX "reminders_title_nocase" ON "reminders" ("title" COLLATE NOCASE);
    WITH RECURSIVE "n" ("i") AS (SELECT 1 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" < 100)
    INSERT INTO "remindersLists" ("id", "title") SELECT "i", 'List ' || "i" FROM "n";
    WITH RECURSIVE "n" ("i") AS (SELECT 1 UNION ALL SELECT "i" + 1 FROM "n" WHERE "i" < \(reminderCount))
    INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
    SELECT "i", 'Reminder ' || "i", "i" % 2, CASE WHEN "i" % 4 = 0 THEN NULL ELSE "i" % 3 + 1 END, "i" % 100 + 1
    FROM "n";
    ANALYZE;
    """

  /// PostgreSQL also indexes the nullable priority with SQLite's placement of `NULL`s, and the
  /// title under the `C` collation that both `like`s compare in: a b-tree for
  /// `likeMatchingCase`, trigrams for `like` (the extension goes to `public`, which outlives
  /// the test's schema). Only the fixture's tables are analyzed: a bare `ANALYZE` reads every
  /// table of the database, other tests' too, and can deadlock with their schema changes.
  static let postgres = postgresRemindersSchema + sharedIndexes + """
    CREATE INDEX "reminders_priority" ON "reminders" ("priority" NULLS FIRST);
    CREATE INDEX "reminders_title_c" ON "reminders" ("title" COLLATE "C");
    CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
    CREATE INDEX "reminders_title_trigrams" ON "reminders" USING gin (("title" COLLATE "C") public.gin_trgm_ops);
    INSERT INTO "remindersLists" ("title") SELECT 'List ' || "i" FROM generate_series(1, 100) AS "i";
    INSERT INTO "reminders" ("title", "isCompleted", "priority", "remindersListID")
    SELECT 'Reminder ' || "i", "i" % 2 = 0, CASE WHEN "i" % 4 = 0 THEN NULL ELSE "i" % 3 + 1 END, "i" % 100 + 1
    FROM generate_series(1, \(reminderCount)) AS "i";
    ANALYZE "remindersLists", "reminders";
    """
}

/// One row of SQLite's `EXPLAIN QUERY PLAN`.
@Selection struct SQLitePlanStep {
  var id: Int
  var parent: Int
  var unused: Int
  var detail: String
}

@Suite(.enabled(if: PostgresTestServer.suitesRun)) struct QueryPlanTests {
  @Test func sqliteReadsThroughIndexesAndSortsNothing() throws {
    try onSQLite(schema: PlanFixture.sqlite) { db in
      #expect(try Reminder.count().fetchOne(db) == PlanFixture.reminderCount)
      for shape in PlanShape.allCases {
        let query = try shape.render(in: db.dialect)
        let plan = try db.fetchAll(
          RenderedSQL(sql: "EXPLAIN QUERY PLAN " + query.sql, bindings: query.bindings), as: SQLitePlanStep.self
        ).map(\.detail)
        let readsReminders = plan.filter { $0.contains("reminders ") || $0.hasSuffix("reminders") }
        #expect(!readsReminders.isEmpty, "\(shape): \(plan)")
        for step in readsReminders where step.hasPrefix("SCAN") && !shape.walksTheTableInKeyOrder {
          #expect(step.contains("INDEX"), "\(shape) reads every reminder: \(plan)")
        }
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(shape) sorts: \(plan)")
      }
    }
  }

  @Test func postgresReadsThroughIndexesAndSortsNothing() throws {
    try onPostgres(schema: PlanFixture.postgres) { db in
      #expect(try Reminder.count().fetchOne(db) == PlanFixture.reminderCount)
      for shape in PlanShape.allCases {
        let query = try shape.render(in: db.dialect)
        let plan = try db.fetchAll(RenderedSQL(sql: "EXPLAIN " + query.sql, bindings: query.bindings), as: String.self)
        let text = plan.joined(separator: "\n")
        let readsAnIndex = plan.contains { step in
          step.contains("Index") && (step.contains(" using reminders_") || step.contains(" on reminders_"))
        }
        #expect(readsAnIndex, "\(shape) uses no index of reminders:\n\(text)")
        #expect(!text.contains("Seq Scan on reminders "), "\(shape) reads every reminder:\n\(text)")
        #expect(!text.contains("Sort"), "\(shape) sorts:\n\(text)")
      }
    }
  }
}
