import Foundation
import Testing
import TypedSQL

// StructuredQueries' RawRepresentationTests, live on SQLite and PostgreSQL: an enum that is not
// `QueryBindable`, stored as its raw value through `@Column(as: Ranking.RawRepresentation.self)`,
// also optional. The schema's own `items` table is dropped first, for StructuredQueries' `items`.
// Nothing left out.

private enum Ranking: Int {
  case low, medium, high
}

@Table
private struct Item {
  let id: Int
  @Column(as: Ranking.RawRepresentation.self)
  var ranking: Ranking
  // Rewritten: `Ranking?.RawRepresentation` → `Ranking.RawRepresentation?` ("type 'Ranking?' has
  // no member 'RawRepresentation'").
  @Column(as: Ranking.RawRepresentation?.self)
  var backupRanking: Ranking?
}

extension LiveDatabase {
  fileprivate func createItems(_ db: any Database) throws {
    try db.execute(#"DROP TABLE "items""#)
    try db.execute(
      self == .sqlite
        ? """
          CREATE TABLE "items" (
            "id" INTEGER PRIMARY KEY,
            "ranking" INTEGER NOT NULL,
            "backupRanking" INTEGER
          )
          """
        : """
          CREATE TABLE "items" (
            "id" bigint PRIMARY KEY,
            "ranking" bigint NOT NULL,
            "backupRanking" bigint
          )
          """)
  }
}

@Suite struct SuiteRawRepresentationTests {
  @Test(arguments: LiveDatabase.allCases)
  func decoding(database: LiveDatabase) throws {
    try database.run { db in
      try database.createItems(db)
      try db.execute(
        """
        INSERT INTO "items" ("id", "ranking", "backupRanking")
        VALUES (1, 2, NULL), (2, 0, 2)
        """
      )
      let items = try db.execute(Item.all)
      #expect(items.map(\.ranking) == [.high, .low])
      #expect(items.map(\.backupRanking) == [nil, .high])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func binding(database: LiveDatabase) throws {
    try database.run { db in
      try database.createItems(db)
      let rows = try db.execute(
        Item.insert {
          Item.Draft(id: 1, ranking: .medium, backupRanking: .high)
        }
        .returning(\.self)
      )
      #expect(rows.map(\.id) == [1])
      #expect(rows.map(\.ranking) == [.medium])
      #expect(rows.map(\.backupRanking) == [.high])
    }
  }
}
