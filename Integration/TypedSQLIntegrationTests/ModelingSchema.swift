import Foundation
import TypedSQL

// The modeling examples of seeds 002 and 004: column groups, selections, ephemeral and
// generated columns.

@Selection struct Timestamps: Equatable {
  let createdAt: Date
  let updatedAt: Date?
}

@Table("remindersLists") struct StampedList: Equatable {
  let id: Int
  var title = ""
  let timestamps: Timestamps
}

@Table("reminders") struct StampedReminder: Equatable {
  let id: Int
  var title = ""
  var remindersListID: Int
  let timestamps: Timestamps
}

@Selection struct ReminderRow: Equatable {
  let reminderTitle: String
  let remindersListTitle: String
  let reminderTimestamps: Timestamps
}

/// A table with an optional column group: both columns `NULL` when it is `nil`.
@Table struct Notebook: Equatable {
  let id: Int
  var title = ""
  var archived: Timestamps?
}

@Table struct Book: Equatable {
  @Column(primaryKey: true)
  let isbn: String
  var title: String
  @Ephemeral
  var scratchNotes = ""
}

/// A table whose drafts leave every column to the database: its key and a generated column.
@Table struct Tick: Equatable {
  let id: Int
  @Column(generated: .stored) var twice: Int
}

@Table struct Counter: Equatable {
  let id: Int
  var hits = 0
}

@Table struct Chapter: Equatable {
  let id: Int
  var pages: Int
  var copies: Int
  @Column(generated: .stored)
  var totalPages: Int
}

/// A table with a default scope: deleting a memo marks it, and queries of the table skip it.
@Table struct Memo: Equatable {
  let id: Int
  var body = ""
  var remindersListID: Int
  var isDeleted = false
  static let all = unscoped.where { !$0.isDeleted }
}

/// A table whose columns the database fills in when an insert leaves them out, and which has
/// no primary key: its draft holds them as optionals.
@Table struct Visit: Equatable {
  var page: String
  @Column(lazyInitializable: true) var visitedAt: Date
  @Column(lazyInitializable: true) var status: String
}

/// A keyed table with a column the database fills in: an upsert of a draft that leaves it
/// `nil` keeps the stored value.
@Table struct Badge: Equatable {
  let id: Int
  var name: String
  @Column(lazyInitializable: true) var level: Int
}

/// A table with a composite primary key: a `@Selection` group as its `id`.
@Table struct Enrollment: Equatable {
  let id: Key
  var grade: Int?

  @Selection struct Key: Equatable, Hashable {
    var course: Int
    var student: Int
  }
}

/// A table that is nothing but its composite key.
@Table struct Membership: Equatable {
  @Column(primaryKey: true) let pair: Pair

  @Selection struct Pair: Equatable {
    var group: Int
    var member: Int
  }
}

// One table read by structs whose row decoders take each form `@Table` writes: through the
// struct's implicit memberwise initializer, or property by property where the struct may not
// have it (an initializer of its own, a private column) or a column's name is one a decoding
// spells (`decoder`).

/// Decoded through its memberwise initializer, which leaves the ephemeral property to its
/// default.
@Table("labels") struct Label: Equatable {
  let id: Int
  var name: String
  var note: String?
  var dueAt: Date?
  @Ephemeral var isSelected = false
}

/// Decoded property by property: its own initializer takes the memberwise one away.
@Table("labels") struct LabelWithItsOwnInit: Equatable {
  let id: Int
  var name: String
  var note: String?
  var dueAt: Date?

  init(id: Int, name: String, note: String? = nil, dueAt: Date? = nil) {
    self.id = id
    self.name = name
    self.note = note
    self.dueAt = dueAt
  }
}

/// Decoded property by property: a private column makes the memberwise initializer private.
@Table("labels") struct LabelWithAPrivateNote: Equatable {
  let id: Int
  var name: String
  private var note: String?
  var dueAt: Date?

  var noteRead: String? { note }
}

/// Decoded property by property: a constant named `decoder` would hide the decoder.
@Table("labels") struct LabelNamedLikeTheDecoder: Equatable {
  let id: Int
  @Column("name") var decoder: String
  var note: String?
  var dueAt: Date?
}

let sqliteModelingSchema = """
  CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL, "updatedAt" TEXT) STRICT;
  CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL,
    "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id"),
    "createdAt" TEXT NOT NULL, "updatedAt" TEXT) STRICT;
  CREATE TABLE "notebooks" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "createdAt" TEXT, "updatedAt" TEXT) STRICT;
  CREATE TABLE "books" ("isbn" TEXT PRIMARY KEY, "title" TEXT NOT NULL) STRICT;
  CREATE TABLE "chapters" ("id" INTEGER PRIMARY KEY, "pages" INTEGER NOT NULL, "copies" INTEGER NOT NULL,
    "totalPages" INTEGER GENERATED ALWAYS AS ("pages" * "copies") STORED) STRICT;
  CREATE TABLE "counters" ("id" INTEGER PRIMARY KEY, "hits" INTEGER NOT NULL DEFAULT 0) STRICT;
  CREATE TABLE "ticks" ("id" INTEGER PRIMARY KEY, "twice" INTEGER GENERATED ALWAYS AS ("id" * 2) STORED) STRICT;
  CREATE TABLE "memos" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL,
    "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id"), "isDeleted" INTEGER NOT NULL DEFAULT 0) STRICT;
  CREATE TABLE "visits" ("page" TEXT NOT NULL, "visitedAt" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" TEXT NOT NULL DEFAULT 'new') STRICT;
  CREATE TABLE "badges" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "level" INTEGER NOT NULL DEFAULT 1) STRICT;
  CREATE TABLE "enrollments" ("course" INTEGER NOT NULL, "student" INTEGER NOT NULL, "grade" INTEGER,
    PRIMARY KEY ("course", "student")) STRICT;
  CREATE TABLE "memberships" ("group" INTEGER NOT NULL, "member" INTEGER NOT NULL, PRIMARY KEY ("group", "member")) STRICT;
  CREATE TABLE "labels" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "note" TEXT, "dueAt" TEXT) STRICT;
  """

