import Foundation
import Testing
import TypedSQL

// StructuredQueries' OptionalRepresentationDecodingTests (sqlite-data issue 493), live on SQLite
// and PostgreSQL: a NULL in an optional JSON-represented column decodes as `nil`, alone and
// among a table's composite key, optional column group and generated columns. The schema's own
// `items` table is dropped first, for StructuredQueries' `items`. On PostgreSQL the BLOB columns
// holding JSON are `jsonb`, and the generated columns are `GENERATED ALWAYS AS (…) STORED`
// (PostgreSQL has no virtual generated columns before version 18). Nothing left out.

@Table
private struct Item {
  let id: Int
  @Column(as: [UInt8]?.JSONRepresentation.self)
  let data: [UInt8]?
}

@Table("sqlitedata_icloud_metadata")
private struct SyncMetadata {
  @Selection
  struct ID: Hashable {
    let recordPrimaryKey: String
    let recordType: String
  }

  let id: ID
  let zoneName: String
  let ownerName: String

  @Column(generated: .virtual)
  let recordName: String

  @Selection
  struct ParentID: Hashable {
    let parentRecordPrimaryKey: String
    let parentRecordType: String
  }

  let parentRecordID: ParentID?

  @Column(generated: .virtual)
  let parentRecordName: String?

  @Column(as: [UInt8]?.JSONRepresentation.self)
  let lastKnownServerRecord: [UInt8]?

  @Column(as: [UInt8]?.JSONRepresentation.self)
  let _lastKnownServerRecordAllFields: [UInt8]?

  @Column(as: [UInt8]?.JSONRepresentation.self)
  let share: [UInt8]?

  let _isDeleted: Bool

  @Column("hasLastKnownServerRecord", generated: .virtual)
  let _hasLastKnownServerRecord: Bool

  @Column("isShared", generated: .virtual)
  let _isShared: Bool

  let userModificationTime: Int64
}

@Suite(.bug("https://github.com/pointfreeco/sqlite-data/issues/493"))
struct SuiteOptionalRepresentationDecodingTests {
  @Test(arguments: LiveDatabase.allCases)
  func nullOptionalRepresentationColumn(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(#"DROP TABLE "items""#)
      try db.execute(
        database == .sqlite
          ? """
            CREATE TABLE "items" (
              "id" INTEGER PRIMARY KEY,
              "data" BLOB
            )
            """
          : """
            CREATE TABLE "items" (
              "id" bigint PRIMARY KEY,
              "data" jsonb
            )
            """
      )
      try db.execute(
        """
        INSERT INTO "items" ("id", "data") VALUES (1, NULL), (2, '[42]')
        """
      )
      let items = try db.execute(Item.all)
      #expect(items.count == 2)
      #expect(items.first?.data == nil)
      #expect(items.last?.data == [42])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func syncMetadata(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(
        database == .sqlite
          ? """
            CREATE TABLE "sqlitedata_icloud_metadata" (
              "recordPrimaryKey" TEXT NOT NULL,
              "recordType" TEXT NOT NULL,
              "recordName" TEXT NOT NULL AS ("recordPrimaryKey" || ':' || "recordType"),
              "zoneName" TEXT NOT NULL,
              "ownerName" TEXT NOT NULL,
              "parentRecordPrimaryKey" TEXT,
              "parentRecordType" TEXT,
              "parentRecordName" TEXT AS ("parentRecordPrimaryKey" || ':' || "parentRecordType"),
              "lastKnownServerRecord" BLOB,
              "_lastKnownServerRecordAllFields" BLOB,
              "share" BLOB,
              "hasLastKnownServerRecord" INTEGER NOT NULL AS ("lastKnownServerRecord" IS NOT NULL),
              "isShared" INTEGER NOT NULL AS ("share" IS NOT NULL),
              "userModificationTime" INTEGER NOT NULL DEFAULT 0,
              "_isDeleted" INTEGER NOT NULL DEFAULT 0,

              PRIMARY KEY ("recordPrimaryKey", "recordType"),
              UNIQUE ("recordName")
            ) STRICT
            """
          : """
            CREATE TABLE "sqlitedata_icloud_metadata" (
              "recordPrimaryKey" text NOT NULL,
              "recordType" text NOT NULL,
              "recordName" text NOT NULL GENERATED ALWAYS AS ("recordPrimaryKey" || ':' || "recordType") STORED,
              "zoneName" text NOT NULL,
              "ownerName" text NOT NULL,
              "parentRecordPrimaryKey" text,
              "parentRecordType" text,
              "parentRecordName" text GENERATED ALWAYS AS ("parentRecordPrimaryKey" || ':' || "parentRecordType") STORED,
              "lastKnownServerRecord" jsonb,
              "_lastKnownServerRecordAllFields" jsonb,
              "share" jsonb,
              "hasLastKnownServerRecord" boolean NOT NULL GENERATED ALWAYS AS ("lastKnownServerRecord" IS NOT NULL) STORED,
              "isShared" boolean NOT NULL GENERATED ALWAYS AS ("share" IS NOT NULL) STORED,
              "userModificationTime" bigint NOT NULL DEFAULT 0,
              "_isDeleted" boolean NOT NULL DEFAULT false,

              PRIMARY KEY ("recordPrimaryKey", "recordType"),
              UNIQUE ("recordName")
            )
            """
      )
      try db.execute(
        """
        INSERT INTO "sqlitedata_icloud_metadata"
        ("recordPrimaryKey", "recordType", "zoneName", "ownerName", "userModificationTime")
        VALUES
        ('deadbeef', 'reminders', 'zone', 'owner', 42)
        """
      )

      let rows = try db.execute(SyncMetadata.all)
      #expect(rows.count == 1)
      let row = try #require(rows.first)
      #expect(row.id == SyncMetadata.ID(recordPrimaryKey: "deadbeef", recordType: "reminders"))
      #expect(row.zoneName == "zone")
      #expect(row.ownerName == "owner")
      #expect(row.recordName == "deadbeef:reminders")
      #expect(row.parentRecordID == nil)
      #expect(row.parentRecordName == nil)
      #expect(row.lastKnownServerRecord == nil)
      #expect(row._lastKnownServerRecordAllFields == nil)
      #expect(row.share == nil)
      #expect(row._isDeleted == false)
      #expect(row._hasLastKnownServerRecord == false)
      #expect(row._isShared == false)
      #expect(row.userModificationTime == 42)

      let tupleRows = try db.execute(
        SyncMetadata.all.select { ($0, $0._lastKnownServerRecordAllFields) }
      )
      #expect(tupleRows.count == 1)
      let (tupleRow, allFields) = try #require(tupleRows.first)
      #expect(tupleRow.userModificationTime == 42)
      #expect(allFields == nil)
    }
  }
}
