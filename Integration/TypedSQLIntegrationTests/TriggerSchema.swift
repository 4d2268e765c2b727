import Foundation
import TypedSQL

// Tables the trigger and view checks write through: folders keep counts their documents'
// triggers maintain, documents keep an `updatedAt`, deleted documents are logged, and a view
// joins documents to their folders.

@Table struct Folder: Equatable {
  let id: Int
  var name = ""
  var docCount = 0
  var renames = 0
}

@Table struct Doc: Equatable {
  let id: Int
  var folderID: Int
  var title = ""
  var updatedAt: Date?
}

@Table struct DeletedDoc: Equatable {
  let id: Int
  var title = ""
  var note = ""
}

/// A view of the documents with their folders' names.
@Table struct DocTitle: Equatable {
  let id: Int
  var title = ""
  var folder = ""
}

let sqliteTriggerSchema = """
  CREATE TABLE "folders" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "docCount" INTEGER NOT NULL DEFAULT 0,
    "renames" INTEGER NOT NULL DEFAULT 0) STRICT;
  CREATE TABLE "docs" ("id" INTEGER PRIMARY KEY, "folderID" INTEGER NOT NULL REFERENCES "folders"("id"),
    "title" TEXT NOT NULL, "updatedAt" TEXT) STRICT;
  CREATE TABLE "deletedDocs" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "note" TEXT NOT NULL) STRICT;
  """

let postgresTriggerSchema = """
  CREATE TABLE "folders" ("id" bigint PRIMARY KEY, "name" text NOT NULL, "docCount" bigint NOT NULL DEFAULT 0,
    "renames" bigint NOT NULL DEFAULT 0);
  CREATE TABLE "docs" ("id" bigint PRIMARY KEY, "folderID" bigint NOT NULL REFERENCES "folders"("id"),
    "title" text NOT NULL, "updatedAt" timestamptz);
  CREATE TABLE "deletedDocs" ("id" bigint PRIMARY KEY, "title" text NOT NULL, "note" text NOT NULL);
  """

let mysqlTriggerSchema = """
  CREATE TABLE "folders" ("id" bigint PRIMARY KEY, "name" text NOT NULL, "docCount" bigint NOT NULL DEFAULT 0,
    "renames" bigint NOT NULL DEFAULT 0);
  CREATE TABLE "docs" ("id" bigint PRIMARY KEY, "folderID" bigint NOT NULL REFERENCES "folders"("id"),
    "title" text NOT NULL, "updatedAt" datetime(6));
  CREATE TABLE "deletedDocs" ("id" bigint PRIMARY KEY, "title" text NOT NULL, "note" text NOT NULL);
  """
