// expect: a table's columns are 'columnNames' (their names, in declaration order) and 'storedColumns'
// StructuredQueries' `TableColumns.allColumns`: the compiler names TypedSQL's spellings.
import TypedSQL

@Table struct Tag {
  let id: Int
  var title = ""
}

_ = Tag.TableColumns.allColumns
