import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// StructuredQueries' MapTests, live on SQLite and PostgreSQL. The table `optionalIntegers` is
// created and filled as in StructuredQueries. `selectionMap` is left out: an optional
// `@Selection` group's columns have no `map`.

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
}
