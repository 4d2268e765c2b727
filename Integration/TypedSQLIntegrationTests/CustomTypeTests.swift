import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// The custom types of seed 003, on all three databases: a UUID kept as upper-case text, a date kept as
/// text but compared through `unixepoch`, and a standalone `MyUUID`.
@Suite struct CustomTypeTests {
  /// The seed's `Date` extension: text, wrapped in `unixepoch` wherever it is compared.
  struct DueDate: QueryBindable, Equatable {
    var date: Date

    init(_ date: Date) { self.date = date }

    var queryBinding: QueryBinding { .text(ISO8601Text.string(from: date)) }

    init(decoder: inout some QueryDecoder) throws {
      let text = try decoder.decodeString()
      guard let date = ISO8601Text.date(from: text) else {
        throw decoder.conversionError(expected: DueDate.self, storedValue: "text(\(text))")
      }
      self.date = date
    }

    static func wrapSQL(_ expression: SQLExpression) -> SQLExpression {
      .function(.unixEpoch, [expression])
    }
  }

  /// The seed's standalone `MyUUID`: a UUID kept as text, compared as stored.
  struct MyUUID: QueryBindable, Equatable {
    var wrappedValue: UUID

    init(_ wrappedValue: UUID) { self.wrappedValue = wrappedValue }

    var queryBinding: QueryBinding { .text(wrappedValue.uuidString) }

    init(decoder: inout some QueryDecoder) throws {
      let text = try decoder.decodeString()
      guard let uuid = UUID(uuidString: text) else {
        throw decoder.conversionError(expected: MyUUID.self, storedValue: "text(\(text))")
      }
      wrappedValue = uuid
    }
  }

  @Table struct Employee: Equatable {
    @Column(as: UUID.UppercasedRepresentation.self) let id: UUID
    let name: String
  }

  // Nested types are written in full: the macro's extension is outside `CustomTypeTests`.
  @Table struct Invoice: Equatable {
    let id: Int
    let dueDate: CustomTypeTests.DueDate
    var reference: CustomTypeTests.MyUUID
  }

  static let employeeID = UUID(uuidString: "536d0033-65a0-4142-8c21-99b6b891c4e8")!
  static let day = 86_400.0
  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func rendering() {
    let id = Self.employeeID
    assertSQLInEachDialect(Employee.where { $0.id == #bind(id) }) { sqlite, postgres, mysql in
      #expect(sqlite == #"SELECT "employees"."id", "employees"."name" FROM "employees" WHERE ("employees"."id" = ?1)"#)
      #expect(postgres == #"SELECT "employees"."id", "employees"."name" FROM "employees" WHERE ("employees"."id" = $1)"#)
      #expect(mysql == #"SELECT `employees`.`id`, `employees`.`name` FROM `employees` WHERE (`employees`.`id` = ?)"#)
    }
    let now = DueDate(Self.now)
    assertSQLInEachDialect(Invoice.where { $0.dueDate < now }.order { $0.dueDate }) { sqlite, postgres, mysql in
      #expect(sqlite.hasSuffix(#"WHERE (unixepoch("invoices"."dueDate") < unixepoch(?1)) ORDER BY unixepoch("invoices"."dueDate")"#))
      #expect(postgres.hasSuffix(#"WHERE (extract(epoch FROM CAST("invoices"."dueDate" AS timestamptz)) < extract(epoch FROM CAST($1 AS timestamptz))) ORDER BY extract(epoch FROM CAST("invoices"."dueDate" AS timestamptz))"#))
      #expect(mysql.hasSuffix(#"WHERE (CAST(FLOOR(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00.000000', `invoices`.`dueDate`) / 1000000) AS SIGNED) < CAST(FLOOR(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00.000000', ?) / 1000000) AS SIGNED)) ORDER BY CAST(FLOOR(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00.000000', `invoices`.`dueDate`) / 1000000) AS SIGNED)"#))
    }
  }

  static func check(_ db: some Database) throws {
    try Employee.insert {
      Employee(id: employeeID, name: "Ada")
      Employee(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Grace")
    }.execute(db)
    let id = employeeID
    #expect(try Employee.where { $0.id == #bind(id) }.fetchAll(db) == [Employee(id: employeeID, name: "Ada")])

    let reference = MyUUID(employeeID)
    let invoices = (0..<4).map { offset in
      Invoice(id: offset + 1, dueDate: DueDate(Self.now.addingTimeInterval(Double(offset - 2) * day)), reference: reference)
    }
    try Invoice.insert { invoices }.execute(db)
    let cutoff = DueDate(Self.now)
    let overdue = try Invoice.where { $0.dueDate < cutoff }.order { $0.dueDate.desc() }.select { $0.id }.fetchAll(db)
    #expect(overdue == [2, 1])
    #expect(try Invoice.where { $0.reference == reference }.count().fetchOne(db) == 4)
    #expect(try Invoice.find(3).fetchOne(db) == invoices[2])
  }

  @Test func onSQLite() throws {
    let db = try SQLiteDatabase()
    try db.execute(#"""
      CREATE TABLE "employees" ("id" TEXT PRIMARY KEY, "name" TEXT NOT NULL) STRICT;
      CREATE TABLE "invoices" ("id" INTEGER PRIMARY KEY, "dueDate" TEXT NOT NULL, "reference" TEXT NOT NULL) STRICT;
      """#)
    try Self.check(db)
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func onPostgres() throws {
    try withPostgres { db in
      try db.execute(#"""
        CREATE TABLE "employees" ("id" text PRIMARY KEY, "name" text NOT NULL);
        CREATE TABLE "invoices" ("id" integer PRIMARY KEY, "dueDate" text NOT NULL, "reference" text NOT NULL);
        """#)
      try Self.check(db)
    }
  }

  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func onMariaDB() throws {
    try onMySQL(schema: #"""
      CREATE TABLE "employees" ("id" char(36) PRIMARY KEY, "name" text NOT NULL);
      CREATE TABLE "invoices" ("id" bigint PRIMARY KEY, "dueDate" varchar(64) NOT NULL, "reference" char(36) NOT NULL);
      """#) { db in try Self.check(db) }
  }

  private func assertSQLInEachDialect(
    _ statement: some Statement, _ check: (String, String, String) -> Void
  ) {
    do {
      check(try statement.render(in: .sqlite).sql, try statement.render(in: .postgres).sql, try statement.render(in: .mysql).sql)
    } catch {
      Issue.record(error)
    }
  }
}
