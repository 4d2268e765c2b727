import Foundation
import TypedSQL

// Tables whose rows the JSON checks build as JSON documents: a value of every JSON form
// (Booleans, bytes, nested JSON), dates and UUIDs in several representations, a column group,
// and a table wider than one call of a JSON object function takes.

@Table("shelves") struct Shelf: Codable, Equatable {
  let id: Int
  var name = ""
}

@Selection struct Size: Codable, Equatable {
  var width: Double
  var height: Double?
}

@Table struct Item: Codable, Equatable {
  let id: Int
  var shelfID: Int
  var title = ""
  var isDone = false
  var addedAt: Date
  var token: UUID
  @Column(as: UUID.BytesRepresentation.self) var rawToken: UUID
  @Column(as: Date.UnixTimeRepresentation?.self) var seenAt: Date?
  @Column(as: Date.JulianDayRepresentation.self) var dueAt: Date
  var digest: [UInt8] = []
  @Column(as: [String].JSONRepresentation.self) var labels: [String] = []
  var score: Double?
  var count: Int
  var size: Size
}

@Table struct WideRow: Equatable {
  let id: Int
  var c1: Int?
  var c2: Int?
  var c3: Int?
  var c4: Int?
  var c5: Int?
  var c6: Int?
  var c7: Int?
  var c8: Int?
  var c9: Int?
  var c10: Int?
  var c11: Int?
  var c12: Int?
  var c13: Int?
  var c14: Int?
  var c15: Int?
  var c16: Int?
  var c17: Int?
  var c18: Int?
  var c19: Int?
  var c20: Int?
  var c21: Int?
  var c22: Int?
  var c23: Int?
  var c24: Int?
  var c25: Int?
  var c26: Int?
  var c27: Int?
  var c28: Int?
  var c29: Int?
  var c30: Int?
  var c31: Int?
  var c32: Int?
  var c33: Int?
  var c34: Int?
  var c35: Int?
  var c36: Int?
  var c37: Int?
  var c38: Int?
  var c39: Int?
  var c40: Int?
  var c41: Int?
  var c42: Int?
  var c43: Int?
  var c44: Int?
  var c45: Int?
  var c46: Int?
  var c47: Int?
  var c48: Int?
  var c49: Int?
  var c50: Int?
  var c51: Int?
  var c52: Int?
}

/// Dates inside a JSON document.
@Table struct Stamp: Equatable {
  let id: Int
  @Column(as: [Date].JSONRepresentation.self) var dates: [Date]
}

/// A row that is also `Codable`, whose rows built as JSON fill a `JSONRepresentation` field: a
/// value of every form `Codable` shares with a row's JSON.
@Table struct Note: Codable, Equatable {
  let id: Int
  var shelfID: Int
  var title = ""
  var isPinned = false
  var writtenAt: Date
  var token: UUID
  @Column(as: UUID.BytesRepresentation.self) var rawToken: UUID
  @Column(as: Date.UnixTimeRepresentation?.self) var seenAt: Date?
  @Column(as: Date.JulianDayRepresentation.self) var dueAt: Date
  @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
  var score: Double?
}

/// A shelf with its notes, as StructuredQueries' users write a row with a list.
@Selection struct ShelfWithNotes: Equatable {
  let shelf: Shelf
  @Column(as: [Note].JSONRepresentation.self) let notes: [Note]
}

/// A `Codable` row with renamed columns: `@Table` makes its `CodingKeys` the column names.
@Table struct Sticker: Codable, Equatable {
  let id: Int
  var shelfID: Int
  @Column("sticker_text") var text: String
  @Column("placed_at", as: Date.UnixTimeRepresentation?.self) var placedAt: Date?
}

/// A shelf with its stickers, built as JSON and decoded through `Codable`.
@Selection struct ShelfWithStickers: Equatable {
  let shelf: Shelf
  @Column(as: [Sticker].JSONRepresentation.self) let stickers: [Sticker]
}

/// A shelf with its items, whose column group and bytes `Codable` reads in other forms than a
/// row's JSON.
@Selection struct ShelfWithItems: Equatable {
  let shelf: Shelf
  @Column(as: [Item].JSONRepresentation.self) let items: [Item]
}

/// A JSON document the edit checks change, whose members typed paths name.
@JSONPaths struct Settings: Codable, Equatable, Sendable {
  var theme: String?
  var sizes: [Int]?
  var flags: [String: Bool]?
  var enabled: Bool?
  var owner: String?
}

@Table struct Preference: Equatable {
  let id: Int
  var name = ""
  var isOn = false
  @Column(as: Settings.JSONRepresentation.self) var settings: Settings
  @Column(as: Settings.JSONRepresentation?.self) var backup: Settings?
  @Column(as: [String: Int].JSONRepresentation.self) var scores: [String: Int] = [:]
  @Column(as: [[String]].JSONRepresentation.self) var grid: [[String]] = []
}

/// An enum stored as JSON: an object of one member, keyed by its case's column name.
@Selection enum Shape: Codable, Equatable, Sendable {
  case circle(Double)
  case label(String)
  @Column("box") case rectangle(Size)
}

