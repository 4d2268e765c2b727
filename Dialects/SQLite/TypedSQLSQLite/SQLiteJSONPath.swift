import TypedSQLCore

extension SQLiteDialect {
  /// SQLite's text of a JSON path, `$."tags"[0]`, with every key quoted so that a key holding a
  /// dot or a bracket stays one key.
  ///
  /// SQLite's paths have no escapes: a quoted key ends at the first `"`, and SQLite 3.40 compares
  /// a key with the document's member names as they are written in its JSON text, escapes
  /// included, but writes a new member's name escaped again. A key holding `"`, `\` or a control
  /// character (which JSON text escapes) would read nothing and write under another name, with
  /// no error. Such a key throws `DialectError.unsupported` instead.
  func sqlitePathText(_ path: JSONPath) throws -> String {
    var text = "$"
    for component in path.components {
      switch component {
      case .key(let key):
        if let scalar = key.unicodeScalars.first(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }) {
          let character = scalar.value < 0x20 ? "a control character (U+\(String(scalar.value, radix: 16, uppercase: true)))" : "\(scalar)"
          throw DialectError.unsupported(
            feature: "a JSON path key holding \(character), which its paths cannot name (key \(key.debugDescription))",
            dialect: name)
        }
        text += ".\"" + key + "\""
      case .index(let index):
        // A negative index counts from the end: SQLite spells the last element `[#-1]`.
        text += index < 0 ? "[#\(index)]" : "[\(index)]"
      }
    }
    return text
  }
}
