import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' JSONEachTests (Tests/StructuredQueriesTests/JSONEachTests.swift), live on
// SQLite and PostgreSQL: each query as StructuredQueries writes it, checked against the rows its
// test records; 24 of its 26 cases. Its JSON text columns are `jsonb` on PostgreSQL. No query asks
// for an order of its rows: they are compared sorted. `jsonEach over a JSONBRepresentation` reads
// its rows on PostgreSQL; an SQLite before 3.45 (this machine's is 3.40) refuses to store JSONB,
// which the test checks by name instead.
//
// Rewritten throughout (each place says so):
// - `jsonbEach()` is `jsonEach()`.
//
// `aliasAfterClauses`'s `EXISTS` subquery selects `key` beside `GROUP BY "elements"."value"`,
// which PostgreSQL would refuse (42803): TypedSQL's `EXISTS` over a grouped select selects `1`
// instead of its columns (whether it returns a row depends on its groups only), so the case has
// StructuredQueries' rows on both databases.

@Table
private struct Trip: Codable, Equatable {
  let id: Int
  var title = ""
  @Column(as: [Coordinate].JSONRepresentation.self)
  var geofence: [Coordinate] = []
}

@Table
private struct BlobTrip: Codable, Equatable {
  let id: Int
  @Column(as: [Coordinate].JSONBRepresentation.self)
  var geofence: [Coordinate] = []
}

@Selection
private struct Coordinate: Codable, Equatable {
  var latitude: Double = 0.0
  var longitude: Double = 0.0
  var label: String = ""
}

@Table
private struct Profile: Codable, Equatable {
  let id: Int
  @Column(as: Author.JSONRepresentation.self)
  var author = Author()
  @Column(as: [Int].JSONRepresentation.self)
  var favoriteNumbers: [Int] = []
}

@Selection
private struct Author: Codable, Equatable {
  var name: String = ""
  @Column(as: [Link].JSONRepresentation.self)
  var links: [Link] = []
}

@Selection
private struct Link: Codable, Equatable {
  var homepage: String = ""
  var isActive: Bool = false
}

@Table
private struct Product: Codable, Equatable {
  let id: Int
  @Column(as: [String: Stock].JSONRepresentation.self)
  var inventory: [String: Stock] = [:]
}

@Selection
private struct Stock: Codable, Equatable {
  var onHand: Int = 0
}

@Table
private struct TaggedItem: Codable, Equatable {
  let id: Int
  var title = ""
  @Column(as: [String].JSONRepresentation.self)
  var tags: [String] = []
}

@Table
private struct Post: Codable, Equatable {
  let id: Int
  @Column(as: [String: Int].JSONRepresentation.self)
  var reactions: [String: Int] = [:]
  @Column(as: Writer.JSONRepresentation.self)
  var writer = Writer()
}

@Selection
private struct Writer: Codable, Equatable {
  var name: String = ""
  @Column(as: [String].JSONRepresentation.self)
  var tags: [String] = []
  @Column(as: [String: Int].JSONRepresentation.self)
  var scores: [String: Int] = [:]
}

@Table
private struct Route: Codable, Equatable {
  let id: Int
  @Column(as: [Coordinate].JSONRepresentation?.self)
  var waypoints: [Coordinate]?
}

