/// A database whose declared schema TypedSQL can read: what
/// ``SchemaInspectingDatabase/verifySchema(of:)`` needs from a driver. `SQLiteDatabase`,
/// `PostgresDatabase` and `MySQLDatabase` conform.
public protocol SchemaInspectingDatabase: Database {
  /// The columns of `table` as the database declares them, in order, or `nil` when there is no
  /// such table.
  func declaredColumns(of table: String, schema: String?) throws -> [DeclaredColumn]?

  /// Whether a column declared `declaredType` holds values of `type` as TypedSQL writes them.
  func declaredType(_ declaredType: String, canStore type: StoredType) -> Bool
}

/// A column as the database declares it.
public struct DeclaredColumn: Sendable, Hashable {
  /// The column's name.
  public var name: String
  /// Its declared type, as the database spells it: `INTEGER`, `text`, `timestamp with time zone`.
  public var type: String
  /// Whether it may hold `NULL`.
  public var isNullable: Bool
  /// Its position in the primary key, from 1, or `nil` when it is not part of it.
  public var primaryKeyPosition: Int?

  /// Creates a column as the database declares it.
  public init(name: String, type: String, isNullable: Bool, primaryKeyPosition: Int?) {
    self.name = name
    self.type = type
    self.isNullable = isNullable
    self.primaryKeyPosition = primaryKeyPosition
  }
}
