import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' JSONBTests (Tests/StructuredQueriesTests/JSONBTests.swift), live on SQLite
// and PostgreSQL: each query as StructuredQueries writes it, checked against the rows its test
// records: all 39 of its cases. 4 check its rows on both databases (`jsonGroupArrayBytesUUID`,
// whose `sessions` row holds no JSONB, and the three "Multiple …'s are fused" cases, whose update
// runs after the profile is deleted and returns no row, as in StructuredQueries); 35 check its
// rows on PostgreSQL and, on this machine's SQLite 3.40, TypedSQL's refusal of JSONB by name.
//
// Its columns are JSONB: SQLite's binary JSON (3.45 and later), `jsonb` on PostgreSQL. An SQLite
// before 3.45 (this machine's is 3.40) refuses to store JSONB, by name: where a case needs its
// JSONB rows, the test checks that refusal of each seeded JSONB row (and of the case's own
// statement where that binds JSONB) instead of the rows; PostgreSQL returns the rows.
//
// Rewritten throughout (each place says so):
// - `jsonbGroupArray()` is `jsonGroupArray()` and `jsonbObject()` is `jsonObject()`.
// - `jsonExtract` types its value optional (a missing member reads `NULL`), and a value that is
//   not a string, a number or a Boolean (a date, a UUID, a group) as JSON: the expected rows read
//   them through `queryOutput`.
// The JSON keys of the `@Selection` types are their column names (`is_verified`), as with
// StructuredQueries' `ColumnCoding` trait, under which its four `#if ColumnCoding` cases run:
// TypedSQL always gives a `Codable` table or selection that renames a column such `CodingKeys`.
//
// Not checked on this machine's SQLite, which refuses JSONB: on an SQLite from 3.45,
// `jsonbGroupArray`'s `typeof` may be "text" rather than StructuredQueries' "blob" (the subquery
// is `json_group_array`, JSON text, not `jsonb_group_array`).

@Table
private struct Post: Codable, Equatable {
  let id: Int
  @Column(as: [String].JSONBRepresentation.self)
  var notes: [String] = []
  @Column(as: [String].JSONBRepresentation?.self)
  var optionalTags: [String]?
}

@Table
private struct Comment: Codable, Equatable {
  let id: Int
  var postID: Int
  @Column(as: [String].JSONBRepresentation?.self)
  var moderation: [String]?
}

@Table
private struct Profile: Codable, Equatable {
  let id: Int
  @Column(as: Author.JSONBRepresentation.self)
  var author = Author()
  @Column(as: Author.JSONBRepresentation?.self)
  var editor: Author?
}

@Selection
private struct Author: Codable, Equatable {
  var name: String = ""
  @Column("is_verified")
  var isVerified: Bool = false
  var nickname: String?
  @Column(as: Date.UnixTimeRepresentation.self)
  var joinedAt: Date = Date(timeIntervalSince1970: 0)
  @Column(as: UUID.BytesRepresentation.self)
  var externalID: UUID = UUID(0)
  @Column(as: Link.JSONBRepresentation.self)
  var links: Link = Link()
  @Column(as: [Link].JSONBRepresentation.self)
  var pastLinks: [Link] = []
}

@Selection
private struct Link: Codable, Equatable {
  var homepage: String = ""
  var updatedAt: Date = Date(timeIntervalSince1970: 0)
}

@Table
private struct Track: Codable, Equatable {
  let id: Int
  @Column("track_name")
  var trackName = ""
  @Column("track_tags", as: [String].JSONBRepresentation.self)
  var trackTags: [String] = []
}

@Selection
private struct Resume: Codable, Equatable {
  @Column(as: Author.JSONBRepresentation?.self)
  var author: Author?
}

@Table
private struct Bio: Codable, Equatable {
  let id: Int
  @Column(as: Resume.JSONBRepresentation.self)
  var resume = Resume()
}

@Table
private struct Session: Codable, Equatable {
  let id: Int
  @Column(as: UUID.BytesRepresentation.self)
  var token = UUID(0)
  @Column(as: UUID.BytesRepresentation?.self)
  var refresh: UUID?
}

