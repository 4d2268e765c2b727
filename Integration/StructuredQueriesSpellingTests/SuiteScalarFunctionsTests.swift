import Foundation
import Testing
import TypedSQL

// StructuredQueries' ScalarFunctionsTests, live on SQLite and PostgreSQL. StructuredQueries only
// renders most of these functions of its own `User`'s columns; here those of a name or an id are
// selected from the schema's user 2, "Blob Jr", and their values checked. Those of `isAdmin`,
// `salary` and `image`, columns the schema's users do not have, are selected from a `staff`
// table that has them, its one row created in the case.

/// StructuredQueries' local `User` of these cases, as a table of its own.
@Table("staff")
private struct StaffMember {
  let id: Int
  var name: String
  var isAdmin: Bool
  var salary: Double
  var image: [UInt8]
}

extension LiveDatabase {
  /// The `staff` table with one row: a non-admin earning -1234.567, image bytes DE AD BE EF.
  fileprivate func createStaff(_ db: any Database) throws {
    try db.execute(
      self == .sqlite
        ? #"CREATE TABLE "staff" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "isAdmin" INTEGER NOT NULL, "salary" REAL NOT NULL, "image" BLOB NOT NULL)"#
        : #"CREATE TABLE "staff" ("id" bigint PRIMARY KEY, "name" text NOT NULL, "isAdmin" boolean NOT NULL, "salary" double precision NOT NULL, "image" bytea NOT NULL)"#)
    try StaffMember.insert {
      StaffMember(id: 1, name: "Blob", isAdmin: false, salary: -1234.567, image: [0xDE, 0xAD, 0xBE, 0xEF])
    }.execute(db)
  }
}

private func name(_ priority: Priority?) -> String {
  priority.map { "\($0)" } ?? "nil"
}

private let priorities: [Priority?] = [nil, nil, .high, nil, nil, .high, .low, .high, nil, .medium]

@Suite struct SuiteScalarFunctionsTests {
  @Test(arguments: LiveDatabase.allCases)
  func blob(database: LiveDatabase) throws {
    try database.run { db in
      let random = try Values(10.randomblob()).fetchAll(db)
      #expect(random.map(\.count) == [10])
      let zeros = try Values(10.zeroblob()).fetchAll(db)
      #expect(zeros == [[UInt8](repeating: 0, count: 10)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func arithmetic(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: `User.columns.id.abs()` is selected as `User.find(2).select { $0.id.abs() }`.
      let abs = try User.find(2).select { $0.id.abs() }.fetchAll(db)
      #expect(abs == [2])
      let sign = try User.find(2).select { $0.id.sign() }.fetchAll(db)
      #expect(sign == [1])
      try database.createStaff(db)
      let salaries = try StaffMember.select {
        ($0.salary.abs(), $0.salary.sign(), $0.salary.round(), $0.salary.round(2))
      }.fetchAll(db)
      #expect(salaries.map(\.0) == [1234.567])
      #expect(salaries.map(\.1) == [-1])
      #expect(salaries.map(\.2) == [-1235])
      #expect(salaries.map(\.3) == [-1234.57])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func likelihood(database: LiveDatabase) throws {
    try database.run { db in
      try database.createStaff(db)
      // The hints change no value: each is the column's.
      let hints = try StaffMember.select {
        ($0.isAdmin.likely(), $0.isAdmin.unlikely(), $0.isAdmin.likelihood(0.5))
      }.fetchAll(db)
      #expect(hints.map(\.0) == [false])
      #expect(hints.map(\.1) == [false])
      #expect(hints.map(\.2) == [false])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func bytes(database: LiveDatabase) throws {
    try database.run { db in
      try database.createStaff(db)
      #expect(try StaffMember.select { $0.image.hex() }.fetchAll(db) == ["DEADBEEF"])
    }
  }

  @available(*, deprecated)
  @Test(arguments: LiveDatabase.allCases)
  func deprecatedCount(database: LiveDatabase) throws {
    try database.run { db in
      let lengths = try User.find(2).select { $0.name.count }.fetchAll(db)
      #expect(lengths == [7])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func strings(database: LiveDatabase) throws {
    try database.run { db in
      // Rewritten: each `User.columns.name…` is selected as `User.find(2).select { $0.name… }`.
      let user = User.find(2)
      // StructuredQueries only renders `"Jr".instr(User.columns.name)`: "Blob Jr" is not in "Jr".
      let position = try user.select { "Jr".instr($0.name) }.fetchAll(db)
      #expect(position == [0])
      let length = try user.select { $0.name.length() }.fetchAll(db)
      #expect(length == [7])
      let lower = try user.select { $0.name.lower() }.fetchAll(db)
      #expect(lower == ["blob jr"])
      let ltrim = try user.select { $0.name.ltrim() }.fetchAll(db)
      #expect(ltrim == ["Blob Jr"])
      let ltrimSpace = try user.select { $0.name.ltrim(" ") }.fetchAll(db)
      #expect(ltrimSpace == ["Blob Jr"])
      let octetLength = try user.select { $0.name.octetLength() }.fetchAll(db)
      #expect(octetLength == [7])
      let quote = try user.select { $0.name.quote() }.fetchAll(db)
      #expect(quote == ["'Blob Jr'"])
      let replace = try user.select { $0.name.replace("a", "b") }.fetchAll(db)
      #expect(replace == ["Blob Jr"])
      let rtrim = try user.select { $0.name.rtrim() }.fetchAll(db)
      #expect(rtrim == ["Blob Jr"])
      let rtrimSpace = try user.select { $0.name.rtrim(" ") }.fetchAll(db)
      #expect(rtrimSpace == ["Blob Jr"])
      let substr = try user.select { $0.name.substr(10) }.fetchAll(db)
      #expect(substr == [""])
      let substrLength = try user.select { $0.name.substr(10, 10) }.fetchAll(db)
      #expect(substrLength == [""])
      let trim = try user.select { $0.name.trim() }.fetchAll(db)
      #expect(trim == ["Blob Jr"])
      let trimSpace = try user.select { $0.name.trim(" ") }.fetchAll(db)
      #expect(trimSpace == ["Blob Jr"])
      let unicode = try user.select { $0.name.unicode() }.fetchAll(db)
      #expect(unicode == [66])
      let upper = try user.select { $0.name.upper() }.fetchAll(db)
      #expect(upper == ["BLOB JR"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func ifnull(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { ($0.priority, $0.priority.ifnull(Priority.low)) }.fetchAll(db)
      // No ORDER BY: the pairs are compared as a multiset.
      let pairs: [String] = rows.map { "\(name($0.0)) \(name($0.1))" }
      let expected: [String] = priorities.map { "\(name($0)) \(name($0 ?? .low))" }
      #expect(pairs.sorted() == expected.sorted())
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func nullif(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { ($0.priority, $0.priority.nullif(Priority.high)) }.fetchAll(db)
      // No ORDER BY: the pairs are compared as a multiset.
      let pairs: [String] = rows.map { "\(name($0.0)) \(name($0.1))" }
      let expected: [String] = priorities.map { "\(name($0)) \(name($0 == .high ? nil : $0))" }
      #expect(pairs.sorted() == expected.sorted())
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func nullifPromotesNonOptional(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { $0.title.nullif("Groceries") }.fetchAll(db)
      // No ORDER BY: the titles are compared as a multiset.
      #expect(
        rows.map { $0 ?? "nil" }.sorted() == [
          "Buy concert tickets", "Call accountant", "Doctor appointment", "Get laundry", "Haircut",
          "Pick up kids from school", "Send weekly emails", "Take a walk", "Take out trash", "nil",
        ])
    }
  }
}
