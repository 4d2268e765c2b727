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
  }
#endif
