// Checks that the tables a database has are the ones its `@Table` types read and write: run it
// in a test suite after migrating, on each database the app uses.
//
//   try db.verifySchema(of: Reminder.self, RemindersList.self)

/// A way a live table differs from the `@Table` type that reads it.
public enum SchemaMismatch: Sendable, Hashable, CustomStringConvertible {
  /// The database has no table of that name.
  case missingTable(table: String)
  /// The table has no column the type reads.
  case missingColumn(table: String, column: String, swiftType: String)
  /// The column's declared type cannot hold what the Swift type stores (`TEXT` for an `Int`,
  /// `TEXT` for `UUID.BytesRepresentation`).
  case incompatibleType(table: String, column: String, declaredType: String, swiftType: String)
  /// The column allows `NULL` but the Swift property does not: reading a `NULL` would fail.
  case nullableColumnForNonOptional(table: String, column: String, declaredType: String, swiftType: String)
  /// The column is `NOT NULL` but the Swift property is optional: writing `nil` would fail.
  case notNullColumnForOptional(table: String, column: String, declaredType: String, swiftType: String)
  /// The table's primary key is other columns than the type's.
  case primaryKey(table: String, declared: [String], swift: [String])

  public var description: String {
    switch self {
    case .missingTable(let table):
      "table \(table) does not exist"
    case .missingColumn(let table, let column, let swiftType):
      "\(table).\(column) does not exist (the Swift type reads it as \(swiftType))"
    case .incompatibleType(let table, let column, let declaredType, let swiftType):
      "\(table).\(column) is declared \(declaredType), which cannot hold \(swiftType)"
    case .nullableColumnForNonOptional(let table, let column, let declaredType, let swiftType):
      "\(table).\(column) (\(declaredType)) allows NULL, but its Swift type \(swiftType) is not optional"
    case .notNullColumnForOptional(let table, let column, let declaredType, let swiftType):
      "\(table).\(column) (\(declaredType)) is NOT NULL, but its Swift type \(swiftType) is optional"
    case .primaryKey(let table, let declared, let swift):
      "the primary key of \(table) is (\(declared.joined(separator: ", "))), but its Swift type's is (\(swift.joined(separator: ", ")))"
    }
  }
}

/// The mismatches ``SchemaInspectingDatabase/verifySchema(of:)`` found, all of them.
public struct SchemaVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Every mismatch, table by table in the order the tables were given.
  public var mismatches: [SchemaMismatch]

  /// Creates an error listing `mismatches`.
  public init(mismatches: [SchemaMismatch]) {
    self.mismatches = mismatches
  }

  public var description: String {
    "the schema differs from the Swift types:\n" + mismatches.map { "- \($0)" }.joined(separator: "\n")
  }
}

extension SchemaInspectingDatabase {
  /// Checks each table against the live schema: that it exists, that it has every column the
  /// type reads, each of a declared type that holds what the property stores and as nullable as
  /// the property, and (for a type with a primary key) the same primary key.
  ///
  /// - Throws: ``SchemaVerificationError`` listing every mismatch.
  public func verifySchema(of tables: any Table.Type...) throws {
    let mismatches = try schemaMismatches(of: tables)
    if !mismatches.isEmpty { throw SchemaVerificationError(mismatches: mismatches) }
  }

  /// Every way the live schema differs from `tables` (see ``verifySchema(of:)``).
  public func schemaMismatches(of tables: [any Table.Type]) throws -> [SchemaMismatch] {
    var mismatches: [SchemaMismatch] = []
    for table in tables {
      mismatches += try schemaMismatches(of: table)
    }
    return mismatches
  }

  private func schemaMismatches<T: Table>(of table: T.Type) throws -> [SchemaMismatch] {
    let name = T.tableName
    guard let declared = try declaredColumns(of: name, schema: T.schemaName) else { return [.missingTable(table: name)] }
    var mismatches: [SchemaMismatch] = []
    let columnsByName = Dictionary(declared.map { (ExactText($0.name), $0) }, uniquingKeysWith: { first, _ in first })
    for (column, stored) in zip(T.TableColumns.columnNames, T.TableColumns.storedColumns) {
      guard let live = columnsByName[ExactText(column)] else {
        mismatches.append(.missingColumn(table: name, column: column, swiftType: stored.swiftType))
        continue
      }
      if let type = stored.type, !declaredType(live.type, canStore: type) {
        mismatches.append(.incompatibleType(table: name, column: column, declaredType: live.type, swiftType: stored.swiftType))
      }
      if live.isNullable, stored.isOptional == false, live.primaryKeyPosition == nil {
        mismatches.append(
          .nullableColumnForNonOptional(table: name, column: column, declaredType: live.type, swiftType: stored.swiftType))
      } else if !live.isNullable, stored.isOptional == true {
        mismatches.append(
          .notNullColumnForOptional(table: name, column: column, declaredType: live.type, swiftType: stored.swiftType))
      }
    }
    if let swiftKey = Self.primaryKeyColumns(of: T.self) {
      let declaredKey = declared.filter { $0.primaryKeyPosition != nil }
        .sorted { $0.primaryKeyPosition! < $1.primaryKeyPosition! }.map(\.name)
      if Set(declaredKey.map(ExactText.init)) != Set(swiftKey.map(ExactText.init)) {
        mismatches.append(.primaryKey(table: name, declared: declaredKey, swift: swiftKey))
      }
    }
    return mismatches
  }

  /// The names of the columns of `table`'s primary key, or `nil` when its type declares none.
  private static func primaryKeyColumns(of table: any Table.Type) -> [String]? {
    guard let keyed = table as? any PrimaryKeyedTable.Type else { return nil }
    return primaryKeyColumnNames(of: keyed)
  }

  private static func primaryKeyColumnNames<T: PrimaryKeyedTable>(of table: T.Type) -> [String] {
    var nodes: [SQLExpression] = []
    switch T.columns.primaryKey.node {
    case .tuple(let columns): nodes = columns
    case let node: nodes = [node]
    }
    return nodes.compactMap { node in
      if case .column(let column) = node { column.name } else { nil }
    }
  }
}
