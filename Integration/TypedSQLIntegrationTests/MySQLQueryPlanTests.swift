import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers

/// The everyday shapes as MySQLDialect renders them keep MariaDB on its indexes: `EXPLAIN` shows
/// each table read through the key it should be, and no sort where the index gives the order.
@Suite(.enabled(if: MySQLTestServer.suitesRun))
struct MySQLQueryPlanTests {
  /// How the server reads each table of a statement, from `EXPLAIN FORMAT=JSON`.
  struct Plan {
    /// The access type (`const`, `ref`, `eq_ref`, `range`, `index`, `ALL`) and key, by table.
    var tables: [String: (access: String, key: String?)] = [:]
    /// Whether the server sorts rows itself rather than reading them in an index's order.
    var sorts = false
  }

  static func plan(of statement: some Statement, in db: MySQLDatabase) throws -> Plan {
    var rendered = try statement.render(in: db.dialect)
    rendered.sql = "EXPLAIN FORMAT=JSON " + rendered.sql
    let text = try #require(try db.fetchOne(rendered, as: String.self))
    var plan = Plan(sorts: text.contains("filesort"))
    // Read as text: under ANSI_QUOTES MariaDB writes a condition's "names" into its JSON strings
    // unescaped, so the plan is not always valid JSON. Each table's part runs from its name to
    // the next table's.
    for part in text.split(separator: #""table_name": ""#).dropFirst() {
      let table = String(part.prefix { $0 != "\"" })
      let access = part.firstMatch(of: /"access_type": "([^"]*)"/).map { String($0.1) }
      let key = part.firstMatch(of: /"key": "([^"]*)"/).map { String($0.1) }
      if let access { plan.tables[table] = (access, key) }
    }
    return plan
  }

  @Test func everydayShapesUseTheirIndexes() throws {
    try withMySQL { db throws in
      try db.execute(mysqlRemindersSchema)
      try RemindersList.insert { (1...20).map { RemindersList.Draft(title: "List \($0)") } }.execute(db)
      try Reminder.insert {
        (1...400).map { Reminder.Draft(title: "Reminder \($0)", priority: $0 % 4 == 0 ? nil : $0 % 3, remindersListID: 1 + $0 % 20) }
      }.execute(db)
      try db.execute(#"ANALYZE TABLE "remindersLists", "reminders""#)

      let find = try Self.plan(of: Reminder.find(5), in: db)
      #expect(find.tables["reminders"]?.access == "const" && find.tables["reminders"]?.key == "PRIMARY")

      let firstPage = try Self.plan(of: Reminder.order { $0.id }.limit(10), in: db)
      #expect(firstPage.tables["reminders"]?.key == "PRIMARY" && !firstPage.sorts)

      let keysetPage = try Self.plan(of: Reminder.where { $0.id > 100 }.order { $0.id }.limit(10), in: db)
      #expect(keysetPage.tables["reminders"]?.access == "range" && keysetPage.tables["reminders"]?.key == "PRIMARY")
      #expect(!keysetPage.sorts)

      let byList = try Self.plan(of: Reminder.where { $0.remindersListID == 3 }, in: db)
      #expect(byList.tables["reminders"]?.access == "ref" && byList.tables["reminders"]?.key == "remindersListID")

      let byListInOrder = try Self.plan(of: Reminder.where { $0.remindersListID == 3 }.order { $0.id }, in: db)
      #expect(byListInOrder.tables["reminders"]?.key == "remindersListID" && !byListInOrder.sorts)

      let joined = try Self.plan(
        of: Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.where { reminder, _ in reminder.id > 390 },
        in: db)
      #expect(joined.tables["remindersLists"]?.access == "eq_ref" && joined.tables["remindersLists"]?.key == "PRIMARY")

      let inKeys = try Self.plan(of: Reminder.where { $0.id.in([1, 5, 9]) }, in: db)
      #expect(inKeys.tables["reminders"]?.access == "range" && inKeys.tables["reminders"]?.key == "PRIMARY")
    }
  }
}
