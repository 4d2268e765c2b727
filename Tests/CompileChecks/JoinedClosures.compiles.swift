// Closures after a join that name each table as its own parameter (issue 18): `group { l, _ in
// l.id }` crashed Swift 6.3.1's SIL generation while `group { $0.0.id }` compiled.
import TypedSQL

@Table struct Shelf {
  let id: Int
  var name = ""
}

@Table struct Box {
  let id: Int
  var shelfID: Int
  var weight = 0
}

@Table struct Label {
  let id: Int
  var boxID: Int
}

let grouped = Shelf.join(Box.all) { $0.id == $1.shelfID }.group { shelf, _ in shelf.id }
let groupedByTuple = Shelf.join(Box.all) { $0.id == $1.shelfID }.group { $0.0.id }
let groupedByTwo = Shelf.join(Box.all) { $0.id == $1.shelfID }.group { shelf, box in (shelf.id, box.weight) }
let groupedOuter = Shelf.leftJoin(Box.all) { $0.id == $1.shelfID }.group { shelf, _ in shelf.id }
  .having { _, box in box.weight.sum() > 3 }.order { shelf, _ in shelf.name }.select { shelf, box in (shelf.name, box.count()) }
let groupedThree = Shelf.join(Box.all) { $0.id == $1.shelfID }.join(Label.all) { _, box, label in box.id == label.boxID }
  .group { _, box, _ in box.id }.select { _, box, label in (box.id, label.id.count()) }
