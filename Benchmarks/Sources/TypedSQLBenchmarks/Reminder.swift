import TypedSQLCore

/// The benchmark table, conformed by hand exactly as `@Table` generates it.
struct Reminder: PrimaryKeyedTable, Equatable {
  var id: Int
  var title: String
  var isCompleted: Bool
  var priority: Int?
  var notes: String?
  var remindersListID: Int

  static let tableName = "reminders"

  struct TableColumns: PrimaryKeyedTableDefinition {
    typealias QueryValue = Reminder
    static let columnNames = ["id", "title", "isCompleted", "priority", "notes", "remindersListID"]
    let qualifier: String
    let id: QueryExpression<Int>
    let title: QueryExpression<String>
    let isCompleted: QueryExpression<Bool>
    let priority: QueryExpression<Int?>
    let notes: QueryExpression<String?>
    let remindersListID: QueryExpression<Int>
    init(qualifier: String) {
      self.qualifier = qualifier
      id = .init(column: "id", qualifier: qualifier)
      title = .init(column: "title", qualifier: qualifier)
      isCompleted = .init(column: "isCompleted", qualifier: qualifier)
      priority = .init(column: "priority", qualifier: qualifier)
      notes = .init(column: "notes", qualifier: qualifier)
      remindersListID = .init(column: "remindersListID", qualifier: qualifier)
    }
    var primaryKey: QueryExpression<Int> { id }
  }

  struct Draft: InsertRow {
    typealias Into = Reminder
    var id: Int?
    var title: String
    var isCompleted: Bool
    var priority: Int?
    var notes: String?
    var remindersListID: Int
    func encodeColumns(into values: inout ColumnValues) {
      values.append(primaryKey: id)
      values.append(title)
      values.append(isCompleted)
      values.append(priority)
      values.append(notes)
      values.append(remindersListID)
    }
  }

  init(id: Int, title: String, isCompleted: Bool, priority: Int?, notes: String?, remindersListID: Int) {
    self.id = id
    self.title = title
    self.isCompleted = isCompleted
    self.priority = priority
    self.notes = notes
    self.remindersListID = remindersListID
  }

  init(decoder: inout some QueryDecoder) throws {
    id = try decoder.decode(Int.self)
    title = try decoder.decode(String.self)
    isCompleted = try decoder.decode(Bool.self)
    priority = try decoder.decode(Int?.self)
    notes = try decoder.decode(String?.self)
    remindersListID = try decoder.decode(Int.self)
  }

  func encodeColumns(into values: inout ColumnValues) {
    values.append(id)
    values.append(title)
    values.append(isCompleted)
    values.append(priority)
    values.append(notes)
    values.append(remindersListID)
  }
}
