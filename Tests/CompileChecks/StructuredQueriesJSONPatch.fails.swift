// expect: StructuredQueries deprecates 'jsonPatch': write 'jsonSet' and 'jsonRemove'
// StructuredQueries' deprecated `jsonPatch(_:)`: the compiler names what to write.
import TypedSQL

@Table struct Profile {
  let id: Int
  @Column(as: [String: Int].JSONRepresentation.self) var scores: [String: Int] = [:]
}

_ = Profile.update { $0.scores = $0.scores.jsonPatch($0.scores) }
