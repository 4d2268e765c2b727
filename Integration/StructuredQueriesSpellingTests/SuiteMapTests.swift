import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' MapTests, live on SQLite and PostgreSQL. The table `optionalIntegers` is
// created and filled as in StructuredQueries. Nothing left out.

/// StructuredQueries' `Item` of `selectionMap`, with an optional group of two columns; its table
/// is `groupItems` here (the schema's `items` is InsertTests').
@Table("groupItems")
private struct GroupItem {
  @Selection
  struct Group {
    var a: Int
    var b: Int
  }
  var group: Group?
}

@Table private struct OptionalInteger {
  let value: Int?
}

@DatabaseFunction(isDeterministic: true)
private func increment(_ value: Int) -> Int {
  value + 1
}

@Suite struct SuiteMapTests {
  @Test(arguments: LiveDatabase.allCases)
  func mapWithDatabaseFunction(database: LiveDatabase) throws {
    try database.run { db in
      try db.execute(#"CREATE TABLE "optionalIntegers" ("value" INTEGER)"#)
      try db.execute(#"INSERT INTO "optionalIntegers" ("value") VALUES (1), (NULL), (3)"#)
      let query = OptionalInteger.select {
        $0.value.map { $increment($0) }
      }
      if let sqlite = db as? SQLiteDatabase {
        try sqlite.add($increment)
        let rows = try query.fetchAll(db)
        // No ORDER BY: the values are compared as a multiset.
        #expect(rows.map { $0.map(String.init) ?? "nil" }.sorted() == ["2", "4", "nil"])
      } else {
        // A Swift function is registered with SQLite only: TypedSQL refuses it on PostgreSQL.
        #expect(throws: (any Error).self) { try query.fetchAll(db) }
      }
    }
  }

  @available(*, deprecated)
  @Test(arguments: LiveDatabase.allCases)
  func selectionMap(database: LiveDatabase) throws {
    try database.run { db in
      // StructuredQueries only renders this select; here a row with the group and one without
      // are selected.
      try db.execute(#"CREATE TABLE "groupItems" ("a" INTEGER, "b" INTEGER)"#)
      try GroupItem.insert {
        GroupItem(group: GroupItem.Group(a: 1, b: 2))
        GroupItem(group: nil)
      }.execute(db)
      let present = try GroupItem.select { $0.group.map { _ in true } ?? false }.fetchAll(db)
      #expect(present.sorted { !$0 && $1 } == [false, true])
    }
  }
}
