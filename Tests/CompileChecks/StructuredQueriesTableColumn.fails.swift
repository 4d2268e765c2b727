// expect: a column handle is an expression in TypedSQL: declare it 'SQLQueryExpression<Value>'
// StructuredQueries' `TableColumn<Root, Value>` type: the compiler names TypedSQL's.
import TypedSQL

@Table struct Tag {
  let id: Int
  var title = ""
}

let title: TableColumn<Tag, String> = Tag.columns.title
