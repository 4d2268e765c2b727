// expect: a select of a table's rows is 'SelectOf<Table>' in TypedSQL
// StructuredQueries' `SelectStatementOf<T>`: the compiler names TypedSQL's `SelectOf<T>`.
import TypedSQL

@Table struct Tag {
  let id: Int
  var title = ""
}

func tagged() -> SelectStatementOf<Tag> { Tag.all }
