// expect: name the conflict target, which PostgreSQL requires for DO UPDATE
// StructuredQueries' `insert { … } onConflictDoUpdate: { … }` names no conflict target, which
// PostgreSQL cannot run; the compiler names TypedSQL's spellings.
import TypedSQL

@Table struct Tag {
  let id: Int
  var title = ""
}

_ = Tag.insert { Tag(id: 1, title: "car") } onConflictDoUpdate: { $0.title += "!" }
