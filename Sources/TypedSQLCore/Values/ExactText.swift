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

  public func hash(into hasher: inout Hasher) {
    Self.combineUTF8(of: text, into: &hasher)
  }

  public var description: String { text }

  /// Whether two strings are the same bytes: lengths first, then one `memcmp`.
  public static func haveSameUTF8(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a, b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
  }

  /// Feeds the bytes of `text`, and their count, to `hasher`.
  public static func combineUTF8(of text: String, into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(text.utf8.count)
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
