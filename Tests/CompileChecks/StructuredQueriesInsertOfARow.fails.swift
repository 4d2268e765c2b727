// expect: StructuredQueries deprecates 'insert(_:)': write 'insert { draft }'
// StructuredQueries' deprecated `insert(_:onConflict:)` of a draft: the compiler names what to write.
import TypedSQL

@Table struct Tag {
  let id: Int
  var title = ""
}

_ = Tag.insert(Tag.Draft(title: "car"), onConflict: { $0.title = "auto" })
