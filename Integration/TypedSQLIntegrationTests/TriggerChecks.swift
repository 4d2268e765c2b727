import Foundation
import Testing
import TypedSQL

/// Triggers and views, run against SQLite, PostgreSQL and MariaDB alike.
enum TriggerChecks {
  static func insertFolders(_ db: some Database) throws {
    try Folder.insert {
      Folder(id: 1, name: "Work")
      Folder(id: 2, name: "Home")
    }.execute(db)
  }

  /// An insert trigger keeps each folder's count of documents; a delete trigger logs what was
  /// deleted, with a note whose text needs quoting in SQL (and holds PostgreSQL's quote tag).
  static func countsAndLogs(_ db: some Database) throws {
    try insertFolders(db)
    try Doc.createTrigger(after: .insert { new in
      Folder.where { $0.id == new.folderID }.update { $0.docCount = $0.docCount + 1 }
    }).execute(db)
    let note = "it's gone $typedsql$ $typedsql_do$"
    try Doc.createTrigger("log_deletes", after: .delete { old in
      DeletedDoc.insert { ($0.id, $0.title, $0.note) } select: { selectValues(old.id, old.title, SQLQueryExpression(value: note)) }
    }).execute(db)
    try Doc.insert {
      Doc(id: 1, folderID: 1, title: "Plan")
      Doc(id: 2, folderID: 1, title: "Notes")
      Doc(id: 3, folderID: 2, title: "Groceries")
    }.execute(db)
    #expect(try Folder.order { $0.id }.select { $0.docCount }.fetchAll(db) == [2, 1])
    try Doc.where { $0.folderID == 1 }.delete().execute(db)
    #expect(try DeletedDoc.order { $0.id }.fetchAll(db) == [
      DeletedDoc(id: 1, title: "Plan", note: note), DeletedDoc(id: 2, title: "Notes", note: note),
    ])
    // Dropped, the trigger no longer runs.
    try Doc.createTrigger("log_deletes", after: .delete { _ in Folder.delete() }).drop().execute(db)
    try Doc.delete().execute(db)
    #expect(try DeletedDoc.count().fetchOne(db) == 2)
  }

  /// A trigger keeps `updatedAt` in step: every update of a document sets it to the current
  /// instant.
  static func touchUpdatedAt(_ db: some Database) throws {
    try insertFolders(db)
    try Doc.insert { Doc(id: 1, folderID: 1, title: "Plan", updatedAt: nil) }.execute(db)
    try Doc.createTrigger(before: .update(touch: \.updatedAt)).execute(db)
    let before = Date()
    try Doc.find(1).update { $0.title = "Plan B" }.execute(db)
    let doc = try Doc.find(1).fetchOne(db)
    #expect(doc?.title == "Plan B")
    let updatedAt = try #require(doc?.updatedAt)
    #expect(abs(updatedAt.timeIntervalSince(before)) < 60)
  }

  /// A touch that sets two columns from the row before and after the update, as one update
  /// would: each value reads the row as it was given, not the other's assignment; an insert's
  /// touch reads the row by its table's name.
  static func touchesReadTheOldAndNewRows(_ db: some Database) throws {
    try insertFolders(db)
    try Doc.insert { Doc(id: 1, folderID: 1, title: "Plan", updatedAt: nil) }.execute(db)
    // A value that reads the row by its table's name reads it as inserted.
    try Doc.createTrigger(before: .insert(touch: { $0.title = $0.title + "!" })).execute(db)
    try Doc.insert { Doc(id: 2, folderID: 1, title: "Taxes") }.execute(db)
    #expect(try Doc.find(2).select(\.title).fetchOne(db) == "Taxes!")

    try Doc.createTrigger(before: .update(touch: { row, old, new in
      row.title = old.title + " → " + new.title
      row.updatedAt = SQLQueryExpression<Date?>(node: SQLQueryExpression<Date>.now.node)
    }, when: { old, new in old.title != new.title })).execute(db)
    let before = Date()
    try Doc.find(1).update { $0.title = "Plan B" }.execute(db)
    try Doc.find(1).update { $0.folderID = 2 }.execute(db)
    let doc = try #require(try Doc.find(1).fetchOne(db))
    #expect(doc.title == "Plan → Plan B")
    #expect(doc.folderID == 2)
    #expect(abs(try #require(doc.updatedAt).timeIntervalSince(before)) < 60)
  }

  /// A trigger on an update of one column, with a condition over the old and new rows: it runs
  /// only when the title really changes.
  static func updateOfAColumnWhenItChanges(_ db: some Database) throws {
    try insertFolders(db)
    try Doc.insert { Doc(id: 1, folderID: 1, title: "Plan") }.execute(db)
    try Doc.createTrigger(
      after: .update(of: { $0.title }, when: { old, new in old.title != new.title }) { _, new in
        Folder.where { $0.id == new.folderID }.update { $0.renames = $0.renames + 1 }
      }
    ).execute(db)
    try Doc.find(1).update { $0.title = "Plan" }.execute(db)
    try Doc.find(1).update { $0.folderID = 1 }.execute(db)
    try Doc.find(1).update { $0.title = "Plan B" }.execute(db)
    let renames = try Folder.find(1).select { $0.renames }.fetchOne(db)
    #expect(renames == 1)
  }

  /// A view from a typed select, whose values are written into it, queried through a `@Table`
  /// type; `INSTEAD OF` triggers make it writable.
  static func viewsQueriedAndWrittenThrough(_ db: some Database) throws {
    try insertFolders(db)
    try Doc.insert {
      Doc(id: 1, folderID: 1, title: "Plan")
      Doc(id: 2, folderID: 2, title: "hidden")
      Doc(id: 3, folderID: 2, title: "Groceries")
    }.execute(db)
    let view = DocTitle.createView(
      as: Doc.join(Folder.all) { $0.folderID == $1.id }.where { doc, _ in doc.title != "hidden" }.select { ($0.id, $0.title, $1.name) })
    try view.execute(db)
    #expect(try DocTitle.order { $0.id }.fetchAll(db) == [
      DocTitle(id: 1, title: "Plan", folder: "Work"), DocTitle(id: 3, title: "Groceries", folder: "Home"),
    ])
    #expect(try DocTitle.where { $0.folder == "Home" }.select { $0.title }.fetchAll(db) == ["Groceries"])

    try DocTitle.createTrigger(insteadOf: .insert { new in
      Doc.insert { ($0.id, $0.folderID, $0.title) } select: {
        Folder.where { $0.name == new.folder }.select { (new.id, $0.id, new.title) }
      }
    }).execute(db)
    try DocTitle.createTrigger(insteadOf: .update { old, new in
      Doc.where { $0.id == old.id }.update { $0.title = new.title }
    }).execute(db)
    try DocTitle.createTrigger(insteadOf: .delete { old in
      Doc.where { $0.id == old.id }.delete()
    }).execute(db)
    try DocTitle.insert { DocTitle(id: 4, title: "Taxes", folder: "Home") }.execute(db)
    try DocTitle.where { $0.id == 1 }.update { $0.title = "Plan B" }.execute(db)
    try DocTitle.where { $0.id == 3 }.delete().execute(db)
    #expect(try Doc.order { $0.id }.select { ($0.id, $0.folderID, $0.title) }.fetchAll(db).map { "\($0.0) \($0.1) \($0.2)" } == [
      "1 1 Plan B", "2 2 hidden", "4 2 Taxes",
    ])
    try view.drop().execute(db)
    try DocTitle.dropView(ifExists: true).execute(db)
    #expect(throws: (any Error).self) { try DocTitle.all.fetchAll(db) }
  }
}
