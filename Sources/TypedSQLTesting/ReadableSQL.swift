/// SQL laid out for reading: each clause of the outermost statement on its own line.
///
/// ```
/// SELECT "reminders"."id", "reminders"."title"
/// FROM "reminders"
/// WHERE ("reminders"."isCompleted" = 0)
/// ORDER BY "reminders"."title"
/// ```
///
/// Subqueries stay on their clause's line; text inside quotes is never split. It is for reading
/// only: the line breaks fall where whitespace was, so the text means what it did.
enum ReadableSQL {
  /// The keywords that start a clause of a statement, longest first where one begins another.
  static let clauseKeywords = [
    "FROM", "WHERE", "GROUP BY", "HAVING", "WINDOW", "ORDER BY", "LIMIT", "OFFSET",
    "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "CROSS JOIN", "INNER JOIN", "JOIN",
    "UNION ALL", "UNION", "INTERSECT", "EXCEPT", "VALUES", "SET", "ON CONFLICT", "RETURNING",
  ]

  static func format(_ sql: String) -> String {
    let characters = Array(sql)
    var output = ""
    var depth = 0
    var quote: Character?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "(" {
        depth += 1
      } else if character == ")" {
        depth -= 1
      } else if character == " ", depth == 0, let keyword = clauseKeyword(in: characters, at: index + 1) {
        // The whole keyword goes onto the new line, so `LEFT JOIN` is not split at `JOIN`.
        output.append("\n" + keyword)
        index += 1 + keyword.count
        continue
      }
      output.append(character)
      index += 1
    }
    return output
  }

  /// The clause keyword that starts, as a whole word, at `index`, if any.
  private static func clauseKeyword(in characters: [Character], at index: Int) -> String? {
    clauseKeywords.first { keyword in
      let end = index + keyword.count
      guard end <= characters.count, String(characters[index..<end]) == keyword else { return false }
      return end == characters.count || !(characters[end].isLetter || characters[end] == "_")
    }
  }
}
