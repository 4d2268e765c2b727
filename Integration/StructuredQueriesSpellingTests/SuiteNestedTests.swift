import Foundation
import Testing
import TypedSQL
import TypedSQLPostgres

// StructuredQueries' NestedTests, live on SQLite and PostgreSQL: column groups (`@Selection`
// fields of a table) inserted, selected, compared and updated, a table as an optional group of
// another, a group with a generated column, a composite primary key, groups nested in groups, and
// enum tables (`@Table enum`, whose cases share the table).
//
// Each test creates StructuredQueries' table for it (replacing the schema's `items` and `rows`),
// with each database's column types.
//
// Rewritten: StructuredQueries names these types `Item`, `DefaultItem`, `Status`, `Row`,
// `Timestamps`, `Metadata`, `A`, `B`, `C` and `Photo`; here each is prefixed `Nested` so that type names stay unique in
// this target (and a `@Table` type may not be named `Row`), with the table names theirs.
//
// `reminderListAndReminderCountPayload` selects a list's columns beside `count` with no
// `GROUP BY`, as StructuredQueries' SQL does: SQLite returns its row, and PostgreSQL rejects the
// SQL (42803), which the case checks.

@Table("items")
private struct NestedItem: Equatable {
  var title: String
  var quantity = 0
  var status = NestedStatus()
}

@Table("items")
private struct NestedDefaultItem: Equatable {
  var title = ""
  var quantity = 0
  var status = NestedStatus()
}

@Selection
private struct NestedStatus: Equatable {
  var isOutOfStock = false
  var isOnBackOrder = false
}

@Table("itemWithTimestamps")
private struct NestedItemWithTimestamp: Equatable {
  var item: NestedItem?
  var timestamp: Date
}

@Selection
private struct NestedTimestamps: Equatable {
  var createdAt: Date
  var updatedAt: Date
  var deletedAt: Date?
  @Column(generated: .virtual)
  let isDeleted: Bool
}

@Table("rows")
private struct NestedRow: Equatable {
  let id: UUID
  var timestamps: NestedTimestamps
}

@Table("metadatas")
private struct NestedMetadata: Equatable, Identifiable {
  let id: NestedMetadataID
  var userModificationDate: Date
}

@Selection
private struct NestedMetadataID: Hashable {
  let recordID: UUID
  let recordType: String
}

@Selection private struct NestedC: Equatable {
  var d: Int
}

@Selection private struct NestedB: Equatable {
  var c: NestedC
}

@Table("as") private struct NestedA: Equatable {
  var b: NestedB
}

extension UUID {
  /// The UUID whose last digits are `value`, as StructuredQueries' tests spell `UUID(0)`.
  fileprivate init(_ value: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012x", value))!
  }
}

private let now = Date(timeIntervalSinceReferenceDate: 0)

