import TypedSQLCore

// What MySQLDialect does not write yet: JSON documents. Each is refused by
// name before anything reaches the server, rather than rendered in another database's spelling
// for the server to reject or, worse, read differently.
extension MySQLDialect {
  /// The refusal of a JSON function, path, object, edit or `json_each` source.
  var jsonNotWritten: DialectError {
    DialectError.unsupported(feature: "JSON functions (not written for MariaDB and MySQL yet)", dialect: name)
  }

  public func renderJSONPath(_ path: JSONPath, into context: inout RenderContext) throws {
    throw jsonNotWritten
  }

  public func renderJSONObject(_ fields: [JSONObjectField], into context: inout RenderContext) throws {
    throw jsonNotWritten
  }

  public func renderJSONValue(_ value: SQLExpression, form: JSONValueForm, into context: inout RenderContext) throws {
    throw jsonNotWritten
  }

  public func renderJSONEachSource(
    _ document: SQLExpression, _ shape: TableReference.JSONEachShape, alias: String, into context: inout RenderContext
  ) throws {
    throw jsonNotWritten
  }

  public func renderJSONEdit(_ edit: JSONEdit, into context: inout RenderContext) throws {
    throw jsonNotWritten
  }
}
