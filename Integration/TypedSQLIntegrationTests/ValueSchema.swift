import Foundation
import TypedSQL

// Tables with a column for every value representation, and their schemas on both databases.

@Table struct Event: Equatable {
  let id: Int
  var at: Date
  @Column(as: Date.ISO8601Representation.self) var isoAt: Date
  @Column(as: Date.UnixTimeRepresentation.self) var unixAt: Date
  @Column(as: Date.JulianDayRepresentation.self) var julianAt: Date
  var optionalAt: Date?
}

@Table struct Token: Equatable {
  let id: Int
  var uuid: UUID
  @Column(as: UUID.UppercasedRepresentation.self) var upper: UUID
  @Column(as: UUID.BytesRepresentation.self) var bytes: UUID
  var optionalUUID: UUID?
}

struct Metadata: Codable, Equatable, Sendable {
  var label: String
  var tags: [String]
  var score: Double?
}

@Table struct Document: Equatable {
  let id: Int
  @Column(as: [String].JSONRepresentation.self) var notes: [String]
  @Column(as: Metadata.JSONRepresentation.self) var metadata: Metadata
  @Column(as: [Int].JSONRepresentation?.self) var optionalNumbers: [Int]?
}

enum Status: String, QueryBindable {
  case open, done
}

enum Level: Int, QueryBindable {
  case low = 1, medium, high
}

@Table struct Chore: Equatable {
  let id: Int
  var status: Status
  var level: Level?
}

/// A raw-value type that does not conform to `QueryBindable`.
enum Mood: String {
  case calm, busy
}

/// A table storing `Mood` through its raw value, without conforming it.
@Table struct Day: Equatable {
  let id: Int
  @Column(as: Mood.RawRepresentation.self) var mood: Mood
  @Column(as: Mood.RawRepresentation?.self) var lastMood: Mood?
}

@Table struct Gauge: Equatable {
  let id: Int
  var tiny: Int8
  var small: Int16
  var medium: Int32
  var unsigned: UInt
  var wide: UInt64
  var ratio: Float
}

let sqliteValueSchema = """
  CREATE TABLE "events" ("id" INTEGER PRIMARY KEY, "at" TEXT NOT NULL, "isoAt" TEXT NOT NULL,
    "unixAt" INTEGER NOT NULL, "julianAt" REAL NOT NULL, "optionalAt" TEXT) STRICT;
  CREATE TABLE "tokens" ("id" INTEGER PRIMARY KEY, "uuid" TEXT NOT NULL, "upper" TEXT NOT NULL,
    "bytes" BLOB NOT NULL, "optionalUUID" TEXT) STRICT;
  CREATE TABLE "documents" ("id" INTEGER PRIMARY KEY, "notes" TEXT NOT NULL, "metadata" TEXT NOT NULL,
    "optionalNumbers" TEXT) STRICT;
  CREATE TABLE "chores" ("id" INTEGER PRIMARY KEY, "status" TEXT NOT NULL, "level" INTEGER) STRICT;
  CREATE TABLE "days" ("id" INTEGER PRIMARY KEY, "mood" TEXT NOT NULL, "lastMood" TEXT) STRICT;
  CREATE TABLE "gauges" ("id" INTEGER PRIMARY KEY, "tiny" INTEGER NOT NULL, "small" INTEGER NOT NULL,
    "medium" INTEGER NOT NULL, "unsigned" INTEGER NOT NULL, "wide" INTEGER NOT NULL, "ratio" REAL NOT NULL) STRICT;
  """

let postgresValueSchema = """
  CREATE TABLE "events" ("id" integer PRIMARY KEY, "at" timestamptz NOT NULL, "isoAt" text NOT NULL,
    "unixAt" bigint NOT NULL, "julianAt" double precision NOT NULL, "optionalAt" timestamptz);
  CREATE TABLE "tokens" ("id" integer PRIMARY KEY, "uuid" uuid NOT NULL, "upper" text NOT NULL,
    "bytes" bytea NOT NULL, "optionalUUID" uuid);
  CREATE TABLE "documents" ("id" integer PRIMARY KEY, "notes" jsonb NOT NULL, "metadata" jsonb NOT NULL,
    "optionalNumbers" jsonb);
  CREATE TABLE "chores" ("id" integer PRIMARY KEY, "status" text NOT NULL, "level" integer);
  CREATE TABLE "days" ("id" integer PRIMARY KEY, "mood" text NOT NULL, "lastMood" text);
  CREATE TABLE "gauges" ("id" integer PRIMARY KEY, "tiny" smallint NOT NULL, "small" smallint NOT NULL,
    "medium" integer NOT NULL, "unsigned" bigint NOT NULL, "wide" bigint NOT NULL, "ratio" real NOT NULL);
  """

/// On MariaDB: instants in `DATETIME(6)`, UUIDs as their text (`CHAR(36)`), JSON as text, and
/// bytes in `LONGBLOB`.
let mysqlValueSchema = """
  CREATE TABLE "events" ("id" bigint PRIMARY KEY, "at" datetime(6) NOT NULL, "isoAt" varchar(64) NOT NULL,
    "unixAt" bigint NOT NULL, "julianAt" double NOT NULL, "optionalAt" datetime(6));
  CREATE TABLE "tokens" ("id" bigint PRIMARY KEY, "uuid" char(36) NOT NULL, "upper" char(36) NOT NULL,
    "bytes" longblob NOT NULL, "optionalUUID" char(36));
  CREATE TABLE "documents" ("id" bigint PRIMARY KEY, "notes" longtext NOT NULL, "metadata" longtext NOT NULL,
    "optionalNumbers" longtext);
  CREATE TABLE "chores" ("id" bigint PRIMARY KEY, "status" varchar(64) NOT NULL, "level" bigint);
  CREATE TABLE "days" ("id" bigint PRIMARY KEY, "mood" varchar(64) NOT NULL, "lastMood" varchar(64));
  CREATE TABLE "gauges" ("id" bigint PRIMARY KEY, "tiny" smallint NOT NULL, "small" smallint NOT NULL,
    "medium" int NOT NULL, "unsigned" bigint NOT NULL, "wide" bigint NOT NULL, "ratio" float NOT NULL);
  """
