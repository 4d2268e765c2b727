#if TypedSQLCasePaths
  import Foundation
  import Testing
  import TypedSQL

  /// Seed 002/004's enum tables, SQLite and PostgreSQL side by side.
  @Suite struct EnumTableRenderingTests {
    @Table struct Attachment {
      let id: Int
      let kind: Kind

      @Selection
      enum Kind {
        case link(URL)
        case note(String)
        case image(URL)
      }
    }

    @Test func selectAll() {
      assertSQL(Attachment.all) {
        """
        SQLite:
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments"
        PostgreSQL:
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments"
        """
      }
    }

    @Test func filterByCase() {
      assertSQL(Attachment.where { $0.kind.image.isNot(nil) }) {
        """
        SQLite:
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments" WHERE ("attachments"."image" IS NOT NULL)
        PostgreSQL:
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments" WHERE ("attachments"."image" IS NOT NULL)
        """
      }
    }

    @Test func insertWritesNullToTheOtherCases() {
      assertSQL(Attachment.insert { Attachment.Draft(kind: .note("Hello world!")) }) {
        """
        SQLite:
          INSERT INTO "attachments" ("link", "note", "image") VALUES (?1, ?2, ?1)
          bindings: NULL, text("Hello world!")
        PostgreSQL:
          INSERT INTO "attachments" ("link", "note", "image") VALUES (NULL, $1, NULL)
          bindings: text("Hello world!")
        """
      }
    }

    @Test func updateWritesNullToTheOtherCases() {
      assertSQL(Attachment.update { $0.kind = .note("Goodbye world!") }) {
        """
        SQLite:
          UPDATE "attachments" SET "link" = ?1, "note" = ?2, "image" = ?1
          bindings: NULL, text("Goodbye world!")
        PostgreSQL:
          UPDATE "attachments" SET "link" = NULL, "note" = $1, "image" = NULL
          bindings: text("Goodbye world!")
        """
      }
    }

    @Test func filterByCasePath() {
      assertSQL(Attachment.where { $0.kind.is(\.note) }) {
        """
        SQLite:
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments" WHERE ("attachments"."note" IS NOT NULL)
        PostgreSQL:
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments" WHERE ("attachments"."note" IS NOT NULL)
        """
      }
    }

    @Test func filterByCaseValue() {
      assertSQL(Attachment.where { $0.kind.is(.note("Hi")) }) {
        """
        SQLite:
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments" WHERE ((("attachments"."link" IS NULL) AND (("attachments"."note" = ?1) AND ("attachments"."note" IS NOT NULL))) AND ("attachments"."image" IS NULL))
          bindings: text("Hi")
        PostgreSQL:
          SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image" FROM "attachments" WHERE ((("attachments"."link" IS NULL) AND (("attachments"."note" = $1) AND ("attachments"."note" IS NOT NULL))) AND ("attachments"."image" IS NULL))
          bindings: text("Hi")
        """
      }
    }

    @Test func updateOfOneCaseWritesNullToTheOthers() {
      assertSQL(Attachment.update { $0.kind.note = "Hi" }) {
        """
        SQLite:
          UPDATE "attachments" SET "note" = ?1, "link" = ?2, "image" = ?2
          bindings: text("Hi"), NULL
        PostgreSQL:
          UPDATE "attachments" SET "note" = $1, "link" = NULL, "image" = NULL
          bindings: text("Hi")
        """
      }
    }

    @Test func caseAsARowOfValues() {
      assertSQL(Values(Attachment.Kind.Selection.note("Hi"))) {
        """
        SQLite:
          SELECT ?1, ?2, ?1
          bindings: NULL, text("Hi")
        PostgreSQL:
          SELECT NULL, $1, NULL
          bindings: text("Hi")
        """
      }
    }

    @Test func caseAsARowOfAnExpression() {
      assertSQL(Values(Attachment.Kind.Selection.note(#sql("upper('hi')")))) {
        """
        SQLite:
          SELECT ?1, upper('hi'), ?1
          bindings: NULL
        PostgreSQL:
          SELECT NULL, upper('hi'), NULL
        """
      }
    }

    // An enum whose cases share the table itself: `@Table enum`.

    @Selection struct Photo {
      let url: URL
      var caption = ""
    }

    @Table enum Post {
      case photo(EnumTableRenderingTests.Photo)
      @Column("body")
      case note(String)
    }

    @Test func enumTableSelectAll() {
      assertSQL(Post.all) {
        """
        SQLite:
          SELECT "posts"."url", "posts"."caption", "posts"."body" FROM "posts"
        PostgreSQL:
          SELECT "posts"."url", "posts"."caption", "posts"."body" FROM "posts"
        """
      }
    }

    @Test func enumTableInsertWritesNullToTheOtherCases() {
      assertSQL(Post.insert { Post.note("Hello") }) {
        """
        SQLite:
          INSERT INTO "posts" ("url", "caption", "body") VALUES (?1, ?1, ?2)
          bindings: NULL, text("Hello")
        PostgreSQL:
          INSERT INTO "posts" ("url", "caption", "body") VALUES (NULL, NULL, $1)
          bindings: text("Hello")
        """
      }
    }

    @Test func enumTableRowOfOneCase() {
      assertSQL(Values(Post.Selection.photo(Photo(url: URL(string: "https://example.com/a.png")!, caption: "A")))) {
        """
        SQLite:
          SELECT ?1, ?2, ?3
          bindings: text("https://example.com/a.png"), text("A"), NULL
        PostgreSQL:
          SELECT $1, $2, NULL
          bindings: text("https://example.com/a.png"), text("A")
        """
      }
    }

    @Test func enumTableFilterByCase() {
      assertSQL(Post.where { $0.photo.isNot(nil) && $0.photo.caption == "A" }) {
        """
        SQLite:
          SELECT "posts"."url", "posts"."caption", "posts"."body" FROM "posts" WHERE ((NOT (("posts"."url" IS NULL) AND ("posts"."caption" IS NULL))) AND ("posts"."caption" = ?1))
          bindings: text("A")
        PostgreSQL:
          SELECT "posts"."url", "posts"."caption", "posts"."body" FROM "posts" WHERE ((NOT (("posts"."url" IS NULL) AND ("posts"."caption" IS NULL))) AND ("posts"."caption" = $1))
          bindings: text("A")
        """
      }
    }

    @Test func enumTableUpdateOfOneCaseWritesNullToTheOthers() {
      assertSQL(Post.update { $0.note = "Hi" }) {
        """
        SQLite:
          UPDATE "posts" SET "body" = ?1, "url" = ?2, "caption" = ?2
          bindings: text("Hi"), NULL
        PostgreSQL:
          UPDATE "posts" SET "body" = $1, "url" = NULL, "caption" = NULL
          bindings: text("Hi")
        """
      }
    }

    @Test func enumTableUpdateOfAGroupCaseWritesNullToTheOthers() {
      assertSQL(Post.update { $0.photo = Photo(url: URL(string: "https://example.com/b.png")!, caption: "B") }) {
        """
        SQLite:
          UPDATE "posts" SET "url" = ?1, "caption" = ?2, "body" = ?3
          bindings: text("https://example.com/b.png"), text("B"), NULL
        PostgreSQL:
          UPDATE "posts" SET "url" = $1, "caption" = $2, "body" = NULL
          bindings: text("https://example.com/b.png"), text("B")
        """
      }
    }
  }
#endif
