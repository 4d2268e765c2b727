// A @Selection's Columns(…) of eight fields mixing columns, expressions, aggregates, a Swift value
// and an omitted default, within the type-checking budget of 100 ms per expression.
import Foundation
import TypedSQL

@Table struct Reminder {
  let id: Int
  var title = ""
  var notes = ""
  var isCompleted = false
  var priority: Int?
  var dueDate: Date?
  var listID: Int
}

@Selection struct Row {
  var id: Int
  var title: String
  var upper: String
  var isDone: Bool
  var priority: Int?
  var label = "none"
  var count: Int
  var notesLength: Int
}

_ = Reminder.group(by: \.id).select {
  Row.Columns(
    id: $0.id, title: "fixed", upper: $0.title.upper(), isDone: $0.isCompleted && !$0.notes.eq(""),
    priority: $0.priority, count: $0.id.count(), notesLength: $0.notes.length()
  )
}
