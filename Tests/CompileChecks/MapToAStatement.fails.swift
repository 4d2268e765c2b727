// expect: error: 'map' is unavailable: map gives expressions only: the values it receives, columns, Swift values, #sql, or a query of one value
// A map that reshapes the selected values into something that is not an expression.
import TypedSQL

@Table struct Shelf {
  let id: Int
  var name = ""
}

let reshaped = Shelf.select { ($0.id, $0.name) }.map { id, name in (id, Shelf.delete()) }
