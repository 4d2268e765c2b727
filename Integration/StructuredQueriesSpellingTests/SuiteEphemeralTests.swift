import Foundation
import Testing
import TypedSQL

// StructuredQueries' EphemeralTests, live on SQLite and PostgreSQL. StructuredQueries only renders
// `basics`: here the table is created, a row inserted, and the concatenation selected. An
// `@Ephemeral` property is no column: it is not stored, and a row read back has its default.
// Nothing left out.

@Table private struct TestTable: Equatable {
  var firstName = ""
  var lastName = ""
  @Ephemeral
  var displayName = ""
}

extension LiveDatabase {
  fileprivate func createTestTables(_ db: any Database) throws {
    try db.execute(#"CREATE TABLE "testTables" ("firstName" TEXT NOT NULL, "lastName" TEXT NOT NULL)"#)
  }
}

@Suite struct SuiteEphemeralTests {
  @Test(arguments: LiveDatabase.allCases)
  func basics(database: LiveDatabase) throws {
    try database.run { db in
      try database.createTestTables(db)
      try TestTable.insert { TestTable(firstName: "Blob", lastName: "Jr", displayName: "Blob Jr") }.execute(db)
      let names = try db.execute(TestTable.select { $0.firstName + ", " + $0.lastName })
      #expect(names == ["Blob, Jr"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func equality(database: LiveDatabase) throws {
    #expect(TestTable(displayName: "Blob Jr") != TestTable(displayName: "Blob Sr"))
    try database.run { db in
      try database.createTestTables(db)
      try TestTable.insert {
        TestTable(displayName: "Blob Jr")
        TestTable(displayName: "Blob Sr")
      }.execute(db)
      // Neither display name is stored: both rows read back equal.
      let rows = try db.execute(TestTable.all)
      #expect(rows == [TestTable(), TestTable()])
    }
  }
}
