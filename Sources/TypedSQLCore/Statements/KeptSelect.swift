import Foundation

/// A select ``RenderedStatementShapes`` kept by its structure (``SelectStructure``), with the
/// shapes of its values met so far. Guarded by the memo's lock.
final class KeptSelect {
  /// The tree the select was first met as: it keeps alive every string the structure's words
  /// name, so that no other string can take their place in memory.
  let tree: SelectStatement
  let words: [UInt64]
  /// The shapes of values met, the newest first. Guarded by the memo's lock, so its run-time
  /// exclusivity check, a call on every select, is left out.
  @exclusivity(unchecked)
  var shapes: [RenderedStatementShapes.Shape] = []
  /// The values the last select of this structure bound, one per value of the structure. Once
  /// that select has run and dropped its copy, the list is this one's alone, and the next
  /// select writes its own values over them in place, allocating no list. It holds those values
  /// until then.
  @exclusivity(unchecked)
  var bindings: [QueryBinding]

  init(tree: SelectStatement, words: [UInt64], bindings: [QueryBinding]) {
    self.tree = tree
    self.words = words
    self.bindings = bindings
  }

  /// The SQL of `shape`, one of this select's, binding `values`, which have it.
  func rendered(_ values: UnsafeBufferPointer<QueryBinding>, as shape: RenderedStatementShapes.Shape) -> RenderedSQL {
    guard shape.bindsEveryValueInOrder, bindings.count == values.count else {
      return RenderedSQL(
        sql: shape.sql, bindings: shape.boundValues.map { values[$0] }, placeholderLists: shape.placeholderLists)
    }
    bindings.withUnsafeMutableBufferPointer { bindings in
      for place in bindings.indices { bindings[place] = values[place] }
    }
    return RenderedSQL(sql: shape.sql, bindings: bindings, placeholderLists: shape.placeholderLists)
  }

  /// Whether the kept structure is `words`.
  func hasStructure(_ words: UnsafeBufferPointer<UInt64>) -> Bool {
    self.words.count == words.count
      && self.words.withUnsafeBytes { memcmp($0.baseAddress!, words.baseAddress!, $0.count) == 0 }
  }
}
