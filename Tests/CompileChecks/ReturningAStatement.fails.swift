// expect: error: 'returning' is unavailable: returning gives expressions only: columns, a table's columns, Swift values or #sql
// A RETURNING clause of something that is not an expression.
import TypedSQL

@Table struct Shelf {
  let id: Int
  var name = ""
}

let deleted = Shelf.where { $0.id > 1 }.delete().returning { ($0.id, Shelf.insert { Shelf.Draft(name: "New") }) }