extension UUID {
  /// The UUID whose last digits are `value`, as StructuredQueries' tests spell `UUID(0)`.
  fileprivate init(_ value: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012x", value))!
  }

  fileprivate static var deadbeef: UUID { UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")! }
}

extension Author {
  /// The author of StructuredQueries' seeded profile.
  fileprivate static var blob: Author {
    Author(
      name: "Blob",
      isVerified: true,
      joinedAt: Date(timeIntervalSince1970: 60 * 60 * 24),
      externalID: .deadbeef,
      links: Link(homepage: "pointfree.co", updatedAt: Date(timeIntervalSince1970: 60 * 60 * 36)),
      pastLinks: [Link(homepage: "example.com", updatedAt: Date(timeIntervalSince1970: 60 * 60 * 12))]
    )
  }
}

extension Post {
  /// StructuredQueries' seeded post.
  fileprivate static var first: Post {
    Post(id: 1, notes: ["First post", "An update"], optionalTags: ["swift"])
  }
}

/// TypedSQL's refusal to store JSONB on an SQLite before 3.45.
private func jsonbRefusal(_ db: any Database) -> DialectError {
  .unsupported(feature: "JSONB (needs SQLite 3.45.0)", dialect: db.dialect.name)
}

/// A row's values as text, `nil` for NULL: rows of tuples compare as these.
private func row(_ values: Any?...) -> String {
  values.map { $0.map { "\($0)" } ?? "nil" }.joined(separator: " | ")
}

extension LiveDatabase {
  /// Whether this database stores JSONB: PostgreSQL, and SQLite from 3.45.
  fileprivate var storesJSONB: Bool {
    self == .postgres || SQLiteVersion.linked >= SQLiteVersion(3, 45)
  }

