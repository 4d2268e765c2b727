// expect: error: 'buildExpression' is unavailable: a common table's select returns one table's or @Selection's rows
// A common table's select returns the rows of one table type, which name the table: a select of
// two tables' rows in one row would fill none, and is refused by name where it is written.
import TypedSQL

@Table struct Shelf {
  let id: Int
  var name = ""
}

@Table struct Book {
  let id: Int
  var shelfID: Int
}

let statement = With {
  Shelf.join(Book.all) { $0.id.eq($1.shelfID) }.select { ($0, $1) }
} query: {
  Shelf.all
}
