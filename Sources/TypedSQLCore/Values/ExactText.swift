import Foundation

/// Text compared and hashed by its UTF-8 bytes: the key of every cache or lookup that holds SQL
/// text or a name.
///
/// Swift's `String ==` is canonical equivalence, so `"caf\u{E9}"` (precomposed é) equals
/// `"cafe\u{301}"` (e and a combining accent). A database compares bytes: they are two
/// different literals, two different tables, two different migrations. A statement cache keyed
/// by `String` would run the first one's statement for the second.
///
/// ```swift
/// ExactText("caf\u{E9}") == ExactText("cafe\u{301}")  // false
/// "caf\u{E9}" == "cafe\u{301}"                        // true
/// ```
public struct ExactText: Hashable, Sendable, CustomStringConvertible {
  /// The text.
  public let text: String

  /// The text `text`, compared by its bytes.
  @inlinable
  public init(_ text: String) {
    self.text = text
  }

  public static func == (lhs: ExactText, rhs: ExactText) -> Bool {
    haveSameUTF8(lhs.text, rhs.text)
  }

  /// Feeds a digest of the text's bytes, and their count, to `hasher`.
  ///
  /// The digest reads eight bytes at a step and mixes each word with a multiplication, cheaper
  /// than feeding every byte to `Hasher`: every statement built at the call looks up its SQL
  /// text by this hash. SQL text and names are the program's own, not its users'
  /// values (those are bound, and hashed by ``combineUTF8(of:into:)``); texts with equal digests
  /// would only share a bucket, never an entry, as entries are told apart by their bytes.
  public func hash(into hasher: inout Hasher) {
    var text = text
    hasher.combine(text.withUTF8 { Self.digestOfBytes(UnsafeRawBufferPointer($0)) })
    hasher.combine(text.utf8.count)
  }

  public var description: String { text }

  /// Whether `a` and `b` are one string value in memory: the same small string, or the same
  /// storage and length. Such strings are equal without reading their bytes; equal strings kept
  /// apart are not identical.
  @inlinable
  public static func areIdentical(_ a: String, _ b: String) -> Bool {
    // A string is two words on 64-bit platforms: compare them as such, without a call.
    guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else {
      return withUnsafeBytes(of: a) { a in
        withUnsafeBytes(of: b) { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
      }
    }
    let wordsOfA = unsafeBitCast(a, to: (UInt64, UInt64).self)
    let wordsOfB = unsafeBitCast(b, to: (UInt64, UInt64).self)
    return wordsOfA == wordsOfB
  }

  /// Whether two strings are the same bytes: one string in memory is; otherwise lengths first,
  /// then one `memcmp`.
  public static func haveSameUTF8(_ a: String, _ b: String) -> Bool {
    if areIdentical(a, b) { return true }
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a, b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
  }

  /// Feeds the bytes of `text`, and their count, to `hasher`: for values, which may come from
  /// anyone, every byte goes through the seeded hash.
  public static func combineUTF8(of text: String, into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(text.utf8.count)
  }

  /// A 64-bit digest of `bytes`: each eight-byte word, then the last few bytes, xored in and
  /// mixed by a multiplication and a shift, so that every byte moves every bit of the result.
  static func digestOfBytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var digest: UInt64 = 0
    var offset = 0
    while offset + 8 <= bytes.count {
      digest = mixing(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), into: digest)
      offset += 8
    }
    if offset < bytes.count {
      var tail: UInt64 = 0
      for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
      digest = mixing(tail, into: digest)
    }
    return digest
  }

  /// `digest` with `word` xored in and mixed by a multiplication and a shift: one step of
  /// ``digestOfBytes(_:)``.
  @inline(__always)
  static func mixing(_ word: UInt64, into digest: UInt64) -> UInt64 {
    let mixed = (digest ^ word) &* 0x9E37_79B9_7F4A_7C15
    return mixed ^ (mixed >> 29)
  }
}

extension Sequence<String> {
  /// Whether the sequence holds `name`, byte for byte (never by canonical equivalence).
  public func containsExactly(_ name: String) -> Bool {
    contains { ExactText.haveSameUTF8($0, name) }
  }
}

extension Collection<String> {
  /// The position of the first element that is `name`, byte for byte.
  public func firstIndexExactly(of name: String) -> Index? {
    firstIndex { ExactText.haveSameUTF8($0, name) }
  }
}

extension String.UTF8View {
  /// Whether these bytes hold the bytes of `text` anywhere: a search the way a database's lexer
  /// reads text, where `String.contains` compares Characters and misses text followed by a
  /// combining mark.
  public func containsBytes(of text: String) -> Bool {
    let needle = Array(text.utf8)
    guard !needle.isEmpty else { return true }
    let haystack = Array(self)
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
