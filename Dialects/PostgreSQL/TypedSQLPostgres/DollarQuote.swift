/// PostgreSQL's dollar quoting, `$tag$ … $tag$`: text taken as it is, with no escapes, up to the
/// first occurrence of the tag's bytes.
enum DollarQuote {
  /// `$name$`, or `$name1$`, `$name2$`, … : the first tag whose bytes do not occur in `text`, so
  /// that nothing in the text can end the quotation. Searched by bytes, as the server reads
  /// them: `String.contains` compares Characters, and misses a tag followed by a combining mark.
  static func tag(_ name: String, notIn text: String) -> String {
    var tag = "$\(name)$"
    var number = 0
    while text.utf8.containsBytes(of: tag) {
      number += 1
      tag = "$\(name)\(number)$"
    }
    return tag
  }
}
