/// A rendered statement's argument and positional placeholder lists (see
/// ``RenderedSQL/argumentPlaceholders`` and ``RenderedSQL/positionalPlaceholders``), kept in one
/// immutable object that statements rendered alike share.
final class PlaceholderLists: Sendable, Hashable {
  /// ``RenderedSQL/argumentPlaceholders``.
  let arguments: [Int]
  /// ``RenderedSQL/positionalPlaceholders``.
  let positional: [Int]

  private init(arguments: [Int], positional: [Int]) {
    self.arguments = arguments
    self.positional = positional
  }

  /// The lists, or nil when both are empty: a statement has no object for them then. (Not a
  /// failable initializer, which would allocate the object before failing.)
  static func of(arguments: [Int], positional: [Int]) -> PlaceholderLists? {
    arguments.isEmpty && positional.isEmpty ? nil : PlaceholderLists(arguments: arguments, positional: positional)
  }

  static func == (lhs: PlaceholderLists, rhs: PlaceholderLists) -> Bool {
    lhs === rhs || (lhs.arguments == rhs.arguments && lhs.positional == rhs.positional)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(arguments)
    hasher.combine(positional)
  }
}
