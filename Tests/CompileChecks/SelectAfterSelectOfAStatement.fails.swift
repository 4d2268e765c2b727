// expect: error: 'select' is unavailable: select gives expressions only
// A select on a query (not the table type) holding something that is not an expression is
// refused by the same message: a statement alone, with no tuple.
import TypedSQL

@Table struct Shelf {
  let id: Int
  var name = ""
}

let selected = Shelf.where { $0.id > 1 }.select { _ in Shelf.delete() }
