// A `@Table` or `@Selection` type may be named `Row`, as StructuredQueries' own tests name many:
// the code the macros write never names the type from inside a type of the same name.
import TypedSQL

@Table struct Row {
  let id: Int
  var isDeleted = false
  static let all = Self.where { !$0.isDeleted }
}

enum Report {
  @Selection struct Row {
    let id: Int
    let count: Int
  }
}

let scoped = Row.where { $0.id > 1 }.select { Row.Columns(id: $0.id, isDeleted: true) }
let counted = Row.group(by: \.isDeleted).select { Report.Row.Columns(id: $0.id.max() ?? 0, count: $0.id.count()) }
