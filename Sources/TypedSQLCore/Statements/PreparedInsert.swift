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
///
/// ``execute(contentsOf:)`` loads many rows at once: in one transaction, in statements of many
/// rows each, prepared once and reused.
///
/// ```swift
/// try db.prepareInsert(into: Reminder.self).execute(contentsOf: drafts)
/// ```
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
  /// The statement that inserts a whole batch of rows of one shape, once prepared.
  @usableFromInline @exclusivity(unchecked)
  var batchStatement: (shape: UInt64, rowCount: Int, statement: DB.PreparedStatementHandle)?
  /// The arguments of a batch whose rows the driver could not bind as they encode. Reused.
  @usableFromInline @exclusivity(unchecked)
  var batchArguments: [QueryBinding] = []

  /// The most rows one statement of ``execute(contentsOf:)`` inserts, when the database's limit
  /// on bound values allows as many: enough that a statement's own cost vanishes beside its
  /// rows', few enough that a batch's values stay in the processor's cache.
  public static var maximumBatchRowCount: Int { 256 }

  /// Creates an insert for `database`; statements are prepared as shapes are met.
  public init(database: DB) {
    self.database = database
  }

  /// Inserts `row`: a table row or a draft.
  ///
  /// A row of the last row's shape goes to the driver's fast path, which binds its values as it
  /// encodes them (``Database/executeInsert(_:shape:rows:)``); the first row, a row of another
  /// shape, and every row on a driver without the fast path are encoded into a list of values
  /// and bound from it.
  @inlinable
  public func execute<Row: InsertRow>(_ row: Row) throws where Row.Into == Into {
    try database.withConnection {
      if let lastShape,
        try database.executeInsert(lastShape.statement, shape: lastShape.shape, rows: CollectionOfOne(row))
      {
        return
      }
      encodedRow.removeAll()
      row.encodeColumns(into: &encodedRow)
      try execute(encodedRow)
    }
  }

  /// Inserts every row of `rows`, all or nothing: in one transaction (a savepoint inside a
  /// transaction already open).
  ///
  /// The first row goes alone and sets the shape. On a database with a bulk-load path of its
  /// own (PostgreSQL's `COPY … FROM STDIN`) the rest go through it, a row of another shape alone.
  /// Elsewhere rows go in batches of up to ``maximumBatchRowCount`` (within the database's limit
  /// on bound values) through one statement prepared once, and the rows left over one by one. A
  /// driver with the fast path binds each batch's values as its rows encode them; on another
  /// driver, or for a batch whose rows are not all of one shape, the batch is bound from its
  /// rows' values, or inserted row by row.
  @inlinable
  public func execute<Rows: Collection>(contentsOf rows: Rows) throws
  where Rows.Element: InsertRow, Rows.Element.Into == Into {
    guard let first = rows.first else { return }
    try database.transaction { _ in
      try execute(first)
      var start = rows.index(after: rows.startIndex)
      while start != rows.endIndex, let shape = lastShape?.shape {
        guard let loaded = try database.copyRows(rows[start...], shape: shape) else {
          return try executeInBatches(rows[start...], shape: shape)
        }
        start = rows.index(start, offsetBy: loaded)
        // A row of another shape: alone, and its shape is the next copy's.
        if start != rows.endIndex {
          try execute(rows[start])
          start = rows.index(after: start)
        }
      }
      // A row past the 64th column left to its default has no shape: one by one.
      for row in rows[start...] { try execute(row) }
    }
  }

  /// Inserts `rows`, expected to have `shape`, in full batches and the rows left over one by
  /// one. Called holding the connection.
  @inlinable
  func executeInBatches<Rows: Collection>(_ rows: Rows, shape: UInt64) throws
  where Rows.Element: InsertRow, Rows.Element.Into == Into {
    let columnCount = encodedRow.count
    let argumentsPerRow = columnCount - shape.nonzeroBitCount
    let rowsPerBatch = max(
      1, min(Self.maximumBatchRowCount, database.dialect.maximumBindingCount / max(1, argumentsPerRow)))
    var start = rows.startIndex
    while rows.distance(from: start, to: rows.endIndex) >= rowsPerBatch {
      let end = rows.index(start, offsetBy: rowsPerBatch)
      try executeBatch(rows[start..<end], shape: shape, columnCount: columnCount)
      start = end
    }
    for row in rows[start...] { try execute(row) }
  }

  /// Inserts a full batch of rows expected to have `shape`. Called holding the connection.
  @inlinable
  func executeBatch<Batch: Collection>(_ batch: Batch, shape: UInt64, columnCount: Int) throws
  where Batch.Element: InsertRow, Batch.Element.Into == Into {
    let statement = try self.batchStatement(forShape: shape, rowCount: batch.count, columnCount: columnCount)
    if try database.executeInsert(statement, shape: shape, rows: batch) { return }
    batchArguments.removeAll(keepingCapacity: true)
    let defaults = Self.columns(in: shape)
    for row in batch {
      encodedRow.removeAll()
      row.encodeColumns(into: &encodedRow)
      guard encodedRow.defaultColumns == defaults else {
        // Rows of several shapes: each row with its own statement.
        for row in batch { try execute(row) }
        return
      }
      for column in 0..<encodedRow.count where shape & (1 << UInt64(column)) == 0 {
        batchArguments.append(encodedRow.storage[column])
      }
    }
    try batchArguments.withUnsafeBufferPointer { try database.execute(statement, arguments: $0) }
  }

  /// The columns a shape leaves to their default, in order.
  @inlinable
  static func columns(in shape: UInt64) -> [Int] {
    (0..<UInt64.bitWidth).filter { shape & (1 << UInt64($0)) != 0 }
  }

  /// The statement that inserts `rowCount` rows of `shape`, rendering and preparing it the first
  /// time. Called holding the connection.
  @inlinable
  func batchStatement(forShape shape: UInt64, rowCount: Int, columnCount: Int) throws -> DB.PreparedStatementHandle {
    if let batchStatement, batchStatement.shape == shape, batchStatement.rowCount == rowCount {
      return batchStatement.statement
    }
    let statement = try prepareStatement(forShape: shape, rowCount: rowCount, columnCount: columnCount)
    batchStatement = (shape, rowCount, statement)
    return statement
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
    if let statement = statementsByShape[shape] {
      lastShape = (shape, statement)
      return statement
    }
    let statement = try prepareStatement(forShape: shape, rowCount: 1, columnCount: columnCount)
    statementsByShape[shape] = statement
    lastShape = (shape, statement)
    return statement
  }

  /// Renders and prepares the statement inserting `rowCount` rows of a shape: its arguments are
  /// each row's columns not left to their default, row after row.
  @usableFromInline
  func prepareStatement(forShape shape: UInt64, rowCount: Int, columnCount: Int) throws -> DB.PreparedStatementHandle {
    var argument = 0
    let forms = Into.TableColumns.jsonValueForms
    let rows = (0..<rowCount).map { _ in
      (0..<columnCount).map { column -> InsertValue in
        guard shape & (1 << UInt64(column)) == 0 else { return .default }
        defer { argument += 1 }
        // A column stored as binary JSON is bound as JSON text and converted where it is stored.
        if column < forms.count, forms[column] == .binaryJSON {
          return .expression(.function(.jsonBinary, [.argument(argument)]))
        }
        return .expression(.argument(argument))
      }
    }
    return try database.prepare(Into.insert(rows: rows).render(in: database.dialect))
  }
}

extension Database {
  /// An insert of one row at a time into `table`, prepared once per shape: see
  /// ``PreparedInsert``.
  public func prepareInsert<Into: Table>(into table: Into.Type) -> PreparedInsert<Self, Into> {
    PreparedInsert(database: self)
  }
}