@Suite struct SuiteNestedTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(#"DROP TABLE "items""#)
      try db.execute(
        database == .sqlite
          ? """
          CREATE TABLE "items" (
            "title" TEXT NOT NULL DEFAULT '',
            "quantity" INTEGER NOT NULL DEFAULT 0,
            "isOutOfStock" INTEGER NOT NULL DEFAULT 0,
            "isOnBackOrder" INTEGER NOT NULL DEFAULT 0
          )
          """
          : """
          CREATE TABLE "items" (
            "title" text NOT NULL DEFAULT '',
            "quantity" bigint NOT NULL DEFAULT 0,
            "isOutOfStock" boolean NOT NULL DEFAULT false,
            "isOnBackOrder" boolean NOT NULL DEFAULT false
          )
          """)
      let inserted = try NestedItem
        .insert {
          NestedItem(title: "Phone", quantity: 1, status: NestedStatus())
        }
        .returning(\.self)
        .fetchAll(db)
      #expect(inserted == [NestedItem(title: "Phone", quantity: 1, status: NestedStatus())])

      try NestedItem.insert {
        $0.status.isOutOfStock
      } values: {
        true
      }
      .execute(db)
      // Rewritten: the group's two columns are named with a tuple of their values; a group
      // (`$0.status` with a `Status` value) is not an insert's column list ("no exact matches in
      // call to static method 'buildExpression'").
      try NestedItem.insert {
        ($0.status.isOutOfStock, $0.status.isOnBackOrder)
      } values: {
        (true, true)
      }
      .execute(db)

      let all = try NestedItem.all.fetchAll(db)
      #expect(
        all == [
          NestedItem(title: "Phone", quantity: 1, status: NestedStatus(isOutOfStock: false, isOnBackOrder: false)),
          NestedItem(title: "", quantity: 0, status: NestedStatus(isOutOfStock: true, isOnBackOrder: false)),
          NestedItem(title: "", quantity: 0, status: NestedStatus(isOutOfStock: true, isOnBackOrder: true)),
        ])

      // Rewritten: `$0.status.eq(Status())` is `$0.status == Status()`: a group's columns compare
      // with `==` only ("value of type 'ColumnsOf<NestedStatus>' (aka 'NestedStatus.Columns') has
      // no member 'eq'").
      let statuses = try NestedItem.where { $0.status == NestedStatus() }.select(\.status).fetchAll(db)
      #expect(statuses == [NestedStatus(isOutOfStock: false, isOnBackOrder: false)])

      // StructuredQueries only renders these two updates; what they leave is checked below.
      try NestedItem.update {
        $0.status.isOutOfStock = true
      }
      .execute(db)
      let afterFirstUpdate = try NestedItem.select(\.status).fetchAll(db)
      #expect(
        afterFirstUpdate.sorted { !$0.isOnBackOrder && $1.isOnBackOrder } == [
          NestedStatus(isOutOfStock: true, isOnBackOrder: false),
          NestedStatus(isOutOfStock: true, isOnBackOrder: false),
          NestedStatus(isOutOfStock: true, isOnBackOrder: true),
        ])
      try NestedItem.update {
        $0.status = NestedStatus(isOutOfStock: true, isOnBackOrder: true)
      }
      .execute(db)
      let afterSecondUpdate = try NestedItem.select(\.status).fetchAll(db)
      #expect(afterSecondUpdate == Array(repeating: NestedStatus(isOutOfStock: true, isOnBackOrder: true), count: 3))

      // Left out: `DefaultItem?(nil)` and `DefaultItem?.none` run as statements (a NULL row of
      // `items`' columns): an optional row is no statement in TypedSQL ("no exact matches in call
      // to instance method 'execute'"), and a row value selects only in `union`/`selectedValues`.

      let outOfStock = try NestedItem.select { dump($0.status).isOutOfStock }.fetchAll(db)
      #expect(outOfStock == [true, true, true])

      // Added: a group's column changed in place.
      try NestedItem.update { $0.status.isOutOfStock.toggle() }.execute(db)
      let afterToggle = try NestedItem.select(\.status).fetchAll(db)
      #expect(afterToggle == Array(repeating: NestedStatus(isOutOfStock: false, isOnBackOrder: true), count: 3))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func optionalDoubleNested(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(
        database == .sqlite
          ? """
          CREATE TABLE "itemWithTimestamps" (
            "title" TEXT,
            "quantity" INTEGER,
            "isOutOfStock" INTEGER,
            "isOnBackOrder" INTEGER,
            "timestamp" TEXT NOT NULL
          )
          """
          : """
          CREATE TABLE "itemWithTimestamps" (
            "title" text,
            "quantity" bigint,
            "isOutOfStock" boolean,
            "isOnBackOrder" boolean,
            "timestamp" timestamptz NOT NULL
          )
          """)
      try NestedItemWithTimestamp.insert {
        NestedItemWithTimestamp(item: nil, timestamp: Date(timeIntervalSinceReferenceDate: 0))
      }
      .execute(db)

      // Rewritten: a row value run as a statement is its `selectedValues` ("no exact matches in
      // call to instance method 'execute'").
      let row = try db.execute(
        NestedItemWithTimestamp(item: nil, timestamp: Date(timeIntervalSinceReferenceDate: 0)).selectedValues
      )
      #expect(row == [NestedItemWithTimestamp(item: nil, timestamp: now)])

      try NestedItemWithTimestamp.insert {
        NestedItemWithTimestamp(
          item: NestedItem(
            title: "Pencil",
            quantity: 0,
            status: NestedStatus(isOutOfStock: true, isOnBackOrder: true)
          ),
          timestamp: Date(timeIntervalSinceReferenceDate: 0)
        )
      }
      .execute(db)
      let stored = try NestedItemWithTimestamp.all.fetchAll(db)
      #expect(
        stored == [
          NestedItemWithTimestamp(item: nil, timestamp: now),
          NestedItemWithTimestamp(
            item: NestedItem(title: "Pencil", quantity: 0, status: NestedStatus(isOutOfStock: true, isOnBackOrder: true)),
            timestamp: now),
        ])

      // The optional `item` left out selects its default, `NULL` in each of its columns.
      let defaulted = try NestedItemWithTimestamp.select { _ in
        NestedItemWithTimestamp.Columns(timestamp: Date(timeIntervalSinceReferenceDate: 0))
      }
      .fetchAll(db)
      #expect(defaulted == [NestedItemWithTimestamp(item: nil, timestamp: now), NestedItemWithTimestamp(item: nil, timestamp: now)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func nestedGenerated(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(#"DROP TABLE IF EXISTS "rows""#)
      try db.execute(
        database == .sqlite
          ? """
          CREATE TABLE "rows" (
            "id" TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT '00000000-0000-0000-0000-000000000000',
            "createdAt" TEXT NOT NULL,
            "updatedAt" TEXT NOT NULL,
            "deletedAt" TEXT,
            "isDeleted" INTEGER AS ("deletedAt" IS NOT NULL)
          )
          """
          : """
          CREATE TABLE "rows" (
            "id" uuid PRIMARY KEY NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
            "createdAt" timestamptz NOT NULL,
            "updatedAt" timestamptz NOT NULL,
            "deletedAt" timestamptz,
            "isDeleted" boolean GENERATED ALWAYS AS ("deletedAt" IS NOT NULL) STORED
          )
          """)
      let now = Date(timeIntervalSinceReferenceDate: 0)
      let inserted = try NestedRow
        .insert {
          NestedRow.Draft(timestamps: NestedTimestamps(createdAt: now, updatedAt: now, isDeleted: false))
        }
        .returning(\.self)
        .fetchAll(db)
      #expect(
        inserted == [
          NestedRow(id: UUID(0), timestamps: NestedTimestamps(createdAt: now, updatedAt: now, deletedAt: nil, isDeleted: false))
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func primaryKey(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(
        database == .sqlite
          ? """
          CREATE TABLE "metadatas" (
            "recordID" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT
              '00000000-0000-0000-0000-000000000000',
            "recordType" TEXT NOT NULL ON CONFLICT REPLACE DEFAULT 'reminders',
            "userModificationDate" TEXT NOT NULL,
            PRIMARY KEY ("recordID", "recordType")
          )
          """
          : """
          CREATE TABLE "metadatas" (
            "recordID" uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
            "recordType" text NOT NULL DEFAULT 'reminders',
            "userModificationDate" timestamptz NOT NULL,
            PRIMARY KEY ("recordID", "recordType")
          )
          """)
      let now = Date(timeIntervalSinceReferenceDate: 0)
      let expectedID = NestedMetadataID(recordID: UUID(0), recordType: "reminders")

      let inserted = try NestedMetadata
        .insert {
          NestedMetadata.Draft(userModificationDate: now)
        }
        .returning(\.self)
        .fetchAll(db)
      #expect(inserted == [NestedMetadata(id: expectedID, userModificationDate: now)])

      let found = try NestedMetadata.find(NestedMetadataID(recordID: UUID(0), recordType: "reminders")).fetchAll(db)
      #expect(found == [NestedMetadata(id: expectedID, userModificationDate: now)])

      let upserted = try NestedMetadata.upsert {
        NestedMetadata(
          id: NestedMetadataID(recordID: UUID(0), recordType: "reminders"),
          userModificationDate: now.addingTimeInterval(1)
        )
      }
      .returning(\.self)
      .fetchAll(db)
      #expect(upserted == [NestedMetadata(id: expectedID, userModificationDate: now.addingTimeInterval(1))])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func doubleNested(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(
        database == .sqlite
          ? #"CREATE TABLE "as" ("d" INTEGER NOT NULL)"#
          : #"CREATE TABLE "as" ("d" bigint NOT NULL)"#)
      // StructuredQueries only renders this select; its table has no rows.
      let fromTable = try NestedA.select { _ in NestedA.Columns(b: NestedB.Columns(c: NestedC.Columns(d: 42))) }
        .fetchAll(db)
      #expect(fromTable == [])

      let values = try Values(NestedA.Columns(b: NestedB.Columns(c: NestedC.Columns(d: 42)))).fetchAll(db)
      #expect(values == [NestedA(b: NestedB(c: NestedC(d: 42)))])

      // Added: a nested group's column changed in place and read back in an assignment, as a
      // table's own column is.
      try NestedA.insert { NestedA(b: NestedB(c: NestedC(d: 1))) }.execute(db)
      try NestedA.update { $0.b.c.d += 10 }.execute(db)
      try NestedA.update { $0.b.c.d = $0.b.c.d * 2 + 1 }.execute(db)
      #expect(try NestedA.all.fetchAll(db) == [NestedA(b: NestedB(c: NestedC(d: 23)))])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func `enum`(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(#"CREATE TABLE "posts" ("url" TEXT, "note" TEXT)"#)
      try Post.insert {
        Post.note("Hello world")
        Post.photo(NestedPhoto(url: URL(fileURLWithPath: "/tmp/poster.png")))
      }
      .execute(db)
      let posts = try Post.all.fetchAll(db)
      #expect(posts == [.note("Hello world"), .photo(NestedPhoto(url: URL(string: "file:///tmp/poster.png")!))])

      let values = try Values(Post.Selection.note("Goodnight moon")).fetchAll(db)
      #expect(values == [.note("Goodnight moon")])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func enumRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: a row value run as a statement is its `selectedValues`.
      let row = try db.execute(Notes.list(["Blob", "Jr"]).selectedValues)
      #expect(row == [.list(["Blob", "Jr"])])
      let values = try Values(Notes.Columns.list(#bind(["Blob", "Jr"]))).fetchAll(db)
      #expect(values == [.list(["Blob", "Jr"])])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func reminderListAndReminderCountPayload(database: LiveDatabase) throws {
    try database.run { db in
      let baseQuery =
        RemindersList
        .where { _ in #sql("color > 0") }
        .join(Reminder.all) { $0.id.eq($1.remindersListID) }
      let query = baseQuery.select {
        RemindersListAndReminderCountPayload.Columns(
          payload: RemindersListAndReminderCount.Columns(
            remindersList: $0,
            remindersCount: $1.id.count()
          )
        )
      }
      guard database == .sqlite else {
        // PostgreSQL rejects StructuredQueries' SQL: the list's columns beside `count`, ungrouped.
        let error = #expect(throws: PostgresError.self) { try query.fetchAll(db) }
        #expect(error?.sqlState == "42803")
        return
      }
      let rows = try query.fetchAll(db)
      #expect(rows.map(\.payload.remindersList) == [RemindersList(id: 1, color: 4_889_071, title: "Personal")])
      #expect(rows.map(\.payload.remindersCount) == [10])
    }
  }
}

@Selection
private struct RemindersListAndReminderCount {
  let remindersList: RemindersList
  let remindersCount: Int
}

@Selection
private struct RemindersListAndReminderCountPayload {
  let payload: RemindersListAndReminderCount
}

@Selection
private struct NestedPhoto: Equatable {
  let url: URL
}

@Table
private enum Post: Equatable {
  case photo(NestedPhoto)
  case note(String = "")
}

@Table
private enum Notes: Equatable {
  @Column(as: [String].JSONRepresentation.self)
  case list([String])
}
