import Foundation

/// A select ``RenderedStatementShapes`` kept by its structure (``SelectStructure``), with the
/// shapes of its values met so far. Guarded by the memo's lock.
final class KeptSelect {
  /// The tree the select was first met as: it keeps alive every string the structure's words
  /// name, so that no other string can take their place in memory.
  let tree: SelectStatement
  let words: [UInt64]
  let digest: UInt64
  /// The shapes of values met, the newest first.
  var shapes: [RenderedStatementShapes.Shape] = []

  init(tree: SelectStatement, words: [UInt64], digest: UInt64) {
    self.tree = tree
    self.words = words
    self.digest = digest
  }

  /// Whether the kept structure is `words`.
  func hasStructure(_ words: UnsafeBufferPointer<UInt64>) -> Bool {
    self.words.count == words.count
      && self.words.withUnsafeBytes { memcmp($0.baseAddress!, words.baseAddress!, $0.count) == 0 }
  }
}
