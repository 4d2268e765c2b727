/// How a column's value is written into a JSON object, so that it reads back as the column does:
/// a row turned into JSON (`jsonObject()`, a `jsonGroupArray()` of rows) keeps
/// every value in a form its type decodes from.
///
/// Each type answers with ``QueryDecodable/jsonValueForms``, one form per column it spans; a type
/// whose values the databases' JSON functions already write faithfully (numbers, text, dates,
/// UUIDs) answers ``plain``.
///
/// Dates and UUIDs are written as `Codable` writes them in a JSON column (ISO-8601 text, UUID
/// text), whatever their column stores, so that a row built in SQL also decodes as a `Codable`
/// value: `@Column(as: [Reminder].JSONRepresentation.self)` takes `jsonGroupArray()`.
public enum JSONValueForm: Sendable, Hashable {
  /// As the database's JSON functions write the value: a number, a string or `null`.
  case plain
  /// A Boolean as JSON `true` or `false`: SQLite stores `0` and `1`.
  case boolean
  /// Bytes as hexadecimal text: JSON has no bytes, and SQLite's `json_object` refuses a blob.
  case bytes
  /// A UUID stored as its 16 bytes (`UUID.BytesRepresentation`) as UUID text.
  case uuidText
  /// A date stored as seconds since 1970 (`Date.UnixTimeRepresentation`) as
  /// ISO-8601 text.
  case unixTimeText
  /// A date stored as a Julian day (`Date.JulianDayRepresentation`) as ISO-8601
  /// text, to the millisecond.
  case julianDayText
  /// JSON nested as itself, not as the text that spells it.
  case json
  /// JSON stored in the database's binary JSON (``JSONBRepresentation``), nested as itself. An
  /// insert converts the value it binds: SQLite `jsonb(?)`.
  case binaryJSON
}

extension QueryDecodable {
  public static var jsonValueForms: [JSONValueForm] { [.plain] }
}