extension LiveDatabase {
  /// Creates StructuredQueries' tables of this file, JSON text on SQLite and `jsonb` on
  /// PostgreSQL, and inserts its three trips. (StructuredQueries' `blobTrips` row is inserted
  /// by the test that reads it.)
  fileprivate func createJSONEachTables(_ db: any Database) throws {
    let id = self == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "bigserial PRIMARY KEY"
    let text = self == .sqlite ? "TEXT" : "text"
    let json = self == .sqlite ? "TEXT" : "jsonb"
    let blob = self == .sqlite ? "BLOB" : "jsonb"
    try db.execute(
      """
      CREATE TABLE "trips" ("id" \(id), "title" \(text) NOT NULL, "geofence" \(json) NOT NULL);
      CREATE TABLE "taggedItems" ("id" \(id), "title" \(text) NOT NULL, "tags" \(json) NOT NULL);
      CREATE TABLE "products" ("id" \(id), "inventory" \(json) NOT NULL);
      CREATE TABLE "posts" ("id" \(id), "reactions" \(json) NOT NULL, "writer" \(json) NOT NULL);
      CREATE TABLE "routes" ("id" \(id), "waypoints" \(json));
      CREATE TABLE "profiles" ("id" \(id), "author" \(json) NOT NULL, "favoriteNumbers" \(json) NOT NULL);
      CREATE TABLE "blobTrips" ("id" \(id), "geofence" \(blob) NOT NULL)
      """)
    try Trip.insert {
      Trip.Draft(
        title: "Northern",
        geofence: [
          Coordinate(latitude: 40.7, longitude: -74.0, label: "home"),
          Coordinate(latitude: 51.5, longitude: -0.1, label: "away"),
        ]
      )
      Trip.Draft(
        title: "Mixed",
        geofence: [
          Coordinate(latitude: 40.7, longitude: -74.0, label: "home"),
          Coordinate(latitude: -33.9, longitude: 151.2, label: "away"),
        ]
      )
      Trip.Draft(title: "Empty")
    }.execute(db)
  }
}

/// A row's values as text, `nil` for NULL: rows of tuples compare as these.
private func row(_ values: Any?...) -> String {
  values.map { $0.map { "\($0)" } ?? "nil" }.joined(separator: " | ")
}

