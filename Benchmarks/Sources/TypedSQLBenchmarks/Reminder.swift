import Foundation
import TypedSQLCore

/// The benchmark table of issue 6, six columns (Int, String, Bool, Int?, Date?, String?),
/// conformed by hand exactly as `@Table` generates it.
struct Reminder: PrimaryKeyedTable, Equatable {
  var id: Int
  var title: String
  var isCompleted: Bool
  var priority: Int?
  var dueDate: Date?
  var notes: String?

  static let tableName = "reminders"

  struct TableColumns: PrimaryKeyedTableDefinition {
    typealias QueryValue = Reminder
    static let columnNames = ["id", "title", "isCompleted", "priority", "dueDate", "notes"]
    static let allColumnsSelection = SharedSelectList(selection(qualifiedBy: QueryValue.tableName))
    static let wholeTableSelect = SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
    let qualifier: String
    init(qualifier: String) {
      self.qualifier = qualifier
    }
    var id: SQLQueryExpression<Int> { Int.queryColumns(named: "id", qualifier: qualifier) }
    var title: SQLQueryExpression<String> { String.queryColumns(named: "title", qualifier: qualifier) }
    var isCompleted: SQLQueryExpression<Bool> { Bool.queryColumns(named: "isCompleted", qualifier: qualifier) }
    var priority: SQLQueryExpression<Int?> { Int?.queryColumns(named: "priority", qualifier: qualifier) }
    var dueDate: SQLQueryExpression<Date?> { Date?.queryColumns(named: "dueDate", qualifier: qualifier) }
    var notes: SQLQueryExpression<String?> { String?.queryColumns(named: "notes", qualifier: qualifier) }
    var primaryKey: SQLQueryExpression<Int> { id }
  }

  struct Draft: InsertRow {
    typealias Into = Reminder
    var id: Int?
    var title: String
    var isCompleted: Bool
    var priority: Int?
    var dueDate: Date?
    var notes: String?
    func encodeColumns(into values: inout some ColumnEncoder) {
      values.append(primaryKey: id)
      values.append(title)
      values.append(isCompleted)
      values.append(priority)
      values.append(dueDate)
      values.append(notes)
    }
  }
}

// In an extension, as `@Table` writes them: declared in the struct, an initializer would take
// Swift's implicit memberwise initializer away, which the row decoder calls.
extension Reminder {
  init(decoder: inout some QueryDecoder) throws {
    let id = try decoder.decode(Int.self)
    let title = try decoder.decode(String.self)
    let isCompleted = try decoder.decode(Bool.self)
    let priority = try decoder.decode(Int?.self)
    let dueDate = try decoder.decode(Date?.self)
    let notes = try decoder.decode(String?.self)
    self.init(id: id, title: title, isCompleted: isCompleted, priority: priority, dueDate: dueDate, notes: notes)
  }

  func encodeColumns(into values: inout some ColumnEncoder) {
    values.append(id)
    values.append(title)
    values.append(isCompleted)
    values.append(priority)
    values.append(dueDate)
    values.append(notes)
  }
}

/// The rows every workload reads or writes: row `i` is the same on every contender and database.
func benchmarkRows(_ count: Int) -> [Reminder] {
  (1...count).map { i in
    Reminder(
      id: i, title: "Reminder \(i)", isCompleted: i % 2 == 1, priority: i % 3 == 0 ? nil : i % 4,
      dueDate: i % 4 == 0 ? nil : Date(timeIntervalSince1970: Double(1_700_000_000 + i * 60)),
      notes: i % 5 == 0 ? "note \(i)" : nil)
  }
}
