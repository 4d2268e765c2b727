extension Optional {
  /// Calls `body` with the wrapped value, if there is one, lending the value itself.
  ///
  /// `if let node = tree.node { … }` binds a copy of the node and destroys it after: for a tree
  /// node, a retain and a release of each of its children, through an outlined copy of the
  /// whole enum. Passed as a parameter and switched over, the optional is only borrowed. The
  /// renderer reads a select's optional clauses this way.
  @inlinable @inline(__always)
  func withWrapped(_ body: (Wrapped) throws -> Void) rethrows {
    switch self {
    case .some(let wrapped): try body(wrapped)
    case .none: break
    }
  }
}
