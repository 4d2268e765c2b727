// expect: error: a default scope must start from 'unscoped': 'Self.where' starts from 'all'
// A default scope written in StructuredQueries' spelling would start from itself here: `@Table`
// reports it with a fix-it, instead of a program that never finishes building the scope.
import TypedSQL

@Table struct Memo {
  let id: Int
  var isDeleted = false
  static let all = Self.where { !$0.isDeleted }
}
