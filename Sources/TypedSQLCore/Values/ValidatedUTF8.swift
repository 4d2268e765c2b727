import Foundation

extension String {
  /// The text `bytes` encode, or nil when they are not valid UTF-8.
  ///
  /// For drivers reading stored text: `String(decoding:as:)` alone would silently repair invalid
  /// bytes into U+FFFD replacement characters, and a row would read back as text nobody stored.
  /// It is still the fast path: a repair changes the length, except where a cut-short four-byte
  /// sequence became one three-byte U+FFFD, so only text holding a 0xEF byte (with which U+FFFD
  /// begins) is compared byte for byte.
  @inlinable
  package init?(validatingUTF8Bytes bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.count == bytes.count else { return nil }
    if let start = bytes.baseAddress, memchr(start, 0xEF, bytes.count) != nil {
      guard text.utf8.elementsEqual(bytes) else { return nil }
    }
    self = text
  }
}
