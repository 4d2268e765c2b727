// expect: full-text functions belong to the FTS5 table: write '$0.match("…", in: \.title)'
// StructuredQueries' `$0.title.match("…")`: TypedSQL keeps FTS5 functions on the table, so the
// compiler names that spelling instead of reporting a missing member.
import TypedSQL

@Table struct Note {
  let id: Int
  var title = ""
}

_ = Note.where { $0.title.match("swift") }