@Suite struct SuiteJSONEachTests {
  @Test(arguments: LiveDatabase.allCases)
  func exists(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        .where {
          !$0.geofence.jsonEach()
            .where { $0.value.jsonExtract(\.latitude) < 0 }
            .exists()
        }
        .select(\.title)
        .fetchAll(db)
      #expect(rows.sorted() == ["Empty", "Northern"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func count(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip.select { ($0.title, $0.geofence.jsonEach().count()) }
        .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1) }.sorted() == ["Empty | 0", "Mixed | 2", "Northern | 2"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aggregateOfElements(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip.select {
        (
          $0.title,
          $0.geofence.jsonEach().select { $0.value.jsonExtract(\.latitude).max() }
        )
      }
      .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1) }.sorted() == ["Empty | nil", "Mixed | 40.7", "Northern | 51.5"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func orderAndLimit(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        .where { $0.geofence.jsonArrayLength() > 0 }
        .select {
          (
            $0.title,
            $0.geofence.jsonEach()
              .select { $0.value.jsonExtract(\.label) }
              .order { $0.value.jsonExtract(\.latitude).desc() }
              .limit(1)
          )
        }
        .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1) }.sorted() == ["Mixed | home", "Northern | away"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func keyAndValue(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        .where { $0.geofence.jsonArrayLength() > 0 }
        .select {
          (
            $0.title,
            $0.geofence.jsonEach()
              .where { $0.key.eq(0) }
              .select { $0.value.jsonExtract(\.label) }
          )
        }
        .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1) }.sorted() == ["Mixed | home", "Northern | home"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func join(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        .join(Trip.columns.geofence.jsonEach()) { _, _ in true }
        .select { ($0.title, $1.value.jsonExtract(\.label)) }
        .fetchAll(db)
      #expect(
        rows.map { row($0.0, $0.1) }.sorted() == [
          "Mixed | away", "Mixed | home", "Northern | away", "Northern | home",
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aliasAfterJoin(database: LiveDatabase) throws {
    enum Outer: AliasName {}
    try database.run { db in
      try database.createJSONEachTables(db)
      let query = Trip
        .join(Trip.columns.geofence.jsonEach()) { _, _ in true }
        .select { ($0.title, $1.value.jsonExtract(\.label)) }
        .as(Outer.self)
      // StructuredQueries' SQL renames the trips table the same way; TypedSQL binds the path,
      // names the joined `json_each` and reads its value as JSON, as in `join` above.
      #expect(
        try query.render(in: .sqlite).sql == """
          SELECT "outers"."title", json_extract(json_quote("jsonEach"."value"), ?1) \
          FROM "trips" AS "outers" JOIN json_each("outers"."geofence") AS "jsonEach" ON ?2
          """)
      let rows = try query.fetchAll(db)
      #expect(
        rows.map { row($0.0, $0.1) }.sorted() == [
          "Mixed | away", "Mixed | home", "Northern | away", "Northern | home",
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func leftJoin(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        .leftJoin(Trip.columns.geofence.jsonEach()) { _, _ in true }
        .select { ($0.title, $1.value.jsonExtract(\.label)) }
        .fetchAll(db)
      #expect(
        rows.map { row($0.0, $0.1) }.sorted() == [
          "Empty | nil", "Mixed | away", "Mixed | home", "Northern | away", "Northern | home",
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func scalarElements(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try TaggedItem.insert {
        TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent"])
        TaggedItem.Draft(title: "Taxes", tags: ["work"])
      }
      .execute(db)
      let rows = try TaggedItem
        .where { $0.tags.jsonEach().where { $0.value.eq("urgent") }.exists() }
        .select(\.title)
        .fetchAll(db)
      #expect(rows == ["Groceries"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func scalarElementsJoin(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try TaggedItem.insert { TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent"]) }
        .execute(db)
      let rows = try TaggedItem
        .join(TaggedItem.columns.tags.jsonEach()) { _, _ in true }
        .select { ($0.title, $1.key, $1.value) }
        .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1, $0.2) }.sorted() == ["Groceries | 0 | home", "Groceries | 1 | urgent"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aliasedJoins(database: LiveDatabase) throws {
    enum First: AliasName {}
    enum Second: AliasName {}
    try database.run { db in
      try database.createJSONEachTables(db)
      try TaggedItem.insert {
        TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent", "chores"])
      }
      .execute(db)
      let rows = try TaggedItem
        .join(TaggedItem.columns.tags.jsonEach().as(First.self)) { _, _ in true }
        .join(TaggedItem.columns.tags.jsonEach().as(Second.self)) { $1.key < $2.key }
        .select { ($0.title, $1.value, $2.value) }
        .fetchAll(db)
      #expect(
        rows.map { row($0.0, $0.1, $0.2) }.sorted() == [
          "Groceries | home | chores", "Groceries | home | urgent", "Groceries | urgent | chores",
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func aliasAfterClauses(database: LiveDatabase) throws {
    enum Element: AliasName {}
    try database.run { db in
      try database.createJSONEachTables(db)
      try db.execute(
        TaggedItem.insert {
          TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent", "home"])
          TaggedItem.Draft(title: "Taxes", tags: ["work"])
        }
      )
      let rows = try db.execute(
        TaggedItem
          .where {
            $0.tags.jsonEach()
              .where { $0.key >= 0 }
              .group(by: \.value)
              .having { $0.value.count() > 1 }
              .order(by: \.value)
              .limit(1)
              .offset(0)
              .as(Element.self)
              .exists()
          }
          .select(\.title)
      )
      #expect(rows == ["Groceries"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func lateAlias(database: LiveDatabase) throws {
    enum Urgent: AliasName {}
    try database.run { db in
      try database.createJSONEachTables(db)
      try TaggedItem.insert {
        TaggedItem.Draft(title: "Groceries", tags: ["home", "urgent"])
        TaggedItem.Draft(title: "Taxes", tags: ["work"])
      }
      .execute(db)
      let rows = try TaggedItem
        .where {
          $0.tags.jsonEach().where { $0.value.eq("urgent") }.as(Urgent.self).exists()
        }
        .select(\.title)
        .fetchAll(db)
      #expect(rows == ["Groceries"])
    }
  }

  @Test("aggregate scalar quantities in JSON arrays", arguments: LiveDatabase.allCases)
  func aggregateScalarQuantitiesInJSONArrays(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try Profile.insert {
        Profile.Draft(favoriteNumbers: [42, 1729])
        Profile.Draft(favoriteNumbers: [-1, 0, 1])
        Profile.Draft(favoriteNumbers: [0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
      }
      .execute(db)
      let rows = try Profile.select {
        (
          $0.id,
          $0.favoriteNumbers.jsonEach().select { $0.value.sum() }
        )
      }
      .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1) }.sorted() == ["1 | 1771", "2 | 0", "3 | 88"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func dictionaryKeys(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try Product.insert {
        Product.Draft(inventory: ["SFO": Stock(onHand: 1), "JFK": Stock(onHand: 4)])
        Product.Draft(inventory: ["SFO": Stock(onHand: 7)])
      }
      .execute(db)
      let rows = try Product
        .select {
          (
            $0,
            $0.inventory.jsonEach()
              .select { $0.value.jsonExtract(\.onHand).sum() }
          )
        }
        .fetchAll(db)
      let sorted = rows.sorted { $0.0.id < $1.0.id }
      #expect(
        sorted.map(\.0) == [
          Product(id: 1, inventory: ["JFK": Stock(onHand: 4), "SFO": Stock(onHand: 1)]),
          Product(id: 2, inventory: ["SFO": Stock(onHand: 7)]),
        ])
      #expect(sorted.map(\.1) == [5, 7])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func dictionaryKeyAndValue(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try Product.insert { Product.Draft(inventory: ["JFK": Stock(onHand: 4)]) }
        .execute(db)
      let rows = try Product
        .join(Product.columns.inventory.jsonEach()) { _, _ in true }
        .select { ($1.key, $1.value.jsonExtract(\.onHand)) }
        .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1) } == ["JFK | 4"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func scalarDictionaryValues(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try Post.insert {
        Post.Draft(reactions: ["🎉": 12], writer: Writer())
        Post.Draft(reactions: ["👍": 3], writer: Writer())
      }
      .execute(db)
      let rows = try Post.where { $0.reactions.jsonEach().where { $0.value > 10 }.exists() }.select(\.id)
        .fetchAll(db)
      #expect(rows == [1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func scalarArrayAtPath(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try Post.insert {
        Post.Draft(writer: Writer(tags: ["swift", "sql"]))
        Post.Draft(writer: Writer(tags: ["ruby"]))
      }
      .execute(db)
      let rows = try Post.where { $0.writer.jsonEach(\.tags).where { $0.value.eq("swift") }.exists() }.select(
        \.id
      )
      .fetchAll(db)
      #expect(rows == [1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func scalarDictionaryAtPath(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try Post.insert {
        Post.Draft(writer: Writer(scores: ["swift": 9]))
        Post.Draft(writer: Writer(scores: ["swift": 2]))
      }
      .execute(db)
      let rows = try Post
        .where {
          $0.writer.jsonEach(\.scores).where { $0.key.eq("swift") && $0.value > 5 }.exists()
        }
        .select(\.id)
        .fetchAll(db)
      #expect(rows == [1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func decodesKeyAndValueRow(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        .where { $0.title.eq("Northern") }
        .join(Trip.columns.geofence.jsonEach()) { _, _ in true }
        .select { $1 }
        .fetchAll(db)
        .sorted { $0.key < $1.key }
      #expect(rows.map(\.key) == [0, 1])
      #expect(
        rows.map(\.value.queryOutput) == [
          Coordinate(latitude: 40.7, longitude: -74.0, label: "home"),
          Coordinate(latitude: 51.5, longitude: -0.1, label: "away"),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func optionalColumn(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try Route.insert {
        Route.Draft(waypoints: [Coordinate(latitude: 1, longitude: 2, label: "a")])
        Route.Draft(waypoints: nil)
      }
      .execute(db)
      let rows = try Route.select { ($0.id, $0.waypoints.jsonEach().count()) }
        .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1) }.sorted() == ["1 | 1", "2 | 0"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func nestedPath(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      try Profile.insert {
        Profile.Draft(
          author: Author(
            name: "Blob",
            links: [
              Link(homepage: "https://pointfree.co", isActive: true),
              Link(homepage: "https://example.com", isActive: false),
            ]
          )
        )
        Profile.Draft(
          author: Author(
            name: "Blob Jr.",
            links: [
              Link(homepage: "https://example.org", isActive: false)
            ]
          )
        )
      }
      .execute(db)
      let rows = try Profile
        .where {
          $0.author.jsonEach(\.links)
            .where { $0.value.jsonExtract(\.isActive) }
            .exists()
        }
        .select { $0.author.jsonExtract(\.name) }
        .fetchAll(db)
      #expect(rows == ["Blob"])
    }
  }

  @Test("jsonEach over a JSONBRepresentation", arguments: LiveDatabase.allCases)
  func jsonEachOverAJSONBRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let insert = BlobTrip.insert {
        BlobTrip.Draft(
          geofence: [Coordinate(latitude: 40.7, longitude: -74.0, label: "home")]
        )
      }
      if database == .sqlite && SQLiteVersion.linked < SQLiteVersion(3, 45) {
        // SQLite stores JSONB from 3.45: an older one refuses the row by name.
        #expect(throws: DialectError.unsupported(feature: "JSONB (needs SQLite 3.45.0)", dialect: db.dialect.name)) {
          try insert.execute(db)
        }
        return
      }
      try insert.execute(db)
      let rows = try BlobTrip
        .join(BlobTrip.columns.geofence.jsonEach()) { _, _ in true }
        .select { $1.value }
        .fetchAll(db)
      #expect(rows.map(\.queryOutput) == [Coordinate(latitude: 40.7, longitude: -74.0, label: "home")])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbEachAliasedJoins(database: LiveDatabase) throws {
    enum First: AliasName {}
    enum Second: AliasName {}
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        // Rewritten: `jsonbEach()` → `jsonEach()` ("value of type 'Never' has no member 'as'":
        // `jsonbEach()` is unavailable, "'jsonEach()' reads a JSONB column too, on both databases")
        .join(Trip.columns.geofence.jsonEach().as(First.self)) { _, _ in true }
        .join(Trip.columns.geofence.jsonEach().as(Second.self)) { $1.key < $2.key }
        .select {
          ($0.title, $1.value.jsonExtract(\.label), $2.value.jsonExtract(\.label))
        }
        .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1, $0.2) }.sorted() == ["Mixed | home | away", "Northern | home | away"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbEachJoin(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        // Rewritten: `jsonbEach()` → `jsonEach()` ("cannot convert value of type 'Never' to expected
        // argument type 'Select<Other.TableColumns, Other>'": `jsonbEach()` is unavailable, "'jsonEach()'
        // reads a JSONB column too, on both databases")
        .join(Trip.columns.geofence.jsonEach()) { _, _ in true }
        .select { ($0.title, $1.key, $1.value.jsonExtract(\.label)) }
        .fetchAll(db)
      #expect(
        rows.map { row($0.0, $0.1, $0.2) }.sorted() == [
          "Mixed | 0 | home", "Mixed | 1 | away", "Northern | 0 | home", "Northern | 1 | away",
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbEachDecodesValue(database: LiveDatabase) throws {
    try database.run { db in
      try database.createJSONEachTables(db)
      let rows = try Trip
        // Rewritten: `jsonbEach()` → `jsonEach()` ("cannot convert value of type 'Never' to expected
        // argument type 'Select<Other.TableColumns, Other>'": `jsonbEach()` is unavailable, "'jsonEach()'
        // reads a JSONB column too, on both databases")
        .join(Trip.columns.geofence.jsonEach()) { _, _ in true }
        .select { $1.value }
        .fetchAll(db)
      // No order is asked for: the values are compared as text, sorted.
      #expect(
        rows.map { "\($0.queryOutput)" }.sorted() == [
          Coordinate(latitude: -33.9, longitude: 151.2, label: "away"),
          Coordinate(latitude: 40.7, longitude: -74.0, label: "home"),
          Coordinate(latitude: 40.7, longitude: -74.0, label: "home"),
          Coordinate(latitude: 51.5, longitude: -0.1, label: "away"),
        ].map { "\($0)" }.sorted())
    }
  }
}
