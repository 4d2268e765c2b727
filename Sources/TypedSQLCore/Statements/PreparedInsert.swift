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
  let lock = RecursiveMutex()

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

  /// Inserts one row of encoded values. A full row's bindings go to the driver as they are; a row
  /// that leaves columns to their default binds the others.
  @inlinable
  func execute(_ values: ColumnValues) throws {
    let defaults = values.defaultColumns
    guard defaults.last.map({ $0 < UInt64.bitWidth }) ?? true else {
      // A column past the 64th left to its default has no bit in a shape: render the row as an
      // ordinary insert.
      return try database.execute(Into.insert(rows: [values.values]).render(in: database.dialect))
    }
    var shape: UInt64 = 0
    for column in defaults { shape |= 1 << UInt64(column) }
    let statement = try self.statement(forShape: shape, columnCount: values.storage.count)
    var arguments = values.storage
    for column in defaults.reversed() { arguments.remove(at: column) }
    try arguments.withUnsafeBufferPointer { try database.execute(statement, arguments: $0) }
  }

  /// The prepared statement for a shape, rendering and preparing it the first time.
  @inlinable
  func statement(forShape shape: UInt64, columnCount: Int) throws -> DB.PreparedStatementHandle {
    if let statement = lock.withLock({ statementsByShape[shape] }) { return statement }
    return try prepareStatement(forShape: shape, columnCount: columnCount)
  }

  /// Renders and prepares the statement for a shape met for the first time.
  @usableFromInline
  func prepareStatement(forShape shape: UInt64, columnCount: Int) throws -> DB.PreparedStatementHandle {
    try lock.withLock {
      if let statement = statementsByShape[shape] { return statement }
      var argument = 0
      let row = (0..<columnCount).map { column -> InsertValue in
        guard shape & (1 << UInt64(column)) == 0 else { return .default }
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
