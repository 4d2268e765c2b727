// expect: cannot convert value of type 'Int' to expected argument type 'String'
// A typed JSON path takes a value of its member's type only.
import TypedSQL

@JSONPaths struct Preferences: Codable {
  var theme: String
}

@Table struct Profile {
  let id: Int
  @Column(as: Preferences.JSONRepresentation.self) var preferences: Preferences
}

let edit = Profile.find(1).update { $0.preferences = $0.preferences.jsonSet(\.theme, 5) }
