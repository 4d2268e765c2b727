import Foundation
import Testing
import TypedSQL

// StructuredQueries' NonPrimaryKeyedDraftTests, live on SQLite and PostgreSQL: a draft of a table
// with no primary key, whose `lazyInitializable` columns the database fills in when the draft
// leaves them out. StructuredQueries only renders the first two inserts (writing `NULL` for the
// columns the draft leaves out, where TypedSQL leaves them out of the `INSERT`): here each is run
// on a table whose columns default to 0, and the row read back.
//
// The table of `liveInsertLetsDatabaseFillUninitializedColumns` is StructuredQueries' on SQLite
// (`NOT NULL ON CONFLICT REPLACE DEFAULT 0`); PostgreSQL has no `ON CONFLICT` clause on a column,
// and its table is `NOT NULL DEFAULT 0`. `draftOfDraftIsNever`, a function that is no `@Test`, is
// not counted. Nothing left out.

@Table
private struct Location: Equatable {
  @Column(lazyInitializable: true)
  var latitude: Double
  @Column(lazyInitializable: true)
  var longitude: Double
  var name: String
}

extension LiveDatabase {
  /// `locations`, whose coordinates default to 0.
  fileprivate func createLocations(_ db: any Database) throws {
    try db.execute(
      self == .sqlite
        ? #"""
          CREATE TABLE "locations" (
            "latitude" REAL NOT NULL DEFAULT 0, "longitude" REAL NOT NULL DEFAULT 0, "name" TEXT NOT NULL
          )
          """#
        : #"""
          CREATE TABLE "locations" (
            "latitude" double precision NOT NULL DEFAULT 0, "longitude" double precision NOT NULL DEFAULT 0,
            "name" text NOT NULL
          )
          """#)
  }
}

@Suite struct SuiteNonPrimaryKeyedDraftTests {
  @Test(arguments: LiveDatabase.allCases)
  func insertDraftWithUninitializedColumns(database: LiveDatabase) throws {
    try database.run { db in
      try database.createLocations(db)
      try db.execute(Location.insert { Location.Draft(name: "Home") })
      let rows = try db.execute(Location.all)
      #expect(rows == [Location(latitude: 0, longitude: 0, name: "Home")])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func insertDraftFromRow(database: LiveDatabase) throws {
    try database.run { db in
      try database.createLocations(db)
      let location = Location(latitude: 1, longitude: 2, name: "Home")
      try db.execute(Location.insert { Location.Draft(location) })
      let rows = try db.execute(Location.all)
      #expect(rows == [Location(latitude: 1.0, longitude: 2.0, name: "Home")])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func liveInsertLetsDatabaseFillUninitializedColumns(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(
        database == .sqlite
          ? """
            CREATE TABLE "locations" (
              "latitude" REAL NOT NULL ON CONFLICT REPLACE DEFAULT 0,
              "longitude" REAL NOT NULL ON CONFLICT REPLACE DEFAULT 0,
              "name" TEXT NOT NULL
            )
            """
          : """
            CREATE TABLE "locations" (
              "latitude" double precision NOT NULL DEFAULT 0,
              "longitude" double precision NOT NULL DEFAULT 0,
              "name" text NOT NULL
            )
            """
      )
      try db.execute(Location.insert { Location.Draft(name: "Home") })
      let location = try #require(try db.execute(Location.all).first)
      #expect(location.latitude == 0)
      #expect(location.longitude == 0)
      #expect(location.name == "Home")
    }
  }
}
