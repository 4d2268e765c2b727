import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' FTSTests: full-text search of an FTS5 index of the reminders, with its
// `MATCH`, `rank`, `bm25`, `highlight` and `snippet`. FTS5 is SQLite's: each case runs on SQLite,
// whose index is StructuredQueries' (`tokenize = 'trigram'`), filled as StructuredQueries'
// triggers fill it (a row per reminder, in order, with its list's title; then each reminder's
// tags). On PostgreSQL each case checks that TypedSQL refuses the query by name, before it
// reaches the database (DialectError.unsupported, naming the FTS5 function).
//
// Rewritten: the full-text functions are the table's in TypedSQL, with the column as an argument
// (`$0.match("take", in: \.title)`, `$0.highlight(\.title, open:close:)`,
// `$0.snippet(\.notes, open:close:ellipsis:tokens:)`), and on an outer join's side they are its
// `columns`' (see each case). Nothing left out.

@Table
private struct ReminderText: Equatable, FTS5 {
  let reminderID: Reminder.ID
  let title: String
  let notes: String
  let listID: RemindersList.ID
  let listTitle: String
  let tags: String
}

extension LiveDatabase {
  /// Runs `body` on SQLite with StructuredQueries' index of the reminders; on PostgreSQL, on the
  /// seeded database, with no index.
  fileprivate func runWithReminderTexts(_ body: (any Database) throws -> Void) throws {
    try run { db in
      if self == .sqlite {
        try db.execute(
          """
          CREATE VIRTUAL TABLE "reminderTexts" USING fts5(
            "reminderID" UNINDEXED,
            "title",
            "notes",
            "listID" UNINDEXED,
            "listTitle",
            "tags",
            tokenize = 'trigram'
          )
          """
        )
        try ReminderText.insert {
          ($0.reminderID, $0.title, $0.notes, $0.listID, $0.listTitle, $0.tags)
        } select: {
          Reminder
            .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
            .order { reminder, _ in reminder.id }
            .select { ($0.id, $0.title, $0.notes, $1.id, $1.title, "") }
        }
        .execute(db)
        for id in try db.execute(Reminder.select(\.id)) {
          try ReminderText
            .where { $0.reminderID.eq(id) }
            .update {
              $0.tags =
                ReminderTag
                .where { $0.reminderID.eq(id) }
                .join(Tag.all) { $0.tagID.eq($1.id) }
                .select { $1.title.groupConcat(" ") ?? "" }
            }
            .execute(db)
        }
      }
      try body(db)
    }
  }

  /// On PostgreSQL, checks that TypedSQL refuses what `run` runs for `feature`, and returns true;
  /// on SQLite, returns false.
  fileprivate func refusesOnPostgreSQL(_ feature: String, _ run: () throws -> Void) -> Bool {
    guard self == .postgres else { return false }
    #expect(throws: DialectError.unsupported(feature: feature, dialect: "PostgreSQL")) { try run() }
    return true
  }
}

