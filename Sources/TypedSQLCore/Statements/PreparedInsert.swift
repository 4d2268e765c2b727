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
  // generic metadata. The state below is used only while holding the database's connection
  // (`Database.withConnection`), which a transaction around a bulk load already holds.

  /// Prepared statements by shape: bit `i` set when column `i` is left to its default.
  @usableFromInline @exclusivity(unchecked)
  var statementsByShape: [UInt64: DB.PreparedStatementHandle] = [:]
  /// The shape of the last row and its statement: rows of a bulk load share one shape, and this
  /// spares each of them the dictionary lookup.
  @usableFromInline @exclusivity(unchecked)
  var lastShape: (shape: UInt64, statement: DB.PreparedStatementHandle)?
  /// The row being inserted, encoded. Reused for every row so that encoding a row allocates
  /// nothing; it keeps the last row's values until the next row overwrites them.
  @usableFromInline @exclusivity(unchecked)
  var encodedRow = ColumnValues()

  /// Creates an insert for `database`; statements are prepared as shapes are met.
  public init(database: DB) {
    self.database = database
  }

  /// Inserts `row`: a table row or a draft.
  ///
  /// A row of the last row's shape goes to the driver's fast path, which binds its values as it
  /// encodes them (``Database/executeInsert(_:shape:row:)``); the first row, a row of another
  /// shape, and every row on a driver without the fast path are encoded into a list of values
  /// and bound from it.
  @inlinable
  public func execute<Row: InsertRow>(_ row: Row) throws where Row.Into == Into {
    try database.withConnection {
      if let lastShape, try database.executeInsert(lastShape.statement, shape: lastShape.shape, row: row) {
        return
      }
      encodedRow.removeAll()
      row.encodeColumns(into: &encodedRow)
      try execute(encodedRow)
    }
  }

  /// Inserts one row of encoded values. A full row's bindings go to the driver as they are; a row
  /// that leaves columns to their default binds the others.
  @inlinable
  func execute(_ values: ColumnValues) throws {
    let defaults = values.defaultColumns
    if defaults.isEmpty {
      let statement = try self.statement(forShape: 0, columnCount: values.count)
      return try values.withBindings { try database.execute(statement, arguments: $0) }
    }
    guard defaults.last! < UInt64.bitWidth else {
      // A column past the 64th left to its default has no bit in a shape: render the row as an
      // ordinary insert.
      return try database.execute(Into.insert(rows: [values.values]).render(in: database.dialect))
    }
    var shape: UInt64 = 0
    for column in defaults { shape |= 1 << UInt64(column) }
    let statement = try self.statement(forShape: shape, columnCount: values.count)
    var arguments = Array(values.storage[..<values.count])
    for column in defaults.reversed() { arguments.remove(at: column) }
    try arguments.withUnsafeBufferPointer { try database.execute(statement, arguments: $0) }
  }

  /// The prepared statement for a shape, rendering and preparing it the first time. Called
  /// holding the connection.
  @inlinable @inline(__always)
  func statement(forShape shape: UInt64, columnCount: Int) throws -> DB.PreparedStatementHandle {
    if let lastShape, lastShape.shape == shape { return lastShape.statement }
    let statement = try statementsByShape[shape] ?? prepareStatement(forShape: shape, columnCount: columnCount)
    lastShape = (shape, statement)
    return statement
  }

  /// Renders and prepares the statement for a shape met for the first time.
  @usableFromInline
  func prepareStatement(forShape shape: UInt64, columnCount: Int) throws -> DB.PreparedStatementHandle {
    var argument = 0
    let forms = Into.TableColumns.jsonValueForms
    let row = (0..<columnCount).map { column -> InsertValue in
      guard shape & (1 << UInt64(column)) == 0 else { return .default }
      defer { argument += 1 }
      // A column stored as binary JSON is bound as JSON text and converted where it is stored.
      if column < forms.count, forms[column] == .binaryJSON {
        return .expression(.function(.jsonBinary, [.argument(argument)]))
      }
      return .expression(.argument(argument))
    }
    let statement = try database.prepare(Into.insert(rows: [row]).render(in: database.dialect))
    statementsByShape[shape] = statement
    return statement
  }
}

extension Database {
  /// An insert of one row at a time into `table`, prepared once per shape: see
  /// ``PreparedInsert``.
  public func prepareInsert<Into: Table>(into table: Into.Type) -> PreparedInsert<Self, Into> {
    PreparedInsert(database: self)
  }
}
