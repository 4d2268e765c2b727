// expect: StructuredQueries deprecates 'insert(_:)': write 'insert { row }'
// StructuredQueries' deprecated `insert(_:)` of a row: the compiler names what to write.
import TypedSQL

@Table struct Tag {
  let id: Int
  var title = ""
}

_ = Tag.insert(Tag(id: 1, title: "car"))
