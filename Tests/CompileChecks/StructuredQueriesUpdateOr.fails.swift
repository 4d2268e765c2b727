// expect: StructuredQueries deprecates 'update(or:)', and 'UPDATE OR …' is SQLite's
// StructuredQueries' deprecated `update(or: .replace) { … }`: the compiler names what to write.
import TypedSQL
import TypedSQLSQLite

@Table struct Tag {
  let id: Int
  var title = ""
}

_ = Tag.update(or: .replace) { $0.title = "car" }
