import Foundation

/// An `INSERT` of one row into `Into`, prepared once per shape and run for row after row: the
/// fast path for bulk loading.
///
/// ```swift
/// let insert = try db.prepareInsert(into: Reminder.self)
/// try db.transaction { _ in
///   for draft in drafts { try insert.execute(draft) }
/// }
/// ```
///
/// A row's shape is which columns it leaves to their database default (a draft's `nil` primary
/// key, a generated column). Each shape is rendered and prepared the first time it is met; rows
/// then only bind their values.
public final class PreparedInsert<DB: Database, Into: Table>: @unchecked Sendable {
  /// The database that prepares and runs the inserts.
  public let database: DB

  /// Prepared statements by shape: bit `i` set when column `i` is left to its default.
  private var statementsByShape: [UInt64: DB.PreparedStatementHandle] = [:]
  private let lock = NSLock()

  /// Creates an insert for `database`; statements are prepared as shapes are met.
  public init(database: DB) {
    self.database = database
  }

  /// Inserts `row`: a table row or a draft.
  @inlinable
  public func execute<Row: InsertRow>(_ row: Row) throws where Row.Into == Into {
    var values = ColumnValues(reservingCapacity: Into.columnCount)
    row.encodeColumns(into: &values)
    try execute(values)
  }

  /// Inserts one row of encoded values.
  @usableFromInline
  func execute(_ values: ColumnValues) throws {
    let columns = values.values
    guard columns.count <= UInt64.bitWidth, let shape = Self.shape(of: columns) else {
      // Too many columns for a shape key, or a value that is not a plain binding: render it.
      return try database.execute(insertStatement(columns).render(in: database.dialect))
    }
    let statement = try self.statement(forShape: shape, columns: columns)
    try withUnsafeTemporaryAllocation(of: QueryBinding.self, capacity: columns.count) { arguments in
      var count = 0
      for case .expression(.binding(let value)) in columns {
        arguments.initializeElement(at: count, to: value)
        count += 1
      }
      defer { arguments.baseAddress?.deinitialize(count: count) }
      try database.execute(statement, arguments: UnsafeBufferPointer(rebasing: arguments[..<count]))
    }
  }

  /// The shape of a row whose values are all bindings or defaults, or nil.
  private static func shape(of columns: [InsertValue]) -> UInt64? {
    var shape: UInt64 = 0
    for (index, value) in columns.enumerated() {
      switch value {
      case .default: shape |= 1 << UInt64(index)
      case .expression(.binding): continue
      case .expression: return nil
      }
    }
    return shape
  }

  /// The prepared statement for a shape, rendering and preparing it the first time.
  private func statement(forShape shape: UInt64, columns: [InsertValue]) throws -> DB.PreparedStatementHandle {
    try lock.withLock {
      if let statement = statementsByShape[shape] { return statement }
      var argument = 0
      let row = columns.map { value -> InsertValue in
        guard case .expression = value else { return .default }
        defer { argument += 1 }
        return .expression(.argument(argument))
      }
      let statement = try database.prepare(insertStatement(row).render(in: database.dialect))
      statementsByShape[shape] = statement
      return statement
    }
  }

  /// `INSERT INTO` the table one row of `values`.
  private func insertStatement(_ values: [InsertValue]) -> Insert<Into, NoRow> {
    Insert(
      insert: InsertStatement(
        table: TableReference(name: Into.tableName), columns: Into.TableColumns.columnNames, rows: [values]))
  }
}

extension Database {
  /// An insert of one row at a time into `table`, prepared once per shape: see
  /// ``PreparedInsert``.
  public func prepareInsert<Into: Table>(into table: Into.Type) -> PreparedInsert<Self, Into> {
    PreparedInsert(database: self)
  }
}
