/// One member of a JSON object built in SQL (``SQLExpression/jsonObject(_:)``): a key, the value
/// it names, and how the value is written so that it decodes back as its column does.
public struct JSONObjectField: Sendable, Hashable {
  /// The member's key: a column name.
  public var key: String
  /// The member's value.
  public var value: SQLExpression
  /// How the value is written into JSON.
  public var form: JSONValueForm

  /// Creates a member.
  public init(key: String, value: SQLExpression, form: JSONValueForm) {
    self.key = key
    self.value = value
    self.form = form
  }

  /// The most members one call of a JSON object function takes: PostgreSQL's functions take at
  /// most 100 arguments, SQLite's 127; a wider object is built in parts and merged.
  public static let maximumPerCall = 50

  /// `fields` in consecutive parts of at most ``maximumPerCall`` members, one per call.
  public static func calls(for fields: [JSONObjectField]) -> [ArraySlice<JSONObjectField>] {
    stride(from: 0, to: max(fields.count, 1), by: maximumPerCall).map { start in
      fields[start..<min(start + maximumPerCall, fields.count)]
    }
  }
}
