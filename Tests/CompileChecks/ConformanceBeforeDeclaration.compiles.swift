// A table or selection used as a row type above its declaration (issue 18): the macros declare
// every conformance they add, so `Tag: QueryRow` is known before `@Table` expands.
import TypedSQL

let tags = #sql("SELECT \(Tag.columns) FROM \(Tag.self)", as: Tag.self)
let pairs = #sql("SELECT 1, 'x'", as: Pair.self)

func rows<Row: QueryRow>(of type: Row.Type) -> Int { Row.columnCount }
let tagColumns = rows(of: Tag.self)

@Table struct Tag {
  let id: Int
  var name = ""
}

@Selection struct Pair {
  var number: Int
  var text: String
}
