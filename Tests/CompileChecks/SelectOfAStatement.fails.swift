// expect: error: 'select' is unavailable: select gives expressions only (columns, a table's columns, Swift values, #sql, a query of one value), of the types the query is used with; an INSERT, UPDATE or DELETE is not a value
// A select closure whose tuple holds something that is not an expression (issue 33, item 4):
// here an INSERT where a value was meant. With a bare parameter pack Swift matched the closure
// to an empty pack, discarded the tuple and compiled a select of no columns; now only the
// unavailable overload matches, and its message says what a select takes.
import TypedSQL

@Table struct Shelf {
  let id: Int
  var name = ""
}

let selected = Shelf.select { ($0.id, Shelf.insert { Shelf.Draft(name: "New") }) }
