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

  // The hot path below is inlinable so that it specializes for the database and table in the
  // caller's module: unspecialized, every dictionary and witness call would go through
  // generic metadata.

  /// Prepared statements by shape: bit `i` set when column `i` is left to its default.
  @usableFromInline
  var statementsByShape: [UInt64: DB.PreparedStatementHandle] = [:]
  @usableFromInline
  let lock = NSLock()

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
  @inlinable
  func execute(_ values: ColumnValues) throws {
    let bindings = values.bindings
    guard bindings.count <= UInt64.bitWidth else {
      // Too many columns for a shape key: render the row as an ordinary insert.
      return try database.execute(Into.insert(rows: [values.values]).render(in: database.dialect))
    }
    var shape: UInt64 = 0
    for index in bindings.indices where bindings[index] == nil { shape |= 1 << UInt64(index) }
    let statement = try self.statement(forShape: shape, bindings: bindings)
    try withUnsafeTemporaryAllocation(of: QueryBinding.self, capacity: bindings.count) { arguments in
      var count = 0
      for case let value? in bindings {
        arguments.initializeElement(at: count, to: value)
        count += 1
      }
      defer { arguments.baseAddress?.deinitialize(count: count) }
      try database.execute(statement, arguments: UnsafeBufferPointer(rebasing: arguments[..<count]))
    }
  }

  /// The prepared statement for a shape, rendering and preparing it the first time.
  @inlinable
  func statement(forShape shape: UInt64, bindings: [QueryBinding?]) throws -> DB.PreparedStatementHandle {
    if let statement = lock.withLock({ statementsByShape[shape] }) { return statement }
    return try prepareStatement(forShape: shape, bindings: bindings)
  }

  /// Renders and prepares the statement for a shape met for the first time.
  @usableFromInline
  func prepareStatement(forShape shape: UInt64, bindings: [QueryBinding?]) throws -> DB.PreparedStatementHandle {
    try lock.withLock {
      if let statement = statementsByShape[shape] { return statement }
      var argument = 0
      let row = bindings.map { value -> InsertValue in
        guard value != nil else { return .default }
        defer { argument += 1 }
        return .expression(.argument(argument))
      }
      let statement = try database.prepare(Into.insert(rows: [row]).render(in: database.dialect))
      statementsByShape[shape] = statement
      return statement
    }
  }
}

extension Database {
  /// An insert of one row at a time into `table`, prepared once per shape: see
  /// ``PreparedInsert``.
  public func prepareInsert<Into: Table>(into table: Into.Type) -> PreparedInsert<Self, Into> {
    PreparedInsert(database: self)
  }
}
