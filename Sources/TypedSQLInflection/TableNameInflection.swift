/// Infers a table's name from its type's name by light English inflection: used by `@Table` when
/// it expands and by `AliasName` at run time, so both name alike.
///
/// The leading capital (or leading acronym) is lower-cased and the last word is pluralized:
/// `Reminder` → `reminders`, `RemindersList` → `remindersLists`, `URLItem` → `urlItems`,
/// `Category` → `categories`, `Status` → `statuses`.
public enum TableNameInflection {
  /// The table name for a type named `typeName`.
  public static func tableName(forTypeName typeName: String) -> String {
    pluralized(lowercasingLeadingCapitals(of: typeName))
  }

  /// Lower-cases the leading capitals of `name`, except the capital that starts the next word:
  /// `Reminder` → `reminder`, `URLItem` → `urlItem`, `URL` → `url`.
  public static func lowercasingLeadingCapitals(of name: String) -> String {
    let characters = Array(name)
    var capitalCount = characters.prefix(while: \.isUppercase).count
    if capitalCount > 1, capitalCount < characters.count, characters[capitalCount].isLowercase {
      capitalCount -= 1
    }
    return characters[..<capitalCount].map { $0.lowercased() }.joined()
      + String(characters[capitalCount...])
  }

  /// The plural of a name's last word: consonant + `y` → `ies`; `s`, `x`, `z`, `ch`, `sh` →
  /// `es`; otherwise `s`.
  public static func pluralized(_ name: String) -> String {
    let lowercased = name.lowercased()
    if lowercased.hasSuffix("y"), let beforeY = lowercased.dropLast().last,
      beforeY.isLetter, !"aeiou".contains(beforeY)
    {
      return name.dropLast() + "ies"
    }
    if ["s", "x", "z", "ch", "sh"].contains(where: lowercased.hasSuffix) {
      return name + "es"
    }
    return name + "s"
  }
}
