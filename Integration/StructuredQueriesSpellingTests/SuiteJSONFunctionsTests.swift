import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

// StructuredQueries' JSONFunctionsTests, live on SQLite and PostgreSQL: each query as
// StructuredQueries writes it, checked against the rows its test records. JSON arrays are
// compared decoded, as StructuredQueries shows them.
//
// `jsonAssociation_Reminder` selects a user's columns grouped by the reminder's id, as
// StructuredQueries' SQL does: SQLite returns its rows, and PostgreSQL rejects the SQL (42803,
// column "users.id" must appear in the GROUP BY clause or be used in an aggregate function), which
// the case checks.
//
// Left out:
// - `queryJSON`: its `#sql("\($0.notes) ->> '$[#-1].body'")` reads notes with a trailing comma
//   (JSON5), which SQLite reads from 3.42: Debian's 3.40 fails ("malformed JSON"), and PostgreSQL
//   rejects SQLite's operator and path (42883, "operator does not exist: text ->> unknown").
//
// `jsonArrayInsert` and `jsonbArrayInsert` need SQLite 3.51's `json_array_insert`: an older
// SQLite (Debian's 3.40) refuses them by name, which the cases check there instead of the rows.

@Table
private struct Doc: Equatable {
  let id: Int
  @Column(as: [String].JSONRepresentation.self)
  var tags: [String] = []
  @Column(as: [String].JSONRepresentation?.self)
  var optionalTags: [String]?
}

@Table
private struct Milestone: Codable, Equatable {
  let id: Int
  var remindersListID: RemindersList.ID
  var title = ""
}

// StructuredQueries names this table "items", which this target's schema already has with
// other columns (SuiteInsertTests'): here it is "bucketItems".
@Table
private struct BucketItem: Codable, Equatable {
  var bucket: Int
  var value: Int
}

@Selection
private struct ReminderRow {
  let assignedUser: User?
  let reminder: Reminder
  @Column(as: [Tag].JSONRepresentation.self)
  let tags: [Tag]
}

@Table
private struct RemindersListRow {
  let remindersList: RemindersList
  @Column(as: [Milestone].JSONRepresentation.self)
  let milestones: [Milestone]
  @Column(as: [Reminder].JSONRepresentation.self)
  let reminders: [Reminder]
}

@Selection
private struct GroupedItem {
  let bucket: Int
  @Column(as: [BucketItem].JSONRepresentation.self)
  let items: [BucketItem]
}

