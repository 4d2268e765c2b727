// expect: write 'jsonGroupArray(distinct:order:filter:)': one JSON array of the rows on both databases
// StructuredQueries' `jsonbGroupArray()` of a table's rows: TypedSQL's `jsonGroupArray()` gives
// JSONB on PostgreSQL already, and the compiler says so.
import TypedSQL

@Table struct Post {
  let id: Int
  var title = ""
}

_ = Post.columns.jsonbGroupArray()
