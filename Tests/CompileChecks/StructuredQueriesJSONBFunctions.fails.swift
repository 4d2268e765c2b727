// expect: 'jsonEach()' reads a JSONB column too, on both databases
// StructuredQueries' `jsonb…` functions: TypedSQL's `json…` functions already read JSONB
// columns, on both databases, and the compiler says so.
import TypedSQL

@Table struct Post {
  let id: Int
  @Column(as: JSONBRepresentation<[String]>.self) var tags: [String] = []
}

_ = Post.select { $0.tags.jsonbEach() }
