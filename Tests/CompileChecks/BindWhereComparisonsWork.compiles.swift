// `#bind` wherever a value goes, in the spellings code ported from StructuredQueries uses
// (issue 18): the method spellings take what the operators take, and `#bind` of a value stored
// in its default form is that value.
import Foundation
import TypedSQL

@Table struct Thing {
  let id: Int
  @Column(as: UUID.UppercasedRepresentation.self) var upper: UUID
  var plain: UUID
  var at: Date
  var note: String?
}

let uuid = UUID()
let byOperator = Thing.where { $0.upper == #bind(uuid) }
let byMethod = Thing.where { $0.upper.eq(#bind(uuid)) }
let plainByOperator = Thing.where { $0.plain == #bind(uuid) && $0.id != #bind(3) }
let plainByMethod = Thing.where { $0.plain.eq(#bind(uuid)) }
let dates = Thing.where { $0.at > #bind(Date()) }
let optional = Thing.where { $0.note == #bind("x") }
let assigned = Thing.update {
  $0.plain = #bind(uuid)
  $0.upper = #bind(uuid)
  $0.note = #bind("y")
}
