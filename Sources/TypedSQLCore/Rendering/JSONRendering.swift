// The standard spelling of JSON built and edited in SQL: PostgreSQL's `jsonb` functions, which
// SQLite's dialect replaces with its own (`SQLiteJSONRendering.swift`).
extension Dialect {
  /// Renders `jsonb_build_object('key', value, …)`, joining objects of at most
  /// ``JSONObjectField/maximumPerCall`` members with `||`. Booleans and JSON are written as
  /// they are; bytes as upper-case hexadecimal text, as SQLite's `hex` writes them.
  public func renderJSONObject(_ fields: [JSONObjectField], into context: inout RenderContext) throws {
    let parts = JSONObjectField.calls(for: fields)
    if parts.count > 1 { context.append("(") }
    for (index, part) in parts.enumerated() {
      if index > 0 { context.append(" || ") }
      context.append("jsonb_build_object(")
      try renderJSONObjectMembers(part, into: &context) { field, context in
        try renderJSONMember(field.value, form: field.form, into: &context)
      }
      context.append(")")
    }
    if parts.count > 1 { context.append(")") }
  }

  /// Renders `'key', value, …`, each value by `renderValue`.
  public func renderJSONObjectMembers(
    _ fields: some Collection<JSONObjectField>, into context: inout RenderContext,
    renderValue: (JSONObjectField, inout RenderContext) throws -> Void
  ) throws {
    for (index, field) in fields.enumerated() {
      if index > 0 { context.append(", ") }
      appendLiteral(.text(field.key), into: &context)
      context.append(", ")
      try renderValue(field, &context)
    }
  }

  /// Renders `jsonb_array_elements(document) WITH ORDINALITY AS "alias"("value", "key")` (the
  /// key counts from 1 here: ``SQLFunction/jsonArrayElementIndex`` counts from 0) or
  /// `jsonb_each(document) AS "alias"("key", "value")`.
  public func renderJSONEachSource(
    _ document: SQLExpression, _ shape: TableReference.JSONEachShape, alias: String, into context: inout RenderContext
  ) throws {
    let columns: [String]
    switch shape {
    case .arrayElements:
      try renderCall("jsonb_array_elements", [document], into: &context)
      context.append(" WITH ORDINALITY")
      columns = ["value", "key"]
    case .objectMembers:
      try renderCall("jsonb_each", [document], into: &context)
      columns = ["key", "value"]
    }
    context.append(" AS ")
    appendIdentifier(alias, into: &context)
    context.append("(")
    appendIdentifier(columns[0], into: &context)
    context.append(", ")
    appendIdentifier(columns[1], into: &context)
    context.append(")")
  }

  /// Renders `coalesce(to_jsonb(value), 'null'::jsonb)`: a `NULL` becomes JSON `null`, as SQLite
  /// writes it (PostgreSQL's JSON functions return `NULL` for a `NULL` argument).
  public func renderJSONValue(_ value: SQLExpression, form: JSONValueForm, into context: inout RenderContext) throws {
    context.append("coalesce(to_jsonb(")
    switch form {
    case .json, .binaryJSON:
      try renderExpression(.function(.json, [value]), into: &context)
    default:
      try renderJSONMember(value, form: form, into: &context)
    }
    context.append("), 'null'::jsonb)")
  }

  /// Renders a value as a member of `jsonb_build_object` takes it: bytes as upper-case
  /// hexadecimal text, as SQLite's `hex` writes them; a UUID's bytes as a `uuid`; a date stored
  /// as a number as ISO-8601 text in UTC, as SQLite's `datetime` writes it; anything else as it is.
  func renderJSONMember(_ value: SQLExpression, form: JSONValueForm, into context: inout RenderContext) throws {
    switch form {
    case .plain, .boolean, .json, .binaryJSON:
      try renderExpression(value, into: &context)
    case .bytes:
      context.append("upper(encode(")
      try renderExpression(value, into: &context)
      context.append(", 'hex'))")
    case .uuidText:
      context.append("CAST(encode(")
      try renderExpression(value, into: &context)
      context.append(", 'hex') AS uuid)")
    case .unixTimeText:
      context.append("to_char(to_timestamp(")
      try renderExpression(value, into: &context)
      context.append(") AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')")
    case .julianDayText:
      // Rounded to the millisecond, as SQLite's date functions read a Julian day.
      context.append("to_char(to_timestamp(round((")
      try renderExpression(value, into: &context)
      context.append(" - 2440587.5) * 86400000) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')")
    }
  }

