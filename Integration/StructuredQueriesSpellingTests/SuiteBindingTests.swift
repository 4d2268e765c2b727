import Foundation
import Testing
import TypedSQL

// StructuredQueries' BindingTests, live on SQLite and PostgreSQL: a UUID stored as its 16 bytes
// (a BLOB on SQLite, bytea on PostgreSQL), a `UInt64` past `Int64.max`, which fails to bind,
// and UUIDs compared with `IN`.
//
// Rewritten: StructuredQueries' `SimpleSelect { expression }` (a select of one expression with
// no table) is `Values(expression)` ("cannot find 'SimpleSelect' in scope"), and a UUID compared
// with `in` is wrapped in `SQLQueryExpression` (see `uuids`). Nothing left out.

@Table
private struct Record: Equatable {
  @Column(as: UUID.BytesRepresentation.self)
  var id: UUID
  var name = ""
  var duration: UInt64 = 0
}

extension UUID {
  /// The UUID whose last digits are `value`, as StructuredQueries' tests spell `UUID(0)`.
  fileprivate init(_ value: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012x", value))!
  }
}

extension LiveDatabase {
  fileprivate func createRecords(_ db: any Database) throws {
    try db.execute(
      self == .sqlite
        ? "CREATE TABLE records (id BLOB PRIMARY KEY, name TEXT, duration INTEGER);"
        : "CREATE TABLE records (id bytea PRIMARY KEY, name text, duration bigint);")
  }
}

@Suite struct SuiteBindingTests {
  @Test(arguments: LiveDatabase.allCases)
  func bytes(database: LiveDatabase) throws {
    try database.run { db in
      try database.createRecords(db)
      let rows = try db.execute(
        Record.insert {
          Record.Draft(
            id: UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"),
            name: "Blob"
          )
        }
        .returning(\.self)
      )
      #expect(
        rows == [
          Record(id: UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!, name: "Blob", duration: 0)
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func overflow(database: LiveDatabase) throws {
    try database.run { db in
      try database.createRecords(db)
      // StructuredQueries records the error: a `UInt64` past `Int64.max` does not bind.
      #expect(throws: (any Error).self) {
        try db.execute(
          Record.insert {
            Record.Draft(
              id: UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef"),
              duration: UInt64.max
            )
          }
          .returning(\.self)
        )
      }
      // Nothing was inserted.
      #expect(try Record.count().fetchOne(db) == 0)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func uuids(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try db.execute(
        Values(
          UUID(0).in([UUID(1), UUID(2)])
        )
      )
      #expect(rows == [false])
    }
  }
}
