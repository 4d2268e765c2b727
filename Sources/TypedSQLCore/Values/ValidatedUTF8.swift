extension String {
  /// The text `bytes` encode, or nil when they are not valid UTF-8.
  ///
  /// For drivers reading stored text: `String(decoding:as:)` would silently repair invalid bytes
  /// into U+FFFD replacement characters, and a row would read back as text nobody stored.
  @inlinable
  package init?(validatingUTF8Bytes bytes: UnsafeBufferPointer<UInt8>) {
    if #available(macOS 15, iOS 18, *) {
      guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
      self = text
    } else {
      let text = String(decoding: bytes, as: UTF8.self)
      guard text.utf8.elementsEqual(bytes) else { return nil }
      self = text
    }
  }
}
