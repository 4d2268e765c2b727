// expect: StructuredQueries deprecates '@Columns': write '@Column'
// StructuredQueries' deprecated `@Columns`: the compiler names the attribute to write.
import TypedSQL

@Table struct Tag {
  let id: Int
  @Columns("tag_title") var title = ""
}