/// A document holding an enum that may be absent.
@Selection struct Drawing: Codable, Equatable, Sendable {
  var title: String
  var shape: Shape?
}

@Table struct Sketch: Equatable {
  let id: Int
  @Column(as: Shape.JSONRepresentation.self) var shape: Shape
  @Column(as: Drawing.JSONRepresentation.self) var drawing: Drawing
}

let sqliteJSONSchema = """
  CREATE TABLE "shelves" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL) STRICT;
  CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "shelfID" INTEGER NOT NULL REFERENCES "shelves"("id"),
    "title" TEXT NOT NULL, "isDone" INTEGER NOT NULL, "addedAt" TEXT NOT NULL, "token" TEXT NOT NULL,
    "rawToken" BLOB NOT NULL, "seenAt" INTEGER, "dueAt" REAL NOT NULL, "digest" BLOB NOT NULL,
    "labels" TEXT NOT NULL, "score" REAL, "count" INTEGER NOT NULL, "width" REAL NOT NULL, "height" REAL) STRICT;
  CREATE TABLE "preferences" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "isOn" INTEGER NOT NULL,
    "settings" TEXT NOT NULL, "backup" TEXT, "scores" TEXT NOT NULL, "grid" TEXT NOT NULL) STRICT;
  CREATE TABLE "stamps" ("id" INTEGER PRIMARY KEY, "dates" TEXT NOT NULL) STRICT;
  CREATE TABLE "sketches" ("id" INTEGER PRIMARY KEY, "shape" TEXT NOT NULL, "drawing" TEXT NOT NULL) STRICT;
  CREATE TABLE "stickers" ("id" INTEGER PRIMARY KEY, "shelfID" INTEGER NOT NULL, "sticker_text" TEXT NOT NULL,
    "placed_at" INTEGER) STRICT;
  CREATE TABLE "notes" ("id" INTEGER PRIMARY KEY, "shelfID" INTEGER NOT NULL REFERENCES "shelves"("id"),
    "title" TEXT NOT NULL, "isPinned" INTEGER NOT NULL, "writtenAt" TEXT NOT NULL, "token" TEXT NOT NULL,
    "rawToken" BLOB NOT NULL, "seenAt" INTEGER, "dueAt" REAL NOT NULL, "tags" TEXT NOT NULL, "score" REAL) STRICT;
  CREATE TABLE "wideRows" ("id" INTEGER PRIMARY KEY, "c1" INTEGER, "c2" INTEGER, "c3" INTEGER, "c4" INTEGER, "c5" INTEGER, "c6" INTEGER, "c7" INTEGER, "c8" INTEGER, "c9" INTEGER, "c10" INTEGER, "c11" INTEGER, "c12" INTEGER, "c13" INTEGER, "c14" INTEGER, "c15" INTEGER, "c16" INTEGER, "c17" INTEGER, "c18" INTEGER, "c19" INTEGER, "c20" INTEGER, "c21" INTEGER, "c22" INTEGER, "c23" INTEGER, "c24" INTEGER, "c25" INTEGER, "c26" INTEGER, "c27" INTEGER, "c28" INTEGER, "c29" INTEGER, "c30" INTEGER, "c31" INTEGER, "c32" INTEGER, "c33" INTEGER, "c34" INTEGER, "c35" INTEGER, "c36" INTEGER, "c37" INTEGER, "c38" INTEGER, "c39" INTEGER, "c40" INTEGER, "c41" INTEGER, "c42" INTEGER, "c43" INTEGER, "c44" INTEGER, "c45" INTEGER, "c46" INTEGER, "c47" INTEGER, "c48" INTEGER, "c49" INTEGER, "c50" INTEGER, "c51" INTEGER, "c52" INTEGER) STRICT;
  """

