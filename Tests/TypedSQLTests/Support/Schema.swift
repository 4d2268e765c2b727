import TypedSQL

// The Reminders schema the seeds use, shared by the rendering tests.

@Table struct Reminder: Equatable {
  let id: Int
  var title = ""
  var isCompleted = false
  var priority: Int?
  var remindersListID: Int
}

@Table struct RemindersList: Equatable {
  let id: Int
  var title = ""
}

@Table struct Tag: Equatable {
  let id: Int
  var name = ""
}

@Table("remindersTags") struct ReminderTag: Equatable {
  var reminderID: Int
  var tagID: Int
}

enum Priority: Int, QueryBindable {
  case low = 1, medium, high
}

/// A table that exists only as a common table expression.
@Table("counts") struct Count {
  var value: Int
}

/// A table with a default scope: a deleted note is only marked so, and no query that starts
/// from the table sees it.
@Table struct Note: Equatable {
  let id: Int
  var body = ""
  var remindersListID: Int
  var isDeleted = false
  static let all = unscoped.where { !$0.isDeleted }
}

/// A list with one of its reminders, if it has any, decoded whole from an outer join.
@Selection struct ListWithReminder {
  let list: RemindersList
  let reminder: Reminder?
  let isFirst: Bool
}

/// A table whose primary key is a group of two columns.
@Table struct Enrollment {
  let id: Key
  var grade: Int?

  @Selection struct Key {
    var course: Int
    var student: Int
  }
}

/// The rows of a common table expression, declared as a selection.
@Selection struct ListCount {
  let listID: Int
  let count: Int
}
