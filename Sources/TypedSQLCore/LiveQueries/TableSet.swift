/// Tables named, or every table: what a fetch read, or what a commit changed.
///
/// Names compare without regard to ASCII case, as SQLite's do; a database whose names are
/// case-sensitive (PostgreSQL's quoted names) at worst re-runs a live query that did not need it.
package enum TableSet: Sendable, Equatable {
  /// The tables of these names (lowercased).
  case named(Set<String>)
  /// Every table: a change the database could not attribute, or a fetch whose reads it could not
  /// follow.
  case all

  /// No table.
  package static let none = TableSet.named([])

  /// The tables of `names`.
  package init(_ names: some Sequence<String>) {
    self = .named(Set(names.map { $0.lowercased() }))
  }

  /// Whether the set names no table.
  package var isEmpty: Bool {
    if case .named(let names) = self { return names.isEmpty }
    return false
  }

  /// Whether a table is in both sets.
  package func intersects(_ other: TableSet) -> Bool {
    switch (self, other) {
    case (.all, _): return !other.isEmpty
    case (_, .all): return !isEmpty
    case (.named(let mine), .named(let theirs)): return !mine.isDisjoint(with: theirs)
    }
  }

  /// Adds the tables of `other`.
  package mutating func formUnion(_ other: TableSet) {
    switch (self, other) {
    case (.all, _): return
    case (_, .all): self = .all
    case (.named(var mine), .named(let theirs)):
      self = .none  // the set is uniquely referenced while it grows
      mine.formUnion(theirs)
      self = .named(mine)
    }
  }
}