extension LiveDatabase {
  /// Creates StructuredQueries' `docs` table: JSON text on SQLite, `jsonb` on PostgreSQL.
  fileprivate func createDocs(_ db: any Database) throws {
    try db.execute(
      self == .sqlite
        ? #"CREATE TABLE "docs" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "tags" TEXT NOT NULL, "optionalTags" TEXT)"#
        : #"CREATE TABLE "docs" ("id" bigserial PRIMARY KEY, "tags" jsonb NOT NULL, "optionalTags" jsonb)"#)
  }

  /// Creates StructuredQueries' `milestones` table with its three seeded rows.
  fileprivate func createMilestones(_ db: any Database) throws {
    try db.execute(
      self == .sqlite
        ? #"""
        CREATE TABLE "milestones" ("id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists" ("id") ON DELETE CASCADE,
          "title" TEXT NOT NULL DEFAULT '')
        """#
        : #"""
        CREATE TABLE "milestones" ("id" bigserial PRIMARY KEY,
          "remindersListID" bigint NOT NULL REFERENCES "remindersLists" ("id") ON DELETE CASCADE,
          "title" text NOT NULL DEFAULT '')
        """#)
    try Milestone.insert {
      Milestone.Draft(remindersListID: 1, title: "Phase 1")
      Milestone.Draft(remindersListID: 1, title: "Phase 2")
      Milestone.Draft(remindersListID: 1, title: "Phase 3")
    }.execute(db)
  }
}

/// The date `days` days from StructuredQueries' "now", 2001-01-01.
private func day(_ days: Double) -> Date {
  Date(timeIntervalSinceReferenceDate: 60 * 60 * 24 * days)
}

@Suite struct SuiteJSONFunctionsTests {
  @Test(arguments: LiveDatabase.allCases)
  func jsonGroupArray(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select {
        $0.title.jsonGroupArray()
      }
      .fetchAll(db)
      #expect(
        rows.map(\.queryOutput) == [
          [
            "Groceries", "Haircut", "Doctor appointment", "Take a walk", "Buy concert tickets",
            "Pick up kids from school", "Get laundry", "Take out trash", "Call accountant", "Send weekly emails",
          ]
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonGroupArrayDistinct(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select {
        $0.priority.jsonGroupArray(distinct: true)
      }
      .fetchAll(db)
      // No order is asked for: the distinct values are compared as a set (PostgreSQL lists
      // them sorted, SQLite as first met).
      let values = rows.map(\.queryOutput)
      #expect(values.count == 1)
      #expect(values.first?.count == 4)
      #expect(Set(values.first ?? []) == [nil, .high, .low, .medium])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonGroupArrayOfJSONColumns(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        [
          Doc.Draft(tags: ["a", "b"], optionalTags: ["c"]),
          Doc.Draft(tags: ["d"]),
        ]
      }.execute(db)
      let rows = try Doc.select { ($0.tags.jsonGroupArray(), $0.optionalTags.jsonGroupArray()) }.fetchAll(db)
      // No order is asked for: each array is compared with its elements in insertion order,
      // which both databases keep for a scan of two rows; its elements are the documents.
      #expect(rows.count == 1)
      #expect(rows.first?.0.queryOutput == [["a", "b"], ["d"]])
      #expect(rows.first?.1.queryOutput == [["c"], nil])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonArrayLength(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select {
        $0.title.jsonGroupArray().jsonArrayLength()
      }
      .fetchAll(db)
      #expect(rows == [10])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonAssociation_Reminder(database: LiveDatabase) throws {
    try database.run { db in
      let query = Reminder
        .group(by: \.id)
        .leftJoin(ReminderTag.all) { $0.id.eq($1.reminderID) }
        .leftJoin(Tag.all) { $1.tagID.eq($2.id) }
        .leftJoin(User.all) { $0.assignedUserID.eq($3.id) }
        .select { reminder, _, tag, user in
          ReminderRow.Columns(
            assignedUser: user,
            reminder: reminder,
            tags: tag.jsonGroupArray()
          )
        }
        .limit(2)
      guard database == .sqlite else {
        // PostgreSQL rejects StructuredQueries' SQL: the user's columns are not grouped.
        let error = #expect(throws: PostgresError.self) { try query.fetchAll(db) }
        #expect(error?.sqlState == "42803")
        return
      }
      let rows = try query.fetchAll(db)
      #expect(rows.map(\.assignedUser) == [User(id: 1, name: "Blob"), nil])
      #expect(
        rows.map(\.reminder) == [
          Reminder(
            id: 1, assignedUserID: 1, dueDate: day(0), notes: "Milk, Eggs, Apples", remindersListID: 1,
            title: "Groceries"),
          Reminder(id: 2, dueDate: day(-2), isFlagged: true, remindersListID: 1, title: "Haircut"),
        ])
      // No order is asked for: the tags are compared in id order.
      #expect(
        rows.map { $0.tags.sorted { $0.id < $1.id } } == [
          [Tag(id: 3, title: "someday"), Tag(id: 4, title: "optional")],
          [Tag(id: 3, title: "someday"), Tag(id: 4, title: "optional")],
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonAssociation_RemindersList(database: LiveDatabase) throws {
    try database.run { db in
      try database.createMilestones(db)
      let rows = try RemindersList
        .group(by: \.id)
        .leftJoin(Milestone.all) { $0.id.eq($1.remindersListID) }
        .leftJoin(Reminder.incomplete) { $0.id.eq($2.remindersListID) }
        .select {
          RemindersListRow.Columns(
            remindersList: $0,
            milestones: $1.jsonGroupArray(distinct: true),
            reminders: $2.jsonGroupArray(distinct: true)
          )
        }
        .limit(1)
        .fetchAll(db)
      #expect(rows.map(\.remindersList) == [RemindersList(id: 1, color: 0x4a99ef, title: "Personal")])
      // No order is asked for: the distinct rows are compared in id order.
      #expect(
        rows.map { $0.milestones.sorted { $0.id < $1.id } } == [
          [
            Milestone(id: 1, remindersListID: 1, title: "Phase 1"),
            Milestone(id: 2, remindersListID: 1, title: "Phase 2"),
            Milestone(id: 3, remindersListID: 1, title: "Phase 3"),
          ]
        ])
      #expect(
        rows.map { $0.reminders.sorted { $0.id < $1.id } } == [
          [
            Reminder(
              id: 1, assignedUserID: 1, dueDate: day(0), notes: "Milk, Eggs, Apples", remindersListID: 1,
              title: "Groceries"),
            Reminder(id: 2, dueDate: day(-2), isFlagged: true, remindersListID: 1, title: "Haircut"),
            Reminder(
              id: 3, dueDate: day(0), notes: "Ask about diet", priority: .high, remindersListID: 1,
              title: "Doctor appointment"),
            Reminder(id: 5, remindersListID: 1, title: "Buy concert tickets"),
          ]
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonObject(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .select { ($0, $1.jsonObject()) }
        .fetchAll(db)
      #expect(
        rows.map { "\($0.0.id) \($0.0.title): \($0.1.id) \($0.1.title) \($0.1.color)" }
          .sorted { $0.localizedStandardCompare($1) == .orderedAscending } == [
            "1 Groceries: 1 Personal 4889071", "2 Haircut: 1 Personal 4889071",
            "3 Doctor appointment: 1 Personal 4889071", "4 Take a walk: 1 Personal 4889071",
            "5 Buy concert tickets: 1 Personal 4889071", "6 Pick up kids from school: 2 Family 15567157",
            "7 Get laundry: 2 Family 15567157", "8 Take out trash: 2 Family 15567157",
            "9 Call accountant: 3 Business 11689427", "10 Send weekly emails: 3 Business 11689427",
          ])
      let first = try #require(rows.first { $0.0.id == 7 })
      #expect(
        first.0
          == Reminder(
            id: 7, dueDate: day(-2), isCompleted: true, priority: .low, remindersListID: 2, title: "Get laundry"))
      #expect(first.1 == RemindersList(id: 2, color: 0xed8935, title: "Family"))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonSet(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        Doc.Draft(tags: ["a", "b"])
      }.execute(db)
      let set = try Doc
        .update {
          $0.tags = $0.tags
            .jsonSet(\.[0], "z")
            .jsonSet(\.[1], "y")
        }
        .returning(\.tags)
        .fetchAll(db)
      #expect(set.map(\.queryOutput) == [["z", "y"]])
      let appended = try Doc
        .update {
          $0.tags = $0.tags
            .jsonAppend("c")
            .jsonAppend("d")
        }
        .returning(\.tags)
        .fetchAll(db)
      #expect(appended.map(\.queryOutput) == [["z", "y", "c", "d"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonRemoveAndReplace(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        Doc.Draft(tags: ["a", "b", "c"])
      }.execute(db)
      let replaced = try Doc
        .update {
          $0.tags = $0.tags
            .jsonReplace(\.[0], "z")
            .jsonReplace(\.[1], "y")
        }
        .returning(\.tags)
        .fetchAll(db)
      #expect(replaced.map(\.queryOutput) == [["z", "y", "c"]])
      let removed = try Doc
        .update {
          $0.tags = $0.tags
            .jsonRemove(\.[0])
            .jsonRemove(\.[0])
        }
        .returning(\.tags)
        .fetchAll(db)
      #expect(removed.map(\.queryOutput) == [["c"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbExtract(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        Doc.Draft(tags: ["a", "b"])
      }.execute(db)
      let rows = try Doc.select { ($0.tags.jsonExtract(\.[0]), $0.tags.jsonbExtract(\.[1])) }
        .fetchAll(db)
      #expect(rows.map(\.0) == ["a"])
      #expect(rows.map(\.1) == ["b"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbExtractFromAJSONRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        Doc.Draft(tags: ["a", "b"])
      }.execute(db)
      let rows = try Doc.select { $0.tags.jsonbExtract(\.self) }
        .fetchAll(db)
      #expect(rows.map { $0?.queryOutput } == [["a", "b"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbSetOnAJSONRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        Doc.Draft(tags: ["a", "b"])
      }.execute(db)
      let rows = try Doc.select { $0.tags.jsonbSet(\.[0], "z").jsonbSet(\.[1], "y") }
        .fetchAll(db)
      #expect(rows.map(\.queryOutput) == [["z", "y"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbAppendAndJsonbRemoveOnAJSONRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        Doc.Draft(tags: ["a", "b"])
      }.execute(db)
      let appended = try Doc.select { $0.tags.jsonbAppend("c") }
        .fetchAll(db)
      #expect(appended.map(\.queryOutput) == [["a", "b", "c"]])
      let removed = try Doc.select { $0.tags.jsonbRemove(\.[0]) }
        .fetchAll(db)
      #expect(removed.map(\.queryOutput) == [["b"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func codableJSONGroup(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(
        database == .sqlite
          ? #"CREATE TABLE "bucketItems" ("bucket" INTEGER NOT NULL, "value" INTEGER NOT NULL) STRICT"#
          : #"CREATE TABLE "bucketItems" ("bucket" bigint NOT NULL, "value" bigint NOT NULL)"#)
      let seeds = Seeds {
        BucketItem(bucket: 1, value: 1)
        BucketItem(bucket: 1, value: 2)
        BucketItem(bucket: 2, value: 1)
      }
      // Rewritten: `try seed.execute(db)`, not `try db.execute(seed)` ("no exact matches in call
      // to instance method 'execute'" for a seed's statement).
      for seed in seeds {
        try seed.execute(db)
      }
      let rows = try BucketItem
        .group(by: \.bucket)
        .select { GroupedItem.Columns(bucket: $0.bucket, items: $0.jsonGroupArray()) }
        .fetchAll(db)
      // No order is asked for: the groups are compared in bucket order.
      let sorted = rows.sorted { $0.bucket < $1.bucket }
      #expect(sorted.map(\.bucket) == [1, 2])
      #expect(
        sorted.map(\.items) == [
          [BucketItem(bucket: 1, value: 1), BucketItem(bucket: 1, value: 2)],
          [BucketItem(bucket: 2, value: 1)],
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonArrayInsert(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        Doc.Draft(tags: ["b", "c"])
      }
      .execute(db)
      let query = Doc
        .update {
          $0.tags = $0.tags
            .jsonArrayInsert(\.[0], "a")
            .jsonArrayInsert(\.[1], "z")
        }
        .returning(\.tags)
      if database == .sqlite && SQLiteVersion.linked < SQLiteVersion(3, 51) {
        #expect(throws: DialectError.self) { try query.fetchAll(db) }
        return
      }
      let tags = try query.fetchAll(db)
      #expect(tags.map(\.queryOutput) == [["a", "z", "b", "c"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbArrayInsert(database: LiveDatabase) throws {
    try database.run { db in
      try database.createDocs(db)
      try Doc.insert {
        Doc.Draft(tags: ["a", "b"])
      }
      .execute(db)
      let query = Doc.select { $0.tags.jsonbArrayInsert(\.[0], "z") }
      if database == .sqlite && SQLiteVersion.linked < SQLiteVersion(3, 51) {
        #expect(throws: DialectError.self) { try query.fetchAll(db) }
        return
      }
      let tags = try query.fetchAll(db)
      #expect(tags.map(\.queryOutput) == [["z", "a", "b"]])
    }
  }
}
