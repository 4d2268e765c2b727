import CSQLite
import Foundation
import TypedSQLCore
import TypedSQLSQLite

// The JSON rows workload: 10 lists, each read with its 10 reminders as one JSON array
// (`($0, $1.jsonGroupArray())`), beside the raw C API reading the same SQL and decoding each
// list's array with Foundation's `JSONDecoder`, as code without a library would.

/// A list of the JSON rows workload, conformed by hand as `@Table` writes it.
struct ReminderList: Table, Equatable {
  var id: Int
  var title: String

  static let tableName = "lists"

  struct TableColumns: TableDefinition {
    typealias QueryValue = ReminderList
    static let columnNames = ["id", "title"]
    static let jsonValueForms: [JSONValueForm] = [.plain, .plain]
    static let allColumnsSelection = SharedSelectList(selection(qualifiedBy: QueryValue.tableName))
    static let wholeTableSelect = SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
    let qualifier: String
    init(qualifier: String) {
      self.qualifier = qualifier
    }
    var id: SQLQueryExpression<Int> { Int.queryColumns(named: "id", qualifier: qualifier) }
    var title: SQLQueryExpression<String> { String.queryColumns(named: "title", qualifier: qualifier) }
  }
}

extension ReminderList {
  init(decoder: inout some QueryDecoder) throws {
    let id = try decoder.decode(Int.self)
    let title = try decoder.decode(String.self)
    self.init(id: id, title: title)
  }

  func encodeColumns(into values: inout some ColumnEncoder) {
    values.append(id)
    values.append(title)
  }
}

/// A reminder of a list in the JSON rows workload; `Codable`, so that its JSON decodes both
/// through TypedSQL and through `JSONDecoder`.
struct ListedReminder: Table, Codable, Equatable {
  var id: Int
  var listID: Int
  var title: String

  static let tableName = "listedReminders"

  struct TableColumns: TableDefinition {
    typealias QueryValue = ListedReminder
    static let columnNames = ["id", "listID", "title"]
    static let jsonValueForms: [JSONValueForm] = [.plain, .plain, .plain]
    static let allColumnsSelection = SharedSelectList(selection(qualifiedBy: QueryValue.tableName))
    static let wholeTableSelect = SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
    let qualifier: String
    init(qualifier: String) {
      self.qualifier = qualifier
    }
    var id: SQLQueryExpression<Int> { Int.queryColumns(named: "id", qualifier: qualifier) }
    var listID: SQLQueryExpression<Int> { Int.queryColumns(named: "listID", qualifier: qualifier) }
    var title: SQLQueryExpression<String> { String.queryColumns(named: "title", qualifier: qualifier) }
  }
}

extension ListedReminder {
  init(decoder: inout some QueryDecoder) throws {
    let id = try decoder.decode(Int.self)
    let listID = try decoder.decode(Int.self)
    let title = try decoder.decode(String.self)
    self.init(id: id, listID: listID, title: title)
  }

  func encodeColumns(into values: inout some ColumnEncoder) {
    values.append(id)
    values.append(listID)
    values.append(title)
  }
}

/// The workload's tables: 10 lists of 10 reminders each.
let jsonRowsSchema = """
  CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL);
  CREATE TABLE "listedReminders" ("id" INTEGER PRIMARY KEY, "listID" INTEGER NOT NULL, "title" TEXT NOT NULL);
  CREATE INDEX "listedRemindersByList" ON "listedReminders"("listID");
  WITH RECURSIVE "numbers"("n") AS (SELECT 1 UNION ALL SELECT "n" + 1 FROM "numbers" WHERE "n" < 100)
  INSERT INTO "listedReminders" SELECT "n", ("n" - 1) / 10 + 1, 'Item ' || "n" FROM "numbers";
  INSERT INTO "lists" SELECT DISTINCT "listID", 'List ' || "listID" FROM "listedReminders";
  """

/// Each list with its reminders, read as one JSON array per list, built at the call.
func listsWithTheirReminders() -> Select<
  (ReminderList.TableColumns, NullableColumns<ListedReminder.TableColumns>),
  TupleRow<ReminderList, JSONRows<ListedReminder>>
> {
  ReminderList.leftJoin(ListedReminder.all) { $0.id == $1.listID }
    .group { list, _ in list.id }
    .select { ($0, $1.jsonGroupArray()) }
}

/// The raw anchor of the JSON rows: `statement` (the workload's SQL, prepared once) stepped
/// through its rows, each list's columns read with `sqlite3_column_*` and its reminders decoded
/// from the JSON text by `decoder`.
func rawListsWithTheirReminders(
  _ statement: OpaquePointer, decoder: JSONDecoder
) throws -> [(ReminderList, [ListedReminder])] {
  defer { sqlite3_reset(statement) }
  var lists: [(ReminderList, [ListedReminder])] = []
  while sqlite3_step(statement) == SQLITE_ROW {
    let title = String(
      decoding: UnsafeBufferPointer(start: sqlite3_column_text(statement, 1), count: Int(sqlite3_column_bytes(statement, 1))),
      as: UTF8.self)
    let json = Data(
      bytesNoCopy: UnsafeMutableRawPointer(mutating: sqlite3_column_blob(statement, 2)),
      count: Int(sqlite3_column_bytes(statement, 2)), deallocator: .none)
    lists.append(
      (ReminderList(id: Int(sqlite3_column_int64(statement, 0)), title: title),
       try decoder.decode([ListedReminder].self, from: json)))
  }
  return lists
}
