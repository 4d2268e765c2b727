import TypedSQLCore

// What schema verification needs of MariaDB and MySQL: a table's declared columns, read from
// `information_schema`, and which declared types hold each kind of value.

extension MySQLDatabase: SchemaInspectingDatabase {
  /// `information_schema.COLUMNS`: each column's type as the server spells it (`COLUMN_TYPE`:
  /// `bigint(20)`, `varchar(64)`, `datetime(6)`), whether it allows `NULL`, and its position in
  /// the `PRIMARY` key. Without a schema, of the current database (`DATABASE()`). Names are
  /// compared by their bytes, as the server names tables on a case-sensitive file system:
  /// `information_schema` otherwise compares them ignoring case.
  public func declaredColumns(of table: String, schema: String?) throws -> [DeclaredColumn]? {
    let rows = try fetchAll(
      RenderedSQL(
        sql: """
          SELECT "c"."COLUMN_NAME", "c"."COLUMN_TYPE", "c"."IS_NULLABLE" = 'YES', "k"."ORDINAL_POSITION"
          FROM "information_schema"."COLUMNS" AS "c"
          LEFT JOIN "information_schema"."KEY_COLUMN_USAGE" AS "k"
            ON CAST("k"."TABLE_SCHEMA" AS BINARY) = CAST("c"."TABLE_SCHEMA" AS BINARY)
            AND CAST("k"."TABLE_NAME" AS BINARY) = CAST("c"."TABLE_NAME" AS BINARY)
            AND CAST("k"."COLUMN_NAME" AS BINARY) = CAST("c"."COLUMN_NAME" AS BINARY)
            AND "k"."CONSTRAINT_NAME" = 'PRIMARY'
          WHERE CAST("c"."TABLE_SCHEMA" AS BINARY) = CAST(COALESCE(?, DATABASE()) AS BINARY)
            AND CAST("c"."TABLE_NAME" AS BINARY) = CAST(? AS BINARY)
          ORDER BY "c"."ORDINAL_POSITION"
          """,
        bindings: [schema.map { .text($0) } ?? .null, .text(table)]),
      as: MySQLColumnRow.self)
    guard !rows.isEmpty else { return nil }
    return rows.map(\.column)
  }

  /// Whether a column of `declaredType` (as `COLUMN_TYPE` spells it) holds `type` as TypedSQL
  /// binds and reads it: integers of any width, Booleans in `tinyint`, dates in `datetime` or
  /// `timestamp`, UUIDs as text (or MariaDB's `uuid`), JSON as text (or MySQL's `json`). Binary
  /// JSON has no column here: the dialect refuses it.
  public func declaredType(_ declaredType: String, canStore type: StoredType) -> Bool {
    let accepted: [String]
    switch type {
    case .integer: accepted = ["tinyint", "smallint", "mediumint", "int", "bigint"]
    case .boolean: accepted = ["tinyint", "boolean", "bool"]
    case .real: accepted = ["float", "double", "decimal"]
    case .text: accepted = Self.textTypes
    case .bytes: accepted = ["binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob"]
    case .instant: accepted = ["datetime", "timestamp"]
    case .uuid: accepted = ["uuid", "char", "varchar"]
    case .json: accepted = ["json"] + Self.textTypes
    case .binaryJSON: accepted = []
    }
    let base = declaredType.lowercased().prefix { $0.isLetter }
    guard accepted.contains(where: { base == $0 }) else { return false }
    // A UUID's text is 36 characters: `char(32)` cannot hold it.
    if type == .uuid, base != "uuid" { return (Self.length(of: declaredType) ?? 0) >= 36 }
    return true
  }

  /// The length in a declared type's parentheses: 36 for `char(36)`.
  private static func length(of declaredType: String) -> Int? {
    guard let open = declaredType.firstIndex(of: "("), let close = declaredType[open...].firstIndex(of: ")") else {
      return nil
    }
    return Int(declaredType[declaredType.index(after: open)..<close])
  }

  private static let textTypes = ["char", "varchar", "tinytext", "text", "mediumtext", "longtext"]
}

/// A row of the columns query.
private struct MySQLColumnRow: QueryDecodable {
  let column: DeclaredColumn

  init(decoder: inout some QueryDecoder) throws {
    column = DeclaredColumn(
      name: try decoder.decode(String.self), type: try decoder.decode(String.self),
      isNullable: try decoder.decode(Bool.self), primaryKeyPosition: try decoder.decode(Int?.self))
  }
}