let postgresModelingSchema = """
  CREATE TABLE "remindersLists" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    "title" text NOT NULL, "createdAt" timestamptz NOT NULL, "updatedAt" timestamptz);
  CREATE TABLE "reminders" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    "title" text NOT NULL, "remindersListID" integer NOT NULL REFERENCES "remindersLists"("id"),
    "createdAt" timestamptz NOT NULL, "updatedAt" timestamptz);
  CREATE TABLE "notebooks" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "title" text NOT NULL,
    "createdAt" timestamptz, "updatedAt" timestamptz);
  CREATE TABLE "books" ("isbn" text PRIMARY KEY, "title" text NOT NULL);
  CREATE TABLE "chapters" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    "pages" integer NOT NULL, "copies" integer NOT NULL,
    "totalPages" integer GENERATED ALWAYS AS ("pages" * "copies") STORED);
  CREATE TABLE "counters" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "hits" integer NOT NULL DEFAULT 0);
  CREATE TABLE "ticks" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "twice" integer GENERATED ALWAYS AS ("id" * 2) STORED);
  CREATE TABLE "memos" ("id" integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "body" text NOT NULL,
    "remindersListID" integer NOT NULL REFERENCES "remindersLists"("id"), "isDeleted" boolean NOT NULL DEFAULT false);
  CREATE TABLE "visits" ("page" text NOT NULL, "visitedAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" text NOT NULL DEFAULT 'new');
  CREATE TABLE "badges" ("id" integer PRIMARY KEY, "name" text NOT NULL, "level" integer NOT NULL DEFAULT 1);
  CREATE TABLE "enrollments" ("course" integer NOT NULL, "student" integer NOT NULL, "grade" integer,
    PRIMARY KEY ("course", "student"));
  CREATE TABLE "memberships" ("group" integer NOT NULL, "member" integer NOT NULL, PRIMARY KEY ("group", "member"));
  CREATE TABLE "labels" ("id" integer PRIMARY KEY, "name" text NOT NULL, "note" text, "dueAt" timestamptz);
  """

/// The modeling tables on MariaDB. `ticks` is left out: MariaDB refuses a generated column
/// computed from an `AUTO_INCREMENT` key (error 1901), so the check that fills it does not run
/// there.
let mysqlModelingSchema = """
  CREATE TABLE "remindersLists" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "title" text NOT NULL,
    "createdAt" datetime(6) NOT NULL, "updatedAt" datetime(6));
  CREATE TABLE "reminders" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "title" text NOT NULL,
    "remindersListID" bigint NOT NULL REFERENCES "remindersLists"("id"),
    "createdAt" datetime(6) NOT NULL, "updatedAt" datetime(6));
  CREATE TABLE "notebooks" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "title" text NOT NULL,
    "createdAt" datetime(6), "updatedAt" datetime(6));
  CREATE TABLE "books" ("isbn" varchar(64) PRIMARY KEY, "title" text NOT NULL);
  CREATE TABLE "chapters" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "pages" bigint NOT NULL, "copies" bigint NOT NULL,
    "totalPages" bigint GENERATED ALWAYS AS ("pages" * "copies") STORED);
  CREATE TABLE "counters" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "hits" bigint NOT NULL DEFAULT 0);
  CREATE TABLE "memos" ("id" bigint AUTO_INCREMENT PRIMARY KEY, "body" text NOT NULL,
    "remindersListID" bigint NOT NULL REFERENCES "remindersLists"("id"), "isDeleted" tinyint(1) NOT NULL DEFAULT 0);
  CREATE TABLE "visits" ("page" text NOT NULL, "visitedAt" datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
    "status" text NOT NULL DEFAULT 'new');
  CREATE TABLE "badges" ("id" bigint PRIMARY KEY, "name" text NOT NULL, "level" bigint NOT NULL DEFAULT 1);
  CREATE TABLE "enrollments" ("course" bigint NOT NULL, "student" bigint NOT NULL, "grade" bigint,
    PRIMARY KEY ("course", "student"));
  CREATE TABLE "memberships" ("group" bigint NOT NULL, "member" bigint NOT NULL, PRIMARY KEY ("group", "member"));
  CREATE TABLE "labels" ("id" bigint PRIMARY KEY, "name" text NOT NULL, "note" text, "dueAt" datetime(6));
  """
