import Foundation
import TypedSQL

// Tables of the literal and name safety regressions: values written into views and triggers as
// literals, names that differ only in their bytes, and names at PostgreSQL's 63-byte limit.

@Table("lit_sources") struct LiteralSource: Equatable {
  let id: Int
  var name = ""
}

/// A view of `lit_sources`, or of constants written into a view.
@Table("lit_view") struct LiteralView: Equatable {
  let id: Int
  var name = ""
}

/// A view of one row of constants of every kind.
@Table("lit_constants") struct LiteralConstants: Equatable {
  let id: Int
  var text: String
  var ratio: Double
  var bytes: [UInt8]
  var big: Int
}

/// Where triggers write the literals they hold.
@Table("lit_log") struct LiteralLog: Equatable {
  let id: Int
  var text: String
  var ratio: Double
}

/// A table a successful injection would empty.
@Table("canary") struct Canary: Equatable {
  let id: Int
}

/// Two tables whose names are canonically equivalent but spelled with other bytes: é precomposed
/// and decomposed.
@Table("caf\u{E9}") struct PrecomposedCafe: Equatable {
  let id: Int
}

@Table("cafe\u{301}") struct DecomposedCafe: Equatable {
  let id: Int
}

/// Two tables whose names differ only in their 64th byte: PostgreSQL keeps 63.
@Table("lllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllA") struct LongNameA: Equatable {
  let id: Int
}

@Table("lllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllB") struct LongNameB: Equatable {
  let id: Int
}

/// A table whose name is exactly 63 bytes long, which PostgreSQL keeps whole.
@Table("mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm") struct LongestName: Equatable {
  let id: Int
}

/// A JSON document of string members.
@Table("json_docs") struct JSONDoc: Equatable {
  let id: Int
  @Column(as: [String: String].JSONRepresentation.self) var doc: [String: String] = [:]
}

let sqliteLiteralSafetySchema = """
  CREATE TABLE "lit_sources" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL) STRICT;
  CREATE TABLE "lit_log" ("id" INTEGER PRIMARY KEY, "text" TEXT NOT NULL, "ratio" REAL NOT NULL) STRICT;
  CREATE TABLE "canary" ("id" INTEGER PRIMARY KEY) STRICT;
  CREATE TABLE "caf\u{E9}" ("id" INTEGER PRIMARY KEY) STRICT;
  CREATE TABLE "cafe\u{301}" ("id" INTEGER PRIMARY KEY) STRICT;
  CREATE TABLE "json_docs" ("id" INTEGER PRIMARY KEY, "doc" TEXT NOT NULL) STRICT;
  INSERT INTO "canary" VALUES (1), (2);
  """

let postgresLiteralSafetySchema = """
  CREATE TABLE "lit_sources" ("id" bigint PRIMARY KEY, "name" text NOT NULL);
  CREATE TABLE "lit_log" ("id" bigint PRIMARY KEY, "text" text NOT NULL, "ratio" double precision NOT NULL);
  CREATE TABLE "canary" ("id" bigint PRIMARY KEY);
  CREATE TABLE "caf\u{E9}" ("id" bigint PRIMARY KEY);
  CREATE TABLE "cafe\u{301}" ("id" bigint PRIMARY KEY);
  CREATE TABLE "json_docs" ("id" bigint PRIMARY KEY, "doc" jsonb NOT NULL);
  INSERT INTO "canary" VALUES (1), (2);
  """

/// The tables the MariaDB literal fuzz reads: literals and views only (it has no triggers, JSON
/// paths or full-text search to fuzz there).
let mysqlLiteralSafetySchema = """
  CREATE TABLE "lit_sources" ("id" bigint PRIMARY KEY, "name" text NOT NULL);
  CREATE TABLE "canary" ("id" bigint PRIMARY KEY);
  INSERT INTO "canary" VALUES (1), (2);
  """
