import GRDB

/// GRDB's `Codable` record: the anchor for decoding and encoding through `Codable`.
struct GRDBCodableReminder: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "reminders"
  var id: Int
  var title: String
  var isCompleted: Bool
  var priority: Int?
  var notes: String?
  var remindersListID: Int
}

/// GRDB's hand-written record: `init(row:)` and `encode(to:)` by column name.
struct GRDBManualReminder: FetchableRecord, PersistableRecord {
  static let databaseTableName = "reminders"
  var id: Int
  var title: String
  var isCompleted: Bool
  var priority: Int?
  var notes: String?
  var remindersListID: Int

  init(id: Int, title: String, isCompleted: Bool, priority: Int?, notes: String?, remindersListID: Int) {
    self.id = id
    self.title = title
    self.isCompleted = isCompleted
    self.priority = priority
    self.notes = notes
    self.remindersListID = remindersListID
  }

  init(row: Row) {
    id = row[0]
    title = row[1]
    isCompleted = row[2]
    priority = row[3]
    notes = row[4]
    remindersListID = row[5]
  }

  func encode(to container: inout PersistenceContainer) {
    container["id"] = id
    container["title"] = title
    container["isCompleted"] = isCompleted
    container["priority"] = priority
    container["notes"] = notes
    container["remindersListID"] = remindersListID
  }
}
