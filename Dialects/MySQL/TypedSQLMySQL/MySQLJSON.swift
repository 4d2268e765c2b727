import TypedSQLCore

// JSON in MariaDB's spelling, with SQLite's meaning. The server keeps JSON as text and marks the
// results of its JSON functions as JSON, so that another JSON function nests them as themselves;
// the mark does not survive every expression (a `CASE`, a grouped query), so each value that
// must nest as JSON is the direct result of a JSON function: `JSON_COMPACT(x)`, or
// `JSON_EXTRACT(x, '$')`.
//
// A `JSON` column's text has the collation `utf8mb4_bin`, which the server refuses to mix with
// the session's (`utf8mb4_nopad_bin`) in one operation: a comparison, a `CASE`, a row's
// `JSON_OBJECT`. Where a JSON function's result is SQL text that meets the session's (a scalar
// read from a document) or a member of an object, its document is `CAST(x AS CHAR)` first, into
// the session's collation; a document edited or read as JSON keeps its column's.
extension MySQLDialect {
  /// `name(document, more…)`, the document `CAST(document AS CHAR)` when `inSessionCollation`.
  private func renderCall(
    _ name: StaticString, document: SQLExpression, _ more: [SQLExpression] = [], inSessionCollation: Bool = false,
    into context: inout RenderContext
  ) throws {
    context.append(name)
    context.append(inSessionCollation ? "(CAST(" : "(")
    try renderExpression(document, into: &context)
    if inSessionCollation { context.append(" AS CHAR)") }
    for argument in more {
      context.append(", ")
      try renderExpression(argument, into: &context)
    }
    context.append(")")
  }

  /// Binds the path as the server's JSON path text, `$."tags"[0]`, each key quoted; a negative
  /// index counts from the end, as in SQLite.
  public func renderJSONPath(_ path: JSONPath, into context: inout RenderContext) throws {
    var text = "$"
    for component in path.components {
      switch component {
      case .key(let key):
        if let scalar = key.unicodeScalars.first(where: { $0.value < 0x20 }) {
          throw DialectError.unsupported(
            feature: "a JSON path key holding a control character (U+\(String(scalar.value, radix: 16, uppercase: true)), key \(key.debugDescription))",
            dialect: name)
        }
        text += ".\"" + key.escapingScalars(["\\", "\""], with: "\\") + "\""
      case .index(let index):
        text += "[\(index)]"
      }
    }
    try renderBinding(.text(text), into: &context)
  }

  /// The JSON functions of the catalog:
  /// - `json` is `JSON_COMPACT(x)`: the text without spaces, so that two spellings of one
  ///   document compare equal, and marked as JSON.
  /// - Text at a path is `JSON_VALUE` for a scalar (a Boolean as `1` or `0`, as SQLite writes it;
  ///   JSON `null` as `NULL`), and the compact JSON of an object or an array.
  /// - The JSON at a path is `JSON_EXTRACT`, `NULL` where the path leads nowhere.
  /// - An array's length is `JSON_LENGTH`, 0 for any other value, as SQLite's.
  /// - A `JSON_TABLE` element's index counts from 0, its scalar is read with `JSON_VALUE`.
  func renderJSONFunction(_ function: SQLFunction, _ arguments: [SQLExpression], into context: inout RenderContext) throws {
    switch function {
    case .json, .jsonBinary:
      try renderCall("JSON_COMPACT", document: try single(of: arguments, for: function), into: &context)
    case .jsonExtractText:
      let (value, path) = try pair(of: arguments, for: function)
      context.append("COALESCE(")
      try renderCall("JSON_VALUE", document: value, [path], inSessionCollation: true, into: &context)
      context.append(", JSON_COMPACT(")
      try renderCall("JSON_QUERY", document: value, [path], inSessionCollation: true, into: &context)
      context.append("))")
    case .jsonExtractScalar:
      let (value, path) = try pair(of: arguments, for: function)
      try renderCall("JSON_VALUE", document: value, [path], inSessionCollation: true, into: &context)
    case .jsonExtract:
      let (value, path) = try pair(of: arguments, for: function)
      try renderCall("JSON_EXTRACT", document: value, [path], into: &context)
    case .jsonArrayLength:
      let value = try single(of: arguments, for: function)
      context.append("CASE WHEN ")
      try renderCall("JSON_TYPE", document: value, into: &context)
      context.append(" = 'ARRAY' THEN ")
      try renderCall("JSON_LENGTH", document: value, into: &context)
      context.append(" WHEN ")
      try renderExpression(value, into: &context)
      context.append(" IS NOT NULL THEN 0 END")
    case .jsonArrayElementIndex:
      context.append("(")
      try renderExpression(try single(of: arguments, for: function), into: &context)
      context.append(" - 1)")
    case .jsonScalar:
      let value = try single(of: arguments, for: function)
      try renderCall("JSON_VALUE", document: value, [.raw([.text("'$'")])], inSessionCollation: true, into: &context)
    case .jsonDocument:
      try renderExpression(try single(of: arguments, for: function), into: &context)
    default:
      try renderStandardFunction(function, arguments, into: &context)
    }
  }

