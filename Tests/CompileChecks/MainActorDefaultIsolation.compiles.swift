// flags: -default-isolation MainActor
// Tables and selections in a module whose default isolation is the main actor (Swift 6.2's
// setting for app targets), used from nonisolated code, with no error or warning (issue 18).
import TypedSQL

@Table struct Item {
  let id: Int
  var title = ""
  var note: String?
}

@Selection struct Summary {
  var title: String
  var note: String?
}

/// A default scope declared in a main-actor module is `nonisolated`, as the protocol
/// requirement it meets is.
@Table struct Archived {
  let id: Int
  var isDeleted = false
  nonisolated static let all = unscoped.where { !$0.isDeleted }
}

@Table struct Pairing {
  var left: Int
  var right: Int
}

func mainActorQuery() -> some Statement { Item.where { $0.title == "x" }.select { ($0.id, $0.note) } }

nonisolated func backgroundQuery() -> some Statement {
  Item.where { $0.title == "x" }.order { $0.id }.limit(10)
}

nonisolated func backgroundScopedCount() -> some Statement { Archived.count() }

nonisolated func backgroundInsert() -> some Statement {
  Item.insert { Item.Draft(title: "Milk"); Item(id: 9, title: "Eggs", note: nil) }
}

nonisolated func backgroundSummary() -> some Statement {
  Item.select { Summary.Columns(title: $0.title, note: $0.note) }
}

/// A JSON document whose members typed paths name, in a main-actor module: declared
/// `nonisolated`, so that its `Codable` conformance is too, as a stored JSON value needs.
@JSONPaths nonisolated struct Preferences: Codable {
  var theme: String
  var sizes: [Int]
}

@Table struct Profile {
  let id: Int
  @Column(as: Preferences.JSONRepresentation.self) var preferences: Preferences
}

nonisolated func typedPathQuery() -> some Statement {
  Profile.find(1).update { $0.preferences = $0.preferences.jsonSet(\.theme, "dark").jsonAppend(3, at: \.sizes) }
}
