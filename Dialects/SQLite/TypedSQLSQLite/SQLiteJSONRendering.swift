import TypedSQLCore

// JSON built and edited in SQL, as SQLite spells it: `json_object`, `json_set` and their family,
// guarded where PostgreSQL's functions mean something else (see `JSONEdit`).
extension SQLiteDialect {
  /// Renders `json_object('key', value, …)`, merging objects of at most
  /// `JSONObjectField.maximumPerCall` members with `json_patch` (which leaves out a `NULL`
  /// member of a later part: read back, a missing member is `NULL`). SQLite stores Booleans as
  /// `0` and `1`, which become JSON `false` and `true`; a blob becomes upper-case hexadecimal
  /// text (`json_object` refuses blobs); JSON text is nested as JSON.
  public func renderJSONObject(_ fields: [JSONObjectField], into context: inout RenderContext) throws {
    let parts = JSONObjectField.calls(for: fields)
    for _ in parts.dropFirst() { context.append("json_patch(") }
    for (index, part) in parts.enumerated() {
      if index > 0 { context.append(", ") }
      context.append("json_object(")
      try renderJSONObjectMembers(part, into: &context) { field, context in
        try renderJSONValue(field.value, form: field.form, into: &context)
      }
      context.append(")")
      if index > 0 { context.append(")") }
    }
  }

  /// Renders `json_each(document) AS "alias"`, whose `key` and `value` columns hold an array's
  /// index from 0 or an object's member name, and the value as an SQL value (JSON text for a
  /// nested array or object).
  public func renderJSONEachSource(
    _ document: SQLExpression, _ shape: TableReference.JSONEachShape, alias: String, into context: inout RenderContext
  ) throws {
    try renderCall("json_each", [document], into: &context)
    context.append(" AS ")
    appendIdentifier(alias, into: &context)
  }

  /// Renders a value as SQLite's JSON functions take it: as it is, except Booleans (stored as
  /// `0` and `1`) as JSON `false` and `true`, blobs as upper-case hexadecimal text (JSON has no
  /// blobs), a UUID's bytes as its text, a date stored as a number as ISO-8601 text, and JSON
  /// text as JSON rather than as a string.
  public func renderJSONValue(_ value: SQLExpression, form: JSONValueForm, into context: inout RenderContext) throws {
    switch form {
    case .plain:
      try renderExpression(value, into: &context)
    case .boolean:
      context.append("json(CASE ")
      try renderExpression(value, into: &context)
      context.append(" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END)")
    case .bytes:
      context.append("CASE WHEN ")
      try renderExpression(value, into: &context)
      context.append(" IS NOT NULL THEN hex(")
      try renderExpression(value, into: &context)
      context.append(") END")
    case .uuidText:
      // 8-4-4-4-12 lower-case digits, as a UUID text column holds them.
      context.append("CASE WHEN ")
      try renderExpression(value, into: &context)
      context.append(" IS NOT NULL THEN lower(")
      for (index, (start, length)) in [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)].enumerated() {
        if index > 0 { context.append(" || '-' || ") }
        context.append("substr(hex(")
        try renderExpression(value, into: &context)
        context.append("), ")
        context.appendNumber(start)
        context.append(", ")
        context.appendNumber(length)
        context.append(")")
      }
      context.append(") END")
    case .unixTimeText:
      context.append("datetime(")
      try renderExpression(value, into: &context)
      context.append(", 'unixepoch')")
    case .julianDayText:
      // A number is a Julian day to SQLite's date functions; `%f` gives the milliseconds.
      context.append("strftime('%Y-%m-%d %H:%M:%f', ")
      try renderExpression(value, into: &context)
      context.append(")")
    case .json, .binaryJSON:
      // `json` also reads JSONB as JSON text.
      try renderCall("json", [value], into: &context)
    }
  }

  /// Renders an edit with SQLite's functions: `json_replace` and `json_remove` as they are;
  /// `json_set`, `json_insert` and `json_array_insert` (SQLite 3.51) only where the path's
  /// parent can hold the member (they would create missing parents, which PostgreSQL does not);
  /// an append as `json_insert` at `[#]` of an array.
  public func renderJSONEdit(_ edit: JSONEdit, into context: inout RenderContext) throws {
    let (parent, last) = try edit.checkedPath()
    let document = edit.document
    let value = edit.value ?? .binding(.null)
    let path = SQLExpression.jsonPath(edit.path)
    switch edit.kind {
    case .set, .insert, .arrayInsert:
      if edit.kind == .arrayInsert {
        try require(SQLiteVersion(3, 51), for: "jsonArrayInsert (json_array_insert)")
      }
      let function = switch edit.kind {
      case .set: "json_set"
      case .insert: "json_insert"
      default: "json_array_insert"
      }
      context.append("CASE WHEN ")
      try renderParentHolds(document, parent, last, into: &context)
      context.append(" THEN ")
      try renderCall(function, [document, path, value], into: &context)
      context.append(" ELSE ")
      try renderExpression(document, into: &context)
      context.append(" END")
    case .replace:
      try renderCall("json_replace", [document, path, value], into: &context)
    case .remove:
      try renderCall("json_remove", [document, path], into: &context)
    case .append:
      context.append("CASE WHEN json_type(")
      try renderList([document, path], into: &context)
      context.append(") = 'array' THEN json_insert(")
      try renderList([document, .binding(.text(try sqlitePathText(edit.path) + "[#]")), value], into: &context)
      context.append(") ELSE ")
      try renderExpression(document, into: &context)
      context.append(" END")
    }
  }

  /// Renders whether the member at `parent` can hold `last`: an object for a key; an array no
  /// shorter than the index for an index.
  private func renderParentHolds(
    _ document: SQLExpression, _ parent: JSONPath, _ last: JSONPath.Component?, into context: inout RenderContext
  ) throws {
    context.append("json_type(")
    try renderList([document, .jsonPath(parent)], into: &context)
    switch last {
    case .key, nil:
      context.append(") = 'object'")
    case .index(let index):
      context.append(") = 'array' AND ")
      try renderExpression(.binding(.int(Int64(index))), into: &context)
      context.append(" <= json_array_length(")
      try renderList([document, .jsonPath(parent)], into: &context)
      context.append(")")
    }
  }
}
