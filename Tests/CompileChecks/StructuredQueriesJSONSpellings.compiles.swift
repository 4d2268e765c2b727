// StructuredQueries' JSON spellings on a `@Selection` struct stored as JSON, with no `@JSONPaths`,
// and the README's typed-path example, within the type-checking budget.
import Foundation
import TypedSQL

@Selection struct Link: Codable {
  var homepage = ""
  var isActive = false
}

@Selection struct Author: Codable {
  var name = ""
  var nickname: String?
  @Column(as: [Link].JSONRepresentation.self)
  var links: [Link] = []
  @Column(as: [String: Int].JSONRepresentation.self)
  var scores: [String: Int] = [:]
}

@Table struct Profile {
  let id: Int
  @Column(as: Author.JSONRepresentation.self) var author: Author
}

@JSONPaths struct Settings: Codable {
  var theme: String?
  var sizes: [Int]?
  var flags: [String: Bool]?
}

@Table struct Preference {
  let id: Int
  @Column(as: Settings.JSONRepresentation.self) var settings: Settings
}

let extracted = Profile.select { ($0.author.jsonExtract(\.name), $0.author.jsonbExtract(\.links[0].homepage)) }
let filtered = Profile.where { $0.author.jsonExtract(\.name).eq("Blob") && $0.author.jsonExtract(\.links[0].isActive) == true }
let elements = Profile.where { $0.author.jsonEach(\.links).where { $0.value.jsonExtract(\.isActive) }.exists() }
let members = Profile.where { $0.author.jsonEach(\.scores).where { $0.key.eq("swift") && $0.value > 5 }.exists() }
let edited = Profile.update {
  $0.author = $0.author
    .jsonbSet(\.name, "Blob, Esq.")
    .jsonbInsert(\.nickname, "Blobby")
    .jsonbAppend(\.links, Link(homepage: "blob.example"))
    .jsonbRemove(\.links[0])
}
let themes = Preference.select { ($0.settings.jsonText(at: \.sizes[1]), $0.settings.json(at: \.flags)) }
let dark = Preference.where { $0.settings.jsonExtract(\.theme) == "dark" }
let updated = Preference.find(1).update { $0.settings = $0.settings.jsonSet(\.theme, "dark").jsonAppend(\.sizes, 3) }
