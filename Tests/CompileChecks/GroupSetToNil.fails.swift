// expect: a column group that is not optional cannot be set to nil
// A column group that is not optional takes a group value or its columns one by one; `nil` is
// refused when it compiles, not by the database's NOT NULL when it runs.
import Foundation
import TypedSQL

@Selection struct Timestamps {
  var createdAt: Date
  var updatedAt: Date?
}

@Table struct Note {
  let id: Int
  var timestamps: Timestamps
}

_ = Note.update { $0.timestamps = nil }