  /// Renders an edit as `CASE WHEN <it applies> THEN <jsonb_set, jsonb_insert, #- or ||> ELSE
  /// document END`:
  /// the guard keeps PostgreSQL from failing (or creating) where SQLite leaves the document as it
  /// is (see ``JSONEdit``).
  public func renderJSONEdit(_ edit: JSONEdit, into context: inout RenderContext) throws {
    let (parent, last) = try edit.checkedPath()
    let document = edit.document
    let value = edit.value ?? .binding(.null)
    func at(_ path: JSONPath) -> SQLExpression { .function(.jsonExtract, [document, .jsonPath(path)]) }
    context.append("CASE WHEN ")
    switch edit.kind {
    case .set, .insert:
      try renderParentHolds(at(parent), last, into: &context)
      if edit.kind == .insert {
        context.append(" AND ")
        try renderExpression(.isNull(at(edit.path), negated: false), into: &context)
      }
      context.append(" THEN jsonb_set(")
      try renderList([document, .jsonPath(edit.path), value], into: &context)
      context.append(", true)")
    case .replace:
      try renderExpression(.isNull(at(edit.path), negated: true), into: &context)
      context.append(" THEN jsonb_set(")
      try renderList([document, .jsonPath(edit.path), value], into: &context)
      context.append(", false)")
    case .remove:
      try renderExpression(.isNull(at(edit.path), negated: true), into: &context)
      context.append(" THEN ")
      try renderInfix(document, "#-", .jsonPath(edit.path), into: &context)
    case .arrayInsert:
      try renderParentHolds(at(parent), last, into: &context)
      context.append(" THEN jsonb_insert(")
      try renderList([document, .jsonPath(edit.path), value], into: &context)
      context.append(")")
    case .append:
      context.append("jsonb_typeof(")
      try renderExpression(at(edit.path), into: &context)
      context.append(") = 'array' THEN ")
      if last == nil {
        context.append("(")
        try renderExpression(document, into: &context)
      } else {
        context.append("jsonb_set(")
        try renderList([document, .jsonPath(edit.path), at(edit.path)], into: &context)
      }
      context.append(" || jsonb_build_array(")
      try renderExpression(value, into: &context)
      context.append("))")
    }
    context.append(" ELSE ")
    try renderExpression(document, into: &context)
    context.append(" END")
  }

  /// Renders `edit` with its document written once. The guards of an edit repeat its document,
  /// so a chain of edits (`jsonSet(…).jsonRemove(…)`) would grow several times over with each
  /// link; a document that is itself computed is therefore read once, in a subquery:
  /// `(SELECT <the edit of "typedsql_edit"."document"> FROM (SELECT <document> AS "document") AS "typedsql_edit")`.
  func renderJSONEditReadingDocumentOnce(_ edit: JSONEdit, into context: inout RenderContext) throws {
    try renderJSONEditReadingDocumentOnce(edit, into: &context) { document, context in
      context.append("(SELECT ")
      try renderExpression(document, into: &context)
      context.append(" AS ")
      appendIdentifier("document", into: &context)
      context.append(")")
    }
  }

  /// Renders `edit` with a computed document read once, from the one-row source `documentRow`
  /// writes (without its alias), whose column `"document"` holds the document:
  /// `(SELECT <the edit of "typedsql_edit"."document"> FROM <documentRow> AS "typedsql_edit")`.
  /// A document that is a column or a value is read where it stands.
  public func renderJSONEditReadingDocumentOnce(
    _ edit: JSONEdit, into context: inout RenderContext,
    documentRow: (SQLExpression, inout RenderContext) throws -> Void
  ) throws {
    switch edit.document {
    case .column, .binding, .argument:
      return try renderJSONEdit(edit, into: &context)
    default:
      break
    }
    var onShared = edit
    onShared.document = .column(ColumnReference(qualifier: "typedsql_edit", name: "document"))
    context.append("(SELECT ")
    try renderJSONEdit(onShared, into: &context)
    context.append(" FROM ")
    try documentRow(edit.document, &context)
    context.append(" AS ")
    appendIdentifier("typedsql_edit", into: &context)
    context.append(")")
  }

  /// Renders whether `parent` can hold `last`: an object for a key; an array no shorter than the
  /// index for an index (its length is read only once it is known to be an array).
  private func renderParentHolds(
    _ parent: SQLExpression, _ last: JSONPath.Component?, into context: inout RenderContext
  ) throws {
    switch last {
    case .key, nil:
      context.append("jsonb_typeof(")
      try renderExpression(parent, into: &context)
      context.append(") = 'object'")
    case .index(let index):
      context.append("CASE WHEN jsonb_typeof(")
      try renderExpression(parent, into: &context)
      context.append(") = 'array' THEN ")
      try renderExpression(.binding(.int(Int64(index))), into: &context)
      context.append(" <= jsonb_array_length(")
      try renderExpression(parent, into: &context)
      context.append(") ELSE FALSE END")
    }
  }
}
