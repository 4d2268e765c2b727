#if TypedSQLCasePaths
  import Foundation
  import Testing
  import TypedSQL
  import TypedSQLTestServers
  import TypedSQLMySQL
  import TypedSQLPostgres
  import TypedSQLSQLite

  /// Enum tables (single-table inheritance) from seeds 002 and 004, and an enum that is the table
  /// itself, on SQLite, PostgreSQL and MariaDB.
  @Suite struct EnumTableTests {
    @Table struct Attachment: Equatable {
      let id: Int
      let kind: Kind

      @CasePathable @Selection
      enum Kind: Equatable {
        case link(URL)
        case note(String)
        case image(URL)
      }
    }

    @Table("attachments") struct GroupedAttachment: Equatable {
      let id: Int
      let kind: Kind

      @CasePathable @Selection
      enum Kind: Equatable {
        case link(URL)
        case note(String)
        case image(EnumTableTests.GroupedAttachment.Image)
      }

      @Selection struct Image: Equatable {
        var caption = ""
        var url: URL
      }
    }

    static let site = URL(string: "https://example.com/a?b=c")!
    static let photo = URL(string: "https://example.com/photo.jpg")!

    @Test func seedSQL() throws {
      #expect(try Attachment.all.renderForDisplay(in: .sqlite) == #"SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments""#)
      // The seed writes the condition without its parentheses.
      #expect(try Attachment.where { $0.kind.image.isNot(nil) }.renderForDisplay(in: .sqlite).hasSuffix(#"FROM "attachments" WHERE ("attachments"."image" IS NOT NULL)"#))
      // The seed inserts NULL for the draft's id; TypedSQL leaves a nil key to the database.
      #expect(try Attachment.insert { Attachment.Draft(kind: .note("Hello world!")) }.renderForDisplay(in: .sqlite) == #"INSERT INTO "attachments" ("link", "note", "image") VALUES (NULL, 'Hello world!', NULL)"#)
      #expect(try Attachment.update { $0.kind = .note("Goodbye world!") }.renderForDisplay(in: .sqlite) == #"UPDATE "attachments" SET "link" = NULL, "note" = 'Goodbye world!', "image" = NULL"#)
      #expect(try GroupedAttachment.all.renderForDisplay(in: .sqlite) == #"SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."caption", "attachments"."url" FROM "attachments""#)
    }

    static func check(_ db: some Database) throws {
      try Attachment.insert {
        Attachment.Draft(kind: .link(site))
        Attachment.Draft(kind: .note("Hello world!"))
        Attachment.Draft(kind: .image(photo))
      }.execute(db)
      #expect(try Attachment.order { $0.id }.fetchAll(db) == [
        Attachment(id: 1, kind: .link(site)), Attachment(id: 2, kind: .note("Hello world!")),
        Attachment(id: 3, kind: .image(photo)),
      ])
      #expect(try Attachment.where { $0.kind.image.isNot(nil) }.select { $0.id }.fetchAll(db) == [3])
      try Attachment.find(1).update { $0.kind = .note("Goodbye world!") }.execute(db)
      #expect(try Attachment.find(1).fetchOne(db) == Attachment(id: 1, kind: .note("Goodbye world!")))
      #expect(try Attachment.where { $0.kind.link.isNot(nil) }.count().fetchOne(db) == 0)
    }

    static func checkGrouped(_ db: some Database) throws {
      try GroupedAttachment.insert {
        GroupedAttachment.Draft(kind: .image(GroupedAttachment.Image(caption: "Sunset", url: photo)))
        GroupedAttachment.Draft(kind: .link(site))
      }.execute(db)
      #expect(try GroupedAttachment.order { $0.id }.fetchAll(db) == [
        GroupedAttachment(id: 1, kind: .image(GroupedAttachment.Image(caption: "Sunset", url: photo))),
        GroupedAttachment(id: 2, kind: .link(site)),
      ])
      #expect(try GroupedAttachment.where { $0.kind.image.caption == "Sunset" }.select { $0.id }.fetchAll(db) == [1])
      #expect(try GroupedAttachment.where { $0.kind.image.isNot(nil) }.select { $0.id }.fetchAll(db) == [1])
      #expect(try GroupedAttachment.where { $0.kind.image.is(nil) }.select { $0.id }.fetchAll(db) == [2])
    }

    /// An enum that is the table itself: each case in columns of its own, no primary key.
    @Table enum Post: Equatable {
      case photo(EnumTableTests.GroupedAttachment.Image)
      @Column("body") case note(String)
      @Column(as: [String].JSONRepresentation.self) case tags([String])
    }

    static func checkEnumAsTable(_ db: some Database) throws {
      let image = GroupedAttachment.Image(caption: "Sunset", url: photo)
      try Post.insert {
        Post.note("Hello")
        Post.photo(image)
        Post.tags(["a", "b"])
      }.execute(db)
      #expect(try Post.all.fetchAll(db) == [.note("Hello"), .photo(image), .tags(["a", "b"])])
      #expect(try Post.where { $0.photo.caption == "Sunset" }.fetchAll(db) == [.photo(image)])
      // Assigning one case clears the others' columns: the photo becomes a note.
      try Post.where { $0.photo.isNot(nil) }.update { $0.note = "Was a photo" }.execute(db)
      #expect(try Post.where { $0.note.isNot(nil) }.count().fetchOne(db) == 2)
      #expect(try Post.where { $0.photo.isNot(nil) }.count().fetchOne(db) == 0)
      // A case's row built from an expression, inserted and selected.
      try Post.insert { Post.Columns.note(#sql("'made in SQL'")) }.execute(db)
      #expect(try Values(Post.Selection.tags(["c"])).fetchAll(db) == [.tags(["c"])])
      #expect(try Post.where { $0.note == "made in SQL" }.fetchAll(db) == [.note("made in SQL")])
    }

    @Test func sqlite() throws {
      try onSQLite(schema: #"CREATE TABLE "attachments" ("id" INTEGER PRIMARY KEY, "link" TEXT, "note" TEXT, "image" TEXT) STRICT"#) {
        try Self.check($0)
      }
      try onSQLite(schema: #"CREATE TABLE "attachments" ("id" INTEGER PRIMARY KEY, "link" TEXT, "note" TEXT, "caption" TEXT, "url" TEXT) STRICT"#) {
        try Self.checkGrouped($0)
      }
      try onSQLite(schema: #"CREATE TABLE "posts" ("caption" TEXT, "url" TEXT, "body" TEXT, "tags" TEXT) STRICT"#) {
        try Self.checkEnumAsTable($0)
      }
    }

    @Test(.enabled(if: PostgresTestServer.suitesRun))
    func postgres() throws {
      try onPostgres(schema: #"CREATE TABLE "attachments" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "link" text, "note" text, "image" text)"#) {
        try Self.check($0)
      }
      try onPostgres(schema: #"CREATE TABLE "attachments" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "link" text, "note" text, "caption" text, "url" text)"#) {
        try Self.checkGrouped($0)
      }
      try onPostgres(schema: #"CREATE TABLE "posts" ("caption" text, "url" text, "body" text, "tags" jsonb)"#) {
        try Self.checkEnumAsTable($0)
      }
    }

    @Test(.enabled(if: MySQLTestServer.suitesRun))
    func mariaDB() throws {
      try onMySQL(schema: #"CREATE TABLE "attachments" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "link" text, "note" text, "image" text)"#) {
        try Self.check($0)
      }
      try onMySQL(schema: #"CREATE TABLE "attachments" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "link" text, "note" text, "caption" text, "url" text)"#) {
        try Self.checkGrouped($0)
      }
      try onMySQL(schema: #"CREATE TABLE "posts" ("caption" text, "url" text, "body" text, "tags" json)"#) {
        try Self.checkEnumAsTable($0)
      }
    }
  }
#endif
