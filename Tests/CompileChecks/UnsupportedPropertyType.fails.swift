// expect: error: property 'tags' of type '[String]' cannot be a column; store it through a representation with '@Column(as:)'
// A property whose type no column holds (issue 18) is reported by `@Table` itself, with fix-its
// for `@Column(as: [String].JSONRepresentation.self)` and `@Ephemeral`, rather than as a
// conformance error inside the expansion.
import TypedSQL

@Table struct Recipe {
  let id: Int
  var tags: [String]
}
