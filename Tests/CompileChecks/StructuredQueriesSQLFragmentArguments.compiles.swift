// StructuredQueries' `#sql("…")` without `as:` as a comparison method's argument: its type is
// inferred from the column's (`$0.date.lt(#sql("date()"))`).
import Foundation
import TypedSQL

@Table struct Event {
  let id: Int
  var date: Date
  var dueDate: Date?
  var title = ""
}

_ = Event.where { $0.date.lt(#sql("date()")) }
_ = Event.where { $0.dueDate.lt(#sql("date()")) }
_ = Event.where { $0.title.eq(#sql("'x'")) }
_ = Event.where { $0.id.gte(#sql("1")) }
_ = Event.where { $0.dueDate.eq(#sql("date()")) }
