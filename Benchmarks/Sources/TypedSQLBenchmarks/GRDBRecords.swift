import Foundation
import GRDB

/// GRDB's `Codable` record: the anchor for decoding and encoding through `Codable`.
struct GRDBCodableReminder: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "reminders"
  var id: Int
  var title: String
  var isCompleted: Bool
  var priority: Int?
  var dueDate: Date?
  var notes: String?

  init(_ row: Reminder) {
    (id, title, isCompleted, priority, dueDate, notes) =
      (row.id, row.title, row.isCompleted, row.priority, row.dueDate, row.notes)
  }
}

/// GRDB's hand-written record: `init(row:)` by column index and `encode(to:)` by column name.
struct GRDBManualReminder: FetchableRecord, PersistableRecord {
  static let databaseTableName = "reminders"
  var id: Int
  var title: String
  var isCompleted: Bool
  var priority: Int?
  var dueDate: Date?
  var notes: String?

  init(_ row: Reminder) {
    (id, title, isCompleted, priority, dueDate, notes) =
      (row.id, row.title, row.isCompleted, row.priority, row.dueDate, row.notes)
  }

  init(row: Row) {
    id = row[0]
    title = row[1]
    isCompleted = row[2]
    priority = row[3]
    dueDate = row[4]
    notes = row[5]
  }

  func encode(to container: inout PersistenceContainer) {
    container["id"] = id
    container["title"] = title
    container["isCompleted"] = isCompleted
    container["priority"] = priority
    container["dueDate"] = dueDate
    container["notes"] = notes
  }
}
