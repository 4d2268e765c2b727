/// How a column's value is written into a JSON object, so that it reads back as the column does:
/// a row turned into JSON (``TableDefinition/jsonObject()``, a `jsonGroupArray()` of rows) keeps
/// every value in a form its type decodes from.
///
/// Each type answers with ``QueryDecodable/jsonValueForms``, one form per column it spans; a type
/// whose values the databases' JSON functions already write faithfully (numbers, text, dates,
/// UUIDs) answers ``plain``.
public enum JSONValueForm: Sendable, Hashable {
  /// As the database's JSON functions write the value: a number, a string or `null`.
  case plain
  /// A Boolean as JSON `true` or `false`: SQLite stores `0` and `1`.
  case boolean
  /// Bytes as hexadecimal text: JSON has no bytes, and SQLite's `json_object` refuses a blob.
  case bytes
  /// JSON nested as itself, not as the text that spells it.
  case json
  /// JSON stored in the database's binary JSON (``JSONBRepresentation``), nested as itself. An
  /// insert converts the value it binds: SQLite `jsonb(?)`.
  case binaryJSON
}

extension QueryDecodable {
  public static var jsonValueForms: [JSONValueForm] { [.plain] }
}
