/// Generates the strings an attacker or an unlucky user would store: quotes, backslashes,
/// placeholders of every style, comment and statement separators, `LIKE` wildcards, NUL,
/// newlines, combining marks in both normalization forms, emoji, right-to-left text, and now
/// and then a value of a megabyte.
struct HostileStrings {
  /// Pieces that mean something to some SQL parser, driver or string type.
  static let pieces: [String] = [
    "'", "''", "\"", "`", "\\", "\\'", "\\\\", ";", "--", "/*", "*/", "#",
    "?", "?1", "?999", "$1", "$2", ":name", "@p", "%", "_", "[", "]", "\\%", "\\_",
    "' OR '1'='1", "'); DROP TABLE \"fuzz\"; --", "\" OR \"\"=\"", "1; DELETE FROM \"fuzz\"",
    "\0", "\n", "\r\n", "\t", " ", "",
    "caf\u{E9}", "cafe\u{301}", "\u{212B}", "A\u{30A}", "\u{C5}",  // é, and Å three ways
    "e\u{301}\u{301}", "\u{FEFF}", "\u{200D}", "\u{FFFD}", "\u{202E}abc",
    "👩‍👩‍👧", "🇺🇳", "🏳️‍🌈", "𝔘𝔫𝔦", "漢字", "العربية", "Ωmega", "ǅ",
    "NULL", "null", "DEFAULT", "x'00'", "E'\\x00'", "0", "-0", "1e309", "NaN",
  ]

  var random: SeededRandom

  /// The next string: one to eight pieces, with a megabyte-long value one time in 2,500.
  mutating func next() -> String {
    if random.oneIn(2_500) {
      return String(repeating: random.pick(Self.pieces) + "x", count: 1_000_000 / 2)
    }
    var text = ""
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      text += random.oneIn(4) ? String(Int.random(in: -9...99, using: &random)) : random.pick(Self.pieces)
    }
    return text
  }
}
