// expect: error: static method 'order(by:)' requires that 'Int' conform to 'QueryOrdering'
// An `order` or `group` closure holding something that is not an expression (issue 18): here a
// Swift value where a column was meant. Taking the closure as a bare parameter pack, Swift
// matched it to an empty pack and compiled a query with no ORDER BY; the closure now needs at
// least one term, so the value is refused by name.
import TypedSQL

@Table struct Shelf {
  let id: Int
  var name = ""
}

let ordered = Shelf.order { ($0.name, 1) }
