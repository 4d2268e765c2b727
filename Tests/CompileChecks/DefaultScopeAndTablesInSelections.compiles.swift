// A default scope started from `unscoped` (and its type by StructuredQueries' name), a table as a field of a selection, a lazily
// initialized column and a raw value stored without conforming it, all as a user writes them.
import Foundation
import TypedSQL

enum Mood: String { case calm, busy }

@Table struct Memo {
  let id: Int
  var body = ""
  var isDeleted = false
  @Column(lazyInitializable: true) var createdAt: Date
  @Column(as: Mood.RawRepresentation.self) var mood: Mood
  static let all = unscoped.where { !$0.isDeleted }
}

@Table struct Folder {
  let id: Int
  var name = ""
}

@Selection struct MemoInFolder {
  let memo: Memo
  let folder: Folder?
}

let scoped = Memo.where { $0.body != "" }.count()
let defaultScope: Memo.DefaultScope = Memo.all
let draft = Memo.Draft(body: "x", mood: .calm)
let rows = Memo.leftJoin(Folder.all) { $0.id == $1.id }
  .select { MemoInFolder.Columns(memo: $0, folder: $1) }
let key = Memo(id: 1, createdAt: Date(), mood: .busy).primaryKey
