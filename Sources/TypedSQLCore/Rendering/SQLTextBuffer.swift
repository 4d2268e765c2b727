/// The growing UTF-8 text of one rendering pass, in memory it owns, or first in memory lent to
/// it (a rendering pass's stack) until the text outgrows it.
///
/// Rendering appends a few dozen short pieces per statement. `Array.append(contentsOf:)` spends
/// more on its generic bookkeeping and copy-on-write checks than on the bytes; this buffer cannot
/// be copied, so an append is one capacity check and one copy.
@usableFromInline
struct SQLTextBuffer: ~Copyable {
  @usableFromInline
  var start: UnsafeMutablePointer<UInt8>
  /// The number of bytes written.
  @usableFromInline
  var count = 0
  @usableFromInline
  var capacity: Int
  /// Whether `start` was allocated by the buffer, which then deallocates it; false while the
  /// text is in lent memory.
  @usableFromInline
  var ownsStorage = true

  /// An empty buffer with room for `initialCapacity` bytes before it grows.
  @inlinable
  init(initialCapacity: Int) {
    capacity = Swift.max(initialCapacity, 16)
    start = .allocate(capacity: capacity)
  }

  /// An empty buffer writing into `storage`, which must outlive it, until the text outgrows
  /// it; then the text moves to memory the buffer allocates.
  init(lent storage: UnsafeMutableBufferPointer<UInt8>) {
    capacity = storage.count
    start = storage.baseAddress!
    ownsStorage = false
  }

  // Inlinable like the rest of the buffer: the release-mode optimizer rejects inlining a
  // non-inlinable deinit into the inlinable code that owns a buffer.
  @inlinable
  deinit {
    if ownsStorage { start.deallocate() }
  }

  /// Appends `bytes`.
  @inlinable
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    appendWithin(maximumCount: bytes.count) { destination in
      if let source = bytes.baseAddress {
        UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: bytes.count)
      }
      return bytes.count
    }
  }

  /// Appends one byte.
  @inlinable
  mutating func append(_ byte: UInt8) {
    appendWithin(maximumCount: 1) { destination in
      destination.initialize(to: byte)
      return 1
    }
  }

  /// Makes room for `maximumCount` more bytes, then lets `write` put bytes at the end and say how
  /// many it wrote (at most `maximumCount`): one capacity check for a piece built from parts.
  @inlinable
  mutating func appendWithin(maximumCount: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
    if count + maximumCount > capacity {
      grow(minimumCapacity: count + maximumCount)
    }
    count += write(start + count)
  }

  /// Moves the bytes to memory with room for at least `minimumCapacity` bytes, doubling the
  /// capacity so appends stay amortized constant time.
  @usableFromInline
  mutating func grow(minimumCapacity: Int) {
    let newCapacity = Swift.max(minimumCapacity, capacity * 2)
    let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStart.moveInitialize(from: start, count: count)
    if ownsStorage { start.deallocate() }
    ownsStorage = true
    start = newStart
    capacity = newCapacity
  }

  /// The bytes as a `String`; they are valid UTF-8, every piece having come from a `String` or
  /// a `StaticString`.
  var string: String {
    String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  }
}