  /// Creates StructuredQueries' tables of this file (JSONB columns are BLOB on SQLite, `jsonb` on
  /// PostgreSQL) and inserts its rows. Where JSONB cannot be stored (SQLite before 3.45), checks
  /// that TypedSQL refuses each JSONB row by name, inserts the rest, and returns false.
  @discardableResult
  fileprivate func createJSONBTables(_ db: any Database) throws -> Bool {
    let id = self == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "bigserial PRIMARY KEY"
    let integer = self == .sqlite ? "INTEGER" : "bigint"
    let text = self == .sqlite ? "TEXT" : "text"
    let jsonb = self == .sqlite ? "BLOB" : "jsonb"
    let bytes = self == .sqlite ? "BLOB" : "bytea"
    try db.execute(
      """
      CREATE TABLE "posts" ("id" \(id), "notes" \(jsonb) NOT NULL, "optionalTags" \(jsonb));
      CREATE TABLE "comments" ("id" \(id), "postID" \(integer) NOT NULL, "moderation" \(jsonb));
      CREATE TABLE "tracks" ("id" \(id), "track_name" \(text) NOT NULL, "track_tags" \(jsonb) NOT NULL);
      CREATE TABLE "profiles" ("id" \(id), "author" \(jsonb) NOT NULL, "editor" \(jsonb));
      CREATE TABLE "sessions" ("id" \(id), "token" \(bytes) NOT NULL, "refresh" \(bytes));
      CREATE TABLE "bios" ("id" \(id), "resume" \(jsonb) NOT NULL)
      """)
    try Session.insert { Session.Draft(token: .deadbeef) }.execute(db)
    let jsonbRows: [() throws -> Void] = [
      { try Post.insert { Post.Draft(notes: ["First post", "An update"], optionalTags: ["swift"]) }.execute(db) },
      { try Comment.insert { Comment.Draft(postID: 1, moderation: ["approved"]) }.execute(db) },
      { try Track.insert { Track.Draft(trackName: "Blob's Blues", trackTags: ["blues", "rnb"]) }.execute(db) },
      {
        try Bio.insert {
          Bio.Draft(resume: Resume(author: Author(name: "Blob Sr")))
          Bio.Draft(resume: Resume())
        }.execute(db)
      },
      {
        try Profile.insert {
          Profile.Draft(
            author: Author(
              name: "Blob",
              isVerified: true,
              joinedAt: Date(timeIntervalSince1970: 60 * 60 * 24),
              externalID: UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!,
              links: Link(
                homepage: "pointfree.co",
                updatedAt: Date(timeIntervalSince1970: 60 * 60 * 36)
              ),
              pastLinks: [
                Link(
                  homepage: "example.com",
                  updatedAt: Date(timeIntervalSince1970: 60 * 60 * 12)
                )
              ]
            ),
            editor: Author(name: "Blob Jr")
          )
        }.execute(db)
      },
    ]
    guard storesJSONB else {
      // SQLite stores JSONB from 3.45: an older one refuses each JSONB row by name.
      for insert in jsonbRows {
        #expect(throws: jsonbRefusal(db)) { try insert() }
      }
      return false
    }
    for insert in jsonbRows {
      try insert()
    }
    return true
  }
}

@Suite struct SuiteJSONBTests {
  @Test(arguments: LiveDatabase.allCases)
  func insertReturning(database: LiveDatabase) throws {
    try database.run { db in
      let stored = try database.createJSONBTables(db)
      let insert = Post.insert {
        Post.Draft(notes: ["Hello"])
      }
      .returning(\.self)
      guard stored else {
        #expect(throws: jsonbRefusal(db)) { try insert.fetchAll(db) }
        return
      }
      #expect(try insert.fetchAll(db) == [Post(id: 2, notes: ["Hello"], optionalTags: nil)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selectAll(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      #expect(try Post.all.fetchAll(db) == [.first])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selectColumn(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Post.select(\.notes).fetchAll(db)
      #expect(rows.map(\.queryOutput) == [["First post", "An update"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func whereClause(database: LiveDatabase) throws {
    try database.run { db in
      let stored = try database.createJSONBTables(db)
      let query = Post
        .where { $0.notes.eq(#bind(["First post", "An update"])) }
        .select(\.id)
      guard stored else {
        #expect(throws: jsonbRefusal(db)) { try query.fetchAll(db) }
        return
      }
      #expect(try query.fetchAll(db) == [1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func updateReturning(database: LiveDatabase) throws {
    try database.run { db in
      let stored = try database.createJSONBTables(db)
      let update = Post
        .update { $0.notes = #bind(["Edited"]) }
        .returning(\.notes)
      guard stored else {
        #expect(throws: jsonbRefusal(db)) { try update.fetchAll(db) }
        return
      }
      #expect(try update.fetchAll(db).map(\.queryOutput) == [["Edited"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func deleteReturning(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Post
        .delete()
        .returning { ($0.notes, $0.optionalTags) }
        .fetchAll(db)
      #expect(rows.map { row($0.0.queryOutput, $0.1?.queryOutput) } == [row(["First post", "An update"], ["swift"])])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonArrayLengthInSelect(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      #expect(try Post.select { $0.notes.jsonArrayLength() }.fetchAll(db) == [2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonArrayLengthInWhere(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Post
        .where { $0.notes.jsonArrayLength().gt(1) }
        .select(\.id)
        .fetchAll(db)
      #expect(rows == [1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonArrayLengthPath(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let profiles = try Profile.select {
        (
          $0.author.jsonArrayLength(\.pastLinks),
          $0.editor.map { $0.jsonArrayLength(\.pastLinks) }
        )
      }
      .fetchAll(db)
      #expect(profiles.map { row($0.0, $0.1 ?? nil) } == ["1 | 0"])
      let bios = try Bio.select { $0.resume.jsonArrayLength(\.author.pastLinks) }
        .fetchAll(db)
      // No order is asked for: the rows are compared sorted.
      #expect(bios.map { row($0) }.sorted() == ["0", "nil"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbGroupArray(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Post
        // Rewritten: `$0.trackName.jsonbGroupArray()` → `$0.trackName.jsonGroupArray()`
        // ("static method 'select' requires that 'Never' conform to 'QueryProjection'": it is
        // unavailable, "write 'jsonGroupArray(distinct:order:filter:)': one JSON array on both
        // databases (JSONB on PostgreSQL)"), and the subquery, a `JSONRepresentation`, is made the
        // column's `JSONBRepresentation` through its node ("cannot assign value of type
        // 'Select<Track.TableColumns,
        // PackRow<SQLQueryExpression<JSONRepresentation<[String]>>.Row>>.QueryValue'
        // (aka 'JSONRepresentation<Array<String>>') to type 'JSONBRepresentation<Array<String>>'").
        .update {
          $0.notes = SQLQueryExpression<[String].JSONBRepresentation>(
            node: Track.select { $0.trackName.jsonGroupArray() }.queryNode)
        }
        .returning(\.notes)
        .fetchAll(db)
      #expect(rows.map(\.queryOutput) == [["Blob's Blues"]])
      // Rewritten on PostgreSQL: SQLite's `typeof("notes")` → `pg_typeof("notes")::text`, and
      // SQLite's "blob" → PostgreSQL's "jsonb": the column holds binary JSON.
      let types: [String]
      if database == .sqlite {
        types = try Post.select { _ in #sql("typeof(\"notes\")", as: String.self) }.fetchAll(db)
      } else {
        types = try Post.select { _ in #sql("pg_typeof(\"notes\")::text", as: String.self) }.fetchAll(db)
      }
      #expect(types == [database == .sqlite ? "blob" : "jsonb"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbObject(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      // Rewritten: StructuredQueries snapshots the SQL of `Track.columns.jsonbObject()` and
      // `Track.columns.jsonbGroupArray()`; here they are selected, and their rows checked.
      // `jsonbObject()` → `jsonObject()` ("'jsonbObject()' is unavailable: write 'jsonObject()':
      // one JSON object on both databases (JSONB on PostgreSQL)"), `jsonbGroupArray()` →
      // `jsonGroupArray()` ("value of type 'Track.TableColumns' has no member 'jsonbGroupArray'").
      let track = Track(id: 1, trackName: "Blob's Blues", trackTags: ["blues", "rnb"])
      #expect(try Track.select { $0.jsonObject() }.fetchAll(db) == [track])
      #expect(try Track.select { $0.jsonGroupArray() }.fetchAll(db) == [[track]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonGroupArray(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      #expect(try Post.select { $0.jsonGroupArray() }.fetchAll(db) == [[.first]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonGroupArrayWithRenamedColumns(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      #expect(
        try Track.select { $0.jsonGroupArray() }.fetchAll(db) == [
          [Track(id: 1, trackName: "Blob's Blues", trackTags: ["blues", "rnb"])]
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonExtract(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile.select {
        (
          $0.author.jsonExtract(\.name),
          $0.author.jsonExtract(\.isVerified),
          $0.author.jsonExtract(\.joinedAt),
          $0.author.jsonExtract(\.externalID)
        )
      }
      .fetchAll(db)
      #expect(
        rows.map { row($0.0, $0.1, $0.2?.queryOutput, $0.3?.queryOutput) } == [
          row("Blob", true, Date(timeIntervalSince1970: 60 * 60 * 24), UUID.deadbeef)
        ])
      // The path names the column's key, as StructuredQueries renders `'$."is_verified"'`.
      #expect(try Profile.select { $0.author.jsonText(at: ["is_verified"]) }.fetchAll(db) == [database == .sqlite ? "1" : "true"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonExtractNested(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile.select {
        (
          $0.author.jsonExtract(\.links.homepage),
          $0.author.jsonExtract(\.links.updatedAt),
          $0.author.jsonExtract(\.pastLinks[0].homepage),
          $0.editor.map { $0.jsonExtract(\.name) }
        )
      }
      .fetchAll(db)
      #expect(
        rows.map { row($0.0, $0.1?.queryOutput, $0.2, $0.3 ?? nil) } == [
          row("pointfree.co", Date(timeIntervalSince1970: 60 * 60 * 36), "example.com", "Blob Jr")
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonExtractIdentity(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile.select { $0.author.jsonExtract(\.self) }.fetchAll(db)
      #expect(rows.map { $0?.queryOutput } == [.blob])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonGroupArrayOfColumns(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Post.select { ($0.notes.jsonGroupArray(), $0.optionalTags.jsonGroupArray()) }
        .fetchAll(db)
      #expect(rows.map(\.0.queryOutput) == [[["First post", "An update"]]])
      #expect(rows.map(\.1.queryOutput) == [[["swift"]]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonExtractIndex(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      // `\.[-1]`, the last element: PostgreSQL's path `{-1}`, SQLite's `$[#-1]`.
      let rows = try Post.select {
        ($0.notes.jsonExtract(\.[0]), $0.notes.jsonExtract(\.[-1]))
      }
      .fetchAll(db)
      #expect(rows.map { row($0.0, $0.1) } == [row("First post", "An update")])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbExtract(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile.select {
        (
          $0.author.jsonbExtract(\.name),
          $0.author.jsonbExtract(\.isVerified),
          $0.author.jsonbExtract(\.joinedAt),
          $0.author.jsonbExtract(\.externalID),
          $0.editor.map { $0.jsonbExtract(\.name) }
        )
      }
      .fetchAll(db)
      #expect(
        rows.map { row($0.0, $0.1, $0.2?.queryOutput, $0.3?.queryOutput, $0.4 ?? nil) } == [
          row("Blob", true, Date(timeIntervalSince1970: 60 * 60 * 24), UUID.deadbeef, "Blob Jr")
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbExtractDocument(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile.select {
        ($0.author.jsonbExtract(\.links), $0.author.jsonbExtract(\.pastLinks[0]))
      }
      .fetchAll(db)
      #expect(
        rows.map { $0.0?.queryOutput } == [
          Link(homepage: "pointfree.co", updatedAt: Date(timeIntervalSince1970: 60 * 60 * 36))
        ])
      #expect(
        rows.map { $0.1?.queryOutput } == [
          Link(homepage: "example.com", updatedAt: Date(timeIntervalSince1970: 60 * 60 * 12))
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbExtractThroughOptional(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Bio.select {
        (
          $0.resume.jsonbExtract(\.author.name),
          $0.resume.jsonbExtract(\.author.links.homepage)
        )
      }
      .fetchAll(db)
      // No order is asked for: the rows are compared sorted.
      #expect(rows.map { row($0.0, $0.1) }.sorted() == [row("Blob Sr", ""), row(nil, nil)])
    }
  }

  @Test("jsonSet on a JSONBRepresentation", arguments: LiveDatabase.allCases)
  func jsonSetOnAJSONBRepresentation(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Post.select { $0.notes.jsonSet(\.[0], "z") }.fetchAll(db)
      #expect(rows.map(\.queryOutput) == [["z", "An update"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbGetSet(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile
        .update {
          $0.author = $0.author.jsonbSet(\.links, $0.author.jsonbExtract(\.pastLinks[0]))
        }
        .returning(\.author)
        .fetchAll(db)
      var expected = Author.blob
      expected.links = Link(homepage: "example.com", updatedAt: Date(timeIntervalSince1970: 60 * 60 * 12))
      #expect(rows.map(\.queryOutput) == [expected])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbSet(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile
        .update {
          $0.author = $0.author
            .jsonbSet(\.name, "Blob, Esq.")
            .jsonbSet(\.isVerified, false)
            .jsonbSet(\.links.homepage, "pointfree.co/blog")
            // Rewritten: `#bind(Link(…))` → `Link(…)` ("macro 'bind' requires that 'Link' conform
            // to 'QueryRepresentable'")
            .jsonbSet(\.pastLinks[0], Link(homepage: "example.org"))
        }
        .returning(\.author)
        .fetchAll(db)
      var expected = Author.blob
      expected.name = "Blob, Esq."
      expected.isVerified = false
      expected.links.homepage = "pointfree.co/blog"
      expected.pastLinks = [Link(homepage: "example.org", updatedAt: Date(timeIntervalSince1970: 0))]
      #expect(rows.map(\.queryOutput) == [expected])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbInsertAndReplace(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let profiles = try Profile
        .update {
          $0.author = $0.author
            .jsonbInsert(\.nickname, "Blobby")
            .jsonbReplace(\.nickname, "Blobbo")
        }
        .returning(\.author)
        .fetchAll(db)
      var expected = Author.blob
      expected.nickname = "Blobbo"
      #expect(profiles.map(\.queryOutput) == [expected])
      let posts = try Post
        .update {
          $0.notes = $0.notes
            .jsonbReplace(\.[0], "Rewritten")
            .jsonbReplace(\.[1], "Revised")
        }
        .returning(\.notes)
        .fetchAll(db)
      #expect(posts.map(\.queryOutput) == [["Rewritten", "Revised"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbAppend(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let posts = try Post
        .update {
          $0.notes = $0.notes
            .jsonbAppend("Appended")
            .jsonbAppend("Amended")
        }
        .returning(\.notes)
        .fetchAll(db)
      #expect(posts.map(\.queryOutput) == [["First post", "An update", "Appended", "Amended"]])
      let profiles = try Profile
        .update {
          // Rewritten: `#bind(Link(…))` → `Link(…)` ("macro 'bind' requires that 'Link' conform
          // to 'QueryRepresentable'")
          $0.author = $0.author
            .jsonbInsert(\.nickname, "Blobby")
            .jsonbAppend(
              \.pastLinks,
              Link(homepage: "blob.example", updatedAt: Date(timeIntervalSince1970: 0))
            )
        }
        .returning(\.author)
        .fetchAll(db)
      var expected = Author.blob
      expected.nickname = "Blobby"
      expected.pastLinks.append(Link(homepage: "blob.example", updatedAt: Date(timeIntervalSince1970: 0)))
      #expect(profiles.map(\.queryOutput) == [expected])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbRemove(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let posts = try Post
        .update {
          $0.notes = $0.notes
            .jsonbRemove(\.[0])
            .jsonbRemove(\.[0])
        }
        .returning(\.notes)
        .fetchAll(db)
      #expect(posts.map(\.queryOutput) == [[]])
      let profiles = try Profile
        .update {
          $0.author = $0.author
            .jsonbInsert(\.nickname, "Blobby")
            .jsonbRemove(\.nickname)
        }
        .returning(\.author)
        .fetchAll(db)
      #expect(profiles.map(\.queryOutput) == [.blob])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbRemove_select(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Post
        .select { $0.notes.jsonbRemove(\.[0]) }
        .limit(1)
        .fetchAll(db)
      #expect(rows.map(\.queryOutput) == [["An update"]])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonExtractThroughOptional(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Bio.select {
        (
          $0.resume.jsonExtract(\.author.name),
          $0.resume.jsonExtract(\.author.links.homepage)
        )
      }
      .fetchAll(db)
      // No order is asked for: the rows are compared sorted.
      #expect(rows.map { row($0.0, $0.1) }.sorted() == [row("Blob Sr", ""), row(nil, nil)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonbMutateThroughOptional(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Bio
        .update {
          $0.resume = $0.resume
            .jsonbReplace(\.author.name, "Blob Sr, Esq.")
            .jsonbRemove(\.author.nickname)
        }
        .returning(\.resume)
        .fetchAll(db)
      // No order is asked for: the rows are compared as text, sorted.
      #expect(
        rows.map { "\($0.queryOutput)" }.sorted() == [
          Resume(author: Author(name: "Blob Sr, Esq.")),
          Resume(author: nil),
        ].map { "\($0)" }.sorted())
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonGroupArrayBytesUUID(database: LiveDatabase) throws {
    try database.run { db in
      // Its `sessions` row holds no JSONB: the rows are checked on both databases.
      try database.createJSONBTables(db)
      #expect(
        try Session.select { $0.jsonGroupArray() }.fetchAll(db) == [
          [Session(id: 1, token: .deadbeef, refresh: nil)]
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonExtractUUID(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile
        .where {
          // Rewritten: `.eq(uuid)` → `.eq(JSONRepresentation(queryOutput: uuid))`: a UUID in a
          // document is JSON (`jsonExtract` gives `JSONRepresentation<UUID>?`), compared as
          // `Codable` writes it.
          $0.author.jsonExtract(\.externalID)
            .eq(JSONRepresentation(queryOutput: UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!))
        }
        .select(\.id)
        .fetchAll(db)
      #expect(rows == [1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func updateReturningClosure(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile
        .update { $0.author = $0.author.jsonbSet(\.name, "Blob 2") }
        .returning { $0.author }
        .fetchAll(db)
      var expected = Author.blob
      expected.name = "Blob 2"
      #expect(rows.map(\.queryOutput) == [expected])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonExtractInWhere(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile
        .where { $0.author.jsonExtract(\.name).eq("Blob") }
        .select(\.id)
        .fetchAll(db)
      #expect(rows == [1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func join(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Post
        .join(Comment.all) { $0.id.eq($1.postID) }
        .fetchAll(db)
      #expect(rows.map(\.0) == [.first])
      #expect(rows.map(\.1) == [Comment(id: 1, postID: 1, moderation: ["approved"])])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func jsonGetSet(database: LiveDatabase) throws {
    try database.run { db in
      guard try database.createJSONBTables(db) else { return }
      let rows = try Profile.update {
        // Rewritten: the subquery is wrapped in `SQLQueryExpression(…)` ("cannot convert
        // value of type 'Select<Profile.TableColumns,
        // PackRow<SQLQueryExpression<JSONRepresentation<Array<Link>>?>.Row>>'
        // to expected argument type 'Array<Link>'").
        $0.author = $0.author.jsonbSet(
          \.pastLinks,
          SQLQueryExpression(Profile.select { $0.author.jsonExtract(\.pastLinks) }.limit(1))
        )
      }
      .returning(\.self)
      .fetchAll(db)
      #expect(rows == [Profile(id: 1, author: .blob, editor: Author(name: "Blob Jr"))])
    }
  }

  @Test("Multiple jsonSet's are fused", arguments: LiveDatabase.allCases)
  func multipleJsonSetsAreFused(database: LiveDatabase) throws {
    try database.run { db in
      // The profile is deleted first: the update writes no row, and needs no stored JSONB.
      try database.createJSONBTables(db)
      try Profile.delete().execute(db)
      let rows = try Profile.update {
        $0.author = $0.author
          .jsonbSet(\.name, "Blob")
          .jsonbSet(\.isVerified, false)
          .jsonbSet(\.nickname, Optional("blobbo"))
      }
      .returning(\.self)
      .fetchAll(db)
      #expect(rows == [])
    }
  }

  @Test("Multiple jsonReplace's are fused", arguments: LiveDatabase.allCases)
  func multipleJsonReplacesAreFused(database: LiveDatabase) throws {
    try database.run { db in
      // The profile is deleted first: the update writes no row, and needs no stored JSONB.
      try database.createJSONBTables(db)
      try Profile.delete().execute(db)
      let rows = try Profile.update {
        $0.author = $0.author
          .jsonbReplace(\.nickname, "blobbo1")
          .jsonbReplace(\.nickname, "blobbo2")
          .jsonbReplace(\.nickname, "blobbo3")
      }
      .returning(\.self)
      .fetchAll(db)
      #expect(rows == [])
    }
  }

  @Test("Multiple jsonInsert's are fused", arguments: LiveDatabase.allCases)
  func multipleJsonInsertsAreFused(database: LiveDatabase) throws {
    try database.run { db in
      // The profile is deleted first: the update writes no row, and needs no stored JSONB.
      try database.createJSONBTables(db)
      try Profile.delete().execute(db)
      let rows = try Profile.update {
        $0.author = $0.author
          .jsonbInsert(\.nickname, "blobbo1")
          .jsonbInsert(\.nickname, "blobbo2")
          .jsonbInsert(\.nickname, "blobbo3")
      }
      .returning(\.self)
      .fetchAll(db)
      #expect(rows == [])
    }
  }
}


