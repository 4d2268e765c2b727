/// A value kept in a buffer that copies share until one of them changes it (copy on write): the
/// clauses of a statement's tree, so that copying a statement is one reference, and a statement
/// shared by many queries (a table's ``TableDefinition/wholeTableSelect``) is built once.
@usableFromInline
struct CopyOnWrite<Value: Hashable & Sendable>: Hashable, @unchecked Sendable {
  /// The buffer. Changed only through the one value that references it, so no two threads ever
  /// touch a buffer that changes.
  @usableFromInline
  var buffer: Buffer

  /// A buffer holding `value`.
  @inlinable
  init(_ value: Value) {
    buffer = Buffer(value)
  }

  /// The value, copied into a buffer of its own before it changes if another value shares its
  /// buffer. A statement reads a part of it through `buffer.value`, a stored property, rather
  /// than through this accessor: nested in the statement's own read accessor, this one's frame
  /// did not fit the caller's and was allocated on the heap when not inlined.
  @inlinable
  var value: Value {
    _read { yield buffer.value }
    _modify {
      if !isKnownUniquelyReferenced(&buffer) { buffer = Buffer(buffer.value) }
      yield &buffer.value
    }
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.buffer === rhs.buffer || lhs.buffer.value == rhs.buffer.value
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    buffer.value.hash(into: &hasher)
  }

  /// The shared buffer.
  @usableFromInline
  final class Buffer {
    @usableFromInline @exclusivity(unchecked)
    var value: Value

    @inlinable
    init(_ value: Value) {
      self.value = value
    }
  }
}