let postgresJSONSchema = """
  CREATE TABLE "shelves" ("id" bigint PRIMARY KEY, "name" text NOT NULL);
  CREATE TABLE "items" ("id" bigint PRIMARY KEY, "shelfID" bigint NOT NULL REFERENCES "shelves"("id"),
    "title" text NOT NULL, "isDone" boolean NOT NULL, "addedAt" timestamptz NOT NULL, "token" uuid NOT NULL,
    "rawToken" bytea NOT NULL, "seenAt" bigint, "dueAt" double precision NOT NULL, "digest" bytea NOT NULL,
    "labels" jsonb NOT NULL, "score" double precision, "count" bigint NOT NULL, "width" double precision NOT NULL,
    "height" double precision);
  CREATE TABLE "preferences" ("id" bigint PRIMARY KEY, "name" text NOT NULL, "isOn" boolean NOT NULL,
    "settings" jsonb NOT NULL, "backup" jsonb, "scores" jsonb NOT NULL, "grid" jsonb NOT NULL);
  CREATE TABLE "stamps" ("id" bigint PRIMARY KEY, "dates" jsonb NOT NULL);
  CREATE TABLE "sketches" ("id" bigint PRIMARY KEY, "shape" jsonb NOT NULL, "drawing" jsonb NOT NULL);
  CREATE TABLE "stickers" ("id" bigint PRIMARY KEY, "shelfID" bigint NOT NULL, "sticker_text" text NOT NULL,
    "placed_at" bigint);
  CREATE TABLE "notes" ("id" bigint PRIMARY KEY, "shelfID" bigint NOT NULL REFERENCES "shelves"("id"),
    "title" text NOT NULL, "isPinned" boolean NOT NULL, "writtenAt" timestamptz NOT NULL, "token" uuid NOT NULL,
    "rawToken" bytea NOT NULL, "seenAt" bigint, "dueAt" double precision NOT NULL, "tags" jsonb NOT NULL,
    "score" double precision);
  CREATE TABLE "wideRows" ("id" bigint PRIMARY KEY, "c1" bigint, "c2" bigint, "c3" bigint, "c4" bigint, "c5" bigint, "c6" bigint, "c7" bigint, "c8" bigint, "c9" bigint, "c10" bigint, "c11" bigint, "c12" bigint, "c13" bigint, "c14" bigint, "c15" bigint, "c16" bigint, "c17" bigint, "c18" bigint, "c19" bigint, "c20" bigint, "c21" bigint, "c22" bigint, "c23" bigint, "c24" bigint, "c25" bigint, "c26" bigint, "c27" bigint, "c28" bigint, "c29" bigint, "c30" bigint, "c31" bigint, "c32" bigint, "c33" bigint, "c34" bigint, "c35" bigint, "c36" bigint, "c37" bigint, "c38" bigint, "c39" bigint, "c40" bigint, "c41" bigint, "c42" bigint, "c43" bigint, "c44" bigint, "c45" bigint, "c46" bigint, "c47" bigint, "c48" bigint, "c49" bigint, "c50" bigint, "c51" bigint, "c52" bigint);
  """

/// The JSON tables on MariaDB: JSON in `json` columns (`LONGTEXT` checked by `JSON_VALID`), UUIDs as
/// text, Booleans in `tinyint(1)`, instants in `datetime(6)`.
let mysqlJSONSchema = """
  CREATE TABLE "shelves" ("id" bigint PRIMARY KEY, "name" longtext NOT NULL);
  CREATE TABLE "items" ("id" bigint PRIMARY KEY, "shelfID" bigint NOT NULL REFERENCES "shelves"("id"),
    "title" longtext NOT NULL, "isDone" tinyint(1) NOT NULL, "addedAt" datetime(6) NOT NULL, "token" char(36) NOT NULL,
    "rawToken" longblob NOT NULL, "seenAt" bigint, "dueAt" double NOT NULL, "digest" longblob NOT NULL,
    "labels" json NOT NULL, "score" double, "count" bigint NOT NULL, "width" double NOT NULL,
    "height" double);
  CREATE TABLE "preferences" ("id" bigint PRIMARY KEY, "name" longtext NOT NULL, "isOn" tinyint(1) NOT NULL,
    "settings" json NOT NULL, "backup" json, "scores" json NOT NULL, "grid" json NOT NULL);
  CREATE TABLE "stamps" ("id" bigint PRIMARY KEY, "dates" json NOT NULL);
  CREATE TABLE "sketches" ("id" bigint PRIMARY KEY, "shape" json NOT NULL, "drawing" json NOT NULL);
  CREATE TABLE "stickers" ("id" bigint PRIMARY KEY, "shelfID" bigint NOT NULL, "sticker_text" longtext NOT NULL,
    "placed_at" bigint);
  CREATE TABLE "notes" ("id" bigint PRIMARY KEY, "shelfID" bigint NOT NULL REFERENCES "shelves"("id"),
    "title" longtext NOT NULL, "isPinned" tinyint(1) NOT NULL, "writtenAt" datetime(6) NOT NULL, "token" char(36) NOT NULL,
    "rawToken" longblob NOT NULL, "seenAt" bigint, "dueAt" double NOT NULL, "tags" json NOT NULL,
    "score" double);
  CREATE TABLE "wideRows" ("id" bigint PRIMARY KEY, "c1" bigint, "c2" bigint, "c3" bigint, "c4" bigint, "c5" bigint, "c6" bigint, "c7" bigint, "c8" bigint, "c9" bigint, "c10" bigint, "c11" bigint, "c12" bigint, "c13" bigint, "c14" bigint, "c15" bigint, "c16" bigint, "c17" bigint, "c18" bigint, "c19" bigint, "c20" bigint, "c21" bigint, "c22" bigint, "c23" bigint, "c24" bigint, "c25" bigint, "c26" bigint, "c27" bigint, "c28" bigint, "c29" bigint, "c30" bigint, "c31" bigint, "c32" bigint, "c33" bigint, "c34" bigint, "c35" bigint, "c36" bigint, "c37" bigint, "c38" bigint, "c39" bigint, "c40" bigint, "c41" bigint, "c42" bigint, "c43" bigint, "c44" bigint, "c45" bigint, "c46" bigint, "c47" bigint, "c48" bigint, "c49" bigint, "c50" bigint, "c51" bigint, "c52" bigint);
  """