  /// Renders `JSON_OBJECT('key', value, …)`, each value in the form its type reads back from.
  public func renderJSONObject(_ fields: [JSONObjectField], into context: inout RenderContext) throws {
    context.append("JSON_OBJECT(")
    try renderJSONObjectMembers(fields, into: &context) { field, context in
      try renderJSONValue(field.value, form: field.form, into: &context)
    }
    context.append(")")
  }

  /// Renders an array's elements as `JSON_TABLE(document, '$[*]' COLUMNS (key FOR ORDINALITY,
  /// value JSON PATH '$')) AS alias`, the two names quoted; the key counts from 1 here
  /// (`jsonArrayElementIndex` counts from 0).
  ///
  /// An object's members take two tables, since `JSON_TABLE` reads no member names: the names
  /// from `JSON_KEYS(document)`, then for each one its value read by a path built from it, both
  /// under the source's name (a `JSON_TABLE` may read the tables before it):
  /// `(JSON_TABLE(JSON_KEYS(document), '$[*]' COLUMNS (name TEXT PATH '$')) AS typedsql_keys_alias
  /// JOIN JSON_TABLE(JSON_OBJECT('key', CAST(name AS CHAR), 'value', JSON_EXTRACT(CAST(document AS
  /// CHAR), <the name's path>)), '$' COLUMNS (key TEXT PATH '$.key', value JSON PATH '$.value'))
  /// AS alias)`.
  public func renderJSONEachSource(
    _ document: SQLExpression, _ shape: TableReference.JSONEachShape, alias: String, into context: inout RenderContext
  ) throws {
    guard shape == .objectMembers else {
      context.append("JSON_TABLE(")
      try renderExpression(document, into: &context)
      context.append(", '$[*]' COLUMNS (")
      appendIdentifier("key", into: &context)
      context.append(" FOR ORDINALITY, ")
      appendIdentifier("value", into: &context)
      context.append(" JSON PATH '$')) AS ")
      appendIdentifier(alias, into: &context)
      return
    }
    let keys = Self.keysTableName(of: alias)
    context.append("(JSON_TABLE(JSON_KEYS(")
    try renderExpression(document, into: &context)
    context.append("), '$[*]' COLUMNS (")
    appendIdentifier("name", into: &context)
    context.append(" TEXT PATH '$')) AS ")
    appendIdentifier(keys, into: &context)
    // The name and the document in the session's collation, which `JSON_OBJECT` needs alike.
    context.append(" JOIN JSON_TABLE(JSON_OBJECT('key', CAST(")
    appendIdentifier(keys, into: &context)
    context.append(".")
    appendIdentifier("name", into: &context)
    context.append(" AS CHAR), 'value', JSON_EXTRACT(CAST(")
    try renderExpression(document, into: &context)
    context.append(" AS CHAR)")
    // The path `$."name"`, the name's backslashes and quotes escaped.
    context.append(", CONCAT('$.\"', REPLACE(REPLACE(")
    appendIdentifier(keys, into: &context)
    context.append(".")
    appendIdentifier("name", into: &context)
    context.append(", '\\', '\\\\'), '\"', '\\\"'), '\"'))), '$' COLUMNS (")
    appendIdentifier("key", into: &context)
    context.append(" TEXT PATH '$.key', ")
    appendIdentifier("value", into: &context)
    context.append(" JSON PATH '$.value')) AS ")
    appendIdentifier(alias, into: &context)
    context.append(")")
  }

  /// The name of the table of an object's member names read under `alias`:
  /// `typedsql_keys_<alias>`, or, where that passes the server's 64 characters, the alias
  /// hashed (FNV-1a, 64 bits) in its place, so that each source still has its own name.
  static func keysTableName(of alias: String) -> String {
    let named = "typedsql_keys_" + alias
    guard named.count > 64 else { return named }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in alias.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return "typedsql_keys_" + String(hash, radix: 16)
  }