@Suite struct SuiteFTSTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.runWithReminderTexts { db in
      let query =
        ReminderText
        .where { $0.match("take OR apple") }
        .order(by: \.rank)
        // Rewritten: `($0.title.highlight("**", "**"), $0.notes.snippet("**", "**", "...", 10))` →
        // `($0.highlight(\.title, open: "**", close: "**"), $0.snippet(\.notes, open: "**",
        // close: "**", ellipsis: "...", tokens: 10))` ("value of type 'ColumnsOf<String>' (aka
        // 'SQLQueryExpression<String>') has no member 'highlight'", and 'snippet').
        .select {
          ($0.highlight(\.title, open: "**", close: "**"),
           $0.snippet(\.notes, open: "**", close: "**", ellipsis: "...", tokens: 10))
        }
      if database.refusesOnPostgreSQL("FTS5 highlight", { try db.execute(query) }) { return }
      let rows = try db.execute(query)
      #expect(rows.map(\.0) == ["Groceries", "**Take** out trash", "**Take** a walk"])
      #expect(rows.map(\.1) == ["...Eggs, **Apple**s", "", ""])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func unranked(database: LiveDatabase) throws {
    try database.runWithReminderTexts { db in
      let query =
        ReminderText
        .select { ($0.listTitle, $0.rank) }
        .limit(1)
      if database.refusesOnPostgreSQL("FTS5 rank", { try db.execute(query) }) { return }
      let rows = try db.execute(query)
      #expect(rows.map(\.0) == ["Personal"])
      #expect(rows.map(\.1) == [nil])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func columnMatch(database: LiveDatabase) throws {
    try database.runWithReminderTexts { db in
      let query =
        ReminderText
        // Rewritten: `$0.title.match("take")` → `$0.match("take", in: \.title)` ("'match' is
        // unavailable: full-text functions belong to the FTS5 table: write '$0.match("…", in:
        // \.title)' (and 'highlight' and 'snippet' the same way)").
        .where { $0.match("take", in: \.title) }
      if database.refusesOnPostgreSQL("FTS5 MATCH", { try db.execute(query) }) { return }
      let rows = try db.execute(query)
      #expect(
        rows == [
          ReminderText(reminderID: 4, title: "Take a walk", notes: "", listID: 1, listTitle: "Personal", tags: "car kids"),
          ReminderText(reminderID: 8, title: "Take out trash", notes: "", listID: 2, listTitle: "Family", tags: ""),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func bm25(database: LiveDatabase) throws {
    try database.runWithReminderTexts { db in
      let sendWeeklyEmails = ReminderText(
        reminderID: 10, title: "Send weekly emails", notes: "", listID: 3, listTitle: "Business", tags: "")
      let weighted =
        ReminderText
        .where { $0.match("Week") }
        .order { $0.bm25([\.title: 10, \.notes: 5, \.tags: 2]) }
      if !database.refusesOnPostgreSQL("FTS5 MATCH", { try db.execute(weighted) }) {
        let rows = try db.execute(weighted)
        #expect(rows == [sendWeeklyEmails])
      }
      let unweighted =
        ReminderText
        .where { $0.match("Week") }
        .order { $0.bm25() }
      if database.refusesOnPostgreSQL("FTS5 MATCH", { try db.execute(unweighted) }) { return }
      let rows = try db.execute(unweighted)
      #expect(rows == [sendWeeklyEmails])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func outerJoin(database: LiveDatabase) throws {
    try database.runWithReminderTexts { db in
      let query =
        Reminder
        .leftJoin(ReminderText.all) { $0.rowid.eq($1.rowid) }
        // Rewritten: `$1.tags.highlight("**", "**")` → `$1.columns.highlight(\.tags, open: "**",
        // close: "**")`, and `$1.bm25()` → `$1.columns.bm25()`: the full-text functions are the
        // table's, and an outer join's side offers only its columns (the compiler fails on
        // StructuredQueries' spelling: "failed to produce diagnostic for expression").
        .select { $1.columns.highlight(\.tags, open: "**", close: "**") }
        .order { $1.columns.bm25() }
      if database.refusesOnPostgreSQL("FTS5 highlight", { try db.execute(query) }) { return }
      let rows = try db.execute(query)
      #expect(rows == ["someday optional", "someday optional", "", "car kids", "", "", "", "", "", ""])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func alias(database: LiveDatabase) throws {
    enum RT: AliasName {}
    try database.runWithReminderTexts { db in
      let query =
        Reminder
        .leftJoin(ReminderText.as(RT.self).all) { $0.rowid.eq($1.rowid) }
        // Rewritten: `$1.tags.highlight("**", "**")` → `$1.columns.highlight(\.tags, open: "**",
        // close: "**")`, and `$1.bm25()` → `$1.columns.bm25()`: the full-text functions are the
        // table's, and an outer join's side offers only its columns (the compiler fails on
        // StructuredQueries' spelling: "failed to produce diagnostic for expression").
        .select { $1.columns.highlight(\.tags, open: "**", close: "**") }
        .order { $1.columns.bm25() }
      if database.refusesOnPostgreSQL("FTS5 highlight", { try db.execute(query) }) { return }
      let rows = try db.execute(query)
      #expect(rows == ["someday optional", "someday optional", "", "car kids", "", "", "", "", "", ""])
    }
  }
}
