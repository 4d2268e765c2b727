extension String {
  /// This text with each scalar of `escaped` preceded by `escape`, compared scalar by scalar.
  ///
  /// `String.replacing` compares characters, and a quote or backslash followed by a combining
  /// mark or a zero-width joiner is one character with it: it would be left unescaped, and the
  /// database would read the text differently from how it was written.
  ///
  /// ```swift
  /// "it's".escapingScalars(["'"], with: "'")         // it''s
  /// "a\\\u{200D}".escapingScalars(["\\"], with: "\\")  // a\\\u{200D}
  /// ```
  package func escapingScalars(_ escaped: [Unicode.Scalar], with escape: Unicode.Scalar) -> String {
    var result = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if escaped.contains(scalar) { result.append(escape) }
      result.append(scalar)
    }
    return String(result)
  }
}