  /// Renders a value as JSON, `NULL` as JSON `null`: as it is, except Booleans (`0` and `1`)
  /// as JSON `false` and `true`, bytes as upper-case hexadecimal text, a UUID's bytes as its
  /// text, a date stored as a number as ISO-8601 text, and JSON text as JSON rather than as a
  /// string.
  public func renderJSONValue(_ value: SQLExpression, form: JSONValueForm, into context: inout RenderContext) throws {
    switch form {
    case .plain:
      try renderExpression(value, into: &context)
    case .boolean:
      context.append("JSON_EXTRACT(CASE WHEN ")
      try renderExpression(value, into: &context)
      context.append(" THEN 'true' WHEN NOT ")
      try renderExpression(value, into: &context)
      context.append(" THEN 'false' END, '$')")
    case .bytes:
      try renderCall("HEX", [value], into: &context)
    case .uuidText:
      // 8-4-4-4-12 lower-case digits, as a UUID text column holds them.
      context.append("LOWER(CONCAT(")
      for (index, (start, length)) in [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)].enumerated() {
        if index > 0 { context.append(", '-', ") }
        context.append("SUBSTR(HEX(")
        try renderExpression(value, into: &context)
        context.append("), ")
        context.appendNumber(start)
        context.append(", ")
        context.appendNumber(length)
        context.append(")")
      }
      context.append("))")
    case .unixTimeText:
      try renderDate(.format("%Y-%m-%d %H:%M:%S", .date(.fromStorage(.unixTime, value))), into: &context)
    case .julianDayText:
      try renderDate(.format("%Y-%m-%d %H:%M:%f", .date(.fromStorage(.julianDay, value))), into: &context)
    case .json, .binaryJSON:
      try renderCall("JSON_COMPACT", document: value, inSessionCollation: true, into: &context)
    }
  }

  /// Renders an edit with the server's functions, guarded as SQLite's are: `JSON_REPLACE` and
  /// `JSON_REMOVE` as they are; `JSON_SET`, `JSON_INSERT` and `JSON_ARRAY_INSERT` only where
  /// the path's parent can hold the member; an append as `JSON_ARRAY_APPEND` to an array.
  public func renderJSONEdit(_ edit: JSONEdit, into context: inout RenderContext) throws {
    let (parent, last) = try edit.checkedPath()
    let document = edit.document
    let value = edit.value ?? .binding(.null)
    let path = SQLExpression.jsonPath(edit.path)
    switch edit.kind {
    case .set, .insert, .arrayInsert:
      let function: StaticString = switch edit.kind {
      case .set: "JSON_SET"
      case .insert: "JSON_INSERT"
      default: "JSON_ARRAY_INSERT"
      }
      context.append("CASE WHEN ")
      try renderParentHolds(document, parent, last, into: &context)
      context.append(" THEN ")
      try renderCall(function, document: document, [path, value], into: &context)
      context.append(" ELSE ")
      try renderExpression(document, into: &context)
      context.append(" END")
    case .replace:
      try renderCall("JSON_REPLACE", document: document, [path, value], into: &context)
    case .remove:
      try renderCall("JSON_REMOVE", document: document, [path], into: &context)
    case .append:
      context.append("CASE WHEN JSON_TYPE(")
      try renderCall("JSON_EXTRACT", document: document, [path], into: &context)
      context.append(") = 'ARRAY' THEN ")
      try renderCall("JSON_ARRAY_APPEND", document: document, [path, value], into: &context)
      context.append(" ELSE ")
      try renderExpression(document, into: &context)
      context.append(" END")
    }
  }

  /// Renders `edit` with a computed document read once, as the standard renderer does, but from
  /// a `JSON_TABLE` (the server has no `LATERAL`, so a derived table cannot read the row being
  /// edited): `… FROM JSON_TABLE(<document>, '$' COLUMNS ("document" JSON PATH '$')) AS
  /// "typedsql_edit"`. A `NULL` document gives no row, so the edit is `NULL`, as it would be.
  func renderJSONEditReadingDocumentOnce(_ edit: JSONEdit, into context: inout RenderContext) throws {
    try renderJSONEditReadingDocumentOnce(edit, into: &context) { document, context in
      context.append("JSON_TABLE(")
      try renderExpression(document, into: &context)
      context.append(", '$' COLUMNS (")
      appendIdentifier("document", into: &context)
      context.append(" JSON PATH '$'))")
    }
  }

  /// Renders whether the member at `parent` can hold `last`: an object for a key; an array no
  /// shorter than the index for an index.
  private func renderParentHolds(
    _ document: SQLExpression, _ parent: JSONPath, _ last: JSONPath.Component?, into context: inout RenderContext
  ) throws {
    context.append("JSON_TYPE(")
    try renderCall("JSON_EXTRACT", document: document, [.jsonPath(parent)], into: &context)
    switch last {
    case .key, nil:
      context.append(") = 'OBJECT'")
    case .index(let index):
      context.append(") = 'ARRAY' AND ")
      try renderExpression(.binding(.int(Int64(index))), into: &context)
      context.append(" <= ")
      try renderCall("JSON_LENGTH", document: document, [.jsonPath(parent)], into: &context)
    }
  }
}
