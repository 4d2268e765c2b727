import Foundation

/// A row of the table where ``DatabaseMigrator`` records the migrations it applied:
/// `typedsql_migrations`.
public struct AppliedMigration: Table, Sendable, Hashable {
  /// The migration's position in the registered order, from 0.
  public var position: Int
  /// The migration's name.
  public var name: String
  /// A checksum of the migration's SQL for the database's dialect; empty for a migration written
  /// as a Swift closure, whose code cannot be read.
  public var checksum: String
  /// When it was applied: ISO-8601 text, UTC.
  public var appliedAt: String

  /// Creates the record of a migration applied at `appliedAt` (ISO-8601 text, UTC).
  public init(position: Int, name: String, checksum: String, appliedAt: String) {
    self.position = position
    self.name = name
    self.checksum = checksum
    self.appliedAt = appliedAt
  }

  public static let tableName = "typedsql_migrations"

  public struct TableColumns: TableDefinition {
    public typealias QueryValue = AppliedMigration
    public static let columnNames = ["position", "name", "checksum", "appliedAt"]
    public let qualifier: String
    public init(qualifier: String) {
      self.qualifier = qualifier
    }
    /// The `position` column: the migration's position in the registered order, from 0.
    public var position: SQLQueryExpression<Int> { Int.queryColumns(named: "position", qualifier: qualifier) }
    /// The `name` column: the migration's name.
    public var name: SQLQueryExpression<String> { String.queryColumns(named: "name", qualifier: qualifier) }
    /// The `checksum` column: the checksum of the migration's SQL, empty for a Swift closure.
    public var checksum: SQLQueryExpression<String> { String.queryColumns(named: "checksum", qualifier: qualifier) }
    /// The `appliedAt` column: when the migration was applied, as ISO-8601 text in UTC.
    public var appliedAt: SQLQueryExpression<String> { String.queryColumns(named: "appliedAt", qualifier: qualifier) }
  }

  public init(decoder: inout some QueryDecoder) throws {
    position = try decoder.decode(Int.self)
    name = try decoder.decode(String.self)
    checksum = try decoder.decode(String.self)
    appliedAt = try decoder.decode(String.self)
  }

  public func encodeColumns(into values: inout some ColumnEncoder) {
    values.append(position)
    values.append(name)
    values.append(checksum)
    values.append(appliedAt)
  }

  /// A checksum of a migration's text: FNV-1a over its UTF-8 bytes, as 16 hexadecimal digits.
  /// It tells an edited migration from the one applied; it is not meant to resist tampering.
  static func checksum(of text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
