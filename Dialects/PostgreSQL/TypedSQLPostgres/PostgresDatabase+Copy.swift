import TypedSQLCore

extension PostgresDatabase {
  /// Loads rows with `COPY … FROM STDIN` in PostgreSQL's text format, one statement for all of
  /// them, streamed in chunks of 64 KiB as the rows encode: the bulk-load path of
  /// `PreparedInsert.execute(contentsOf:)`. The copy names the columns the rows give values to;
  /// those left to their default (`shape`) take it. It stops before the first row that leaves
  /// other columns to their default and returns how many rows it loaded.
  ///
  /// Constraints, defaults and triggers apply as for `INSERT`. A value that cannot be sent (text
  /// holding a NUL byte) ends the copy as failed, so none of its rows are loaded.
  public func copyRows<Rows: Collection>(_ rows: Rows, shape: UInt64) throws -> Int? where Rows.Element: InsertRow {
    typealias Into = Rows.Element.Into
    let columns = Into.TableColumns.columnNames.enumerated().compactMap { column, name in
      column < UInt64.bitWidth && shape & (1 << UInt64(column)) != 0 ? nil : Self.quoted(name)
    }
    let table = (Into.schemaName.map { Self.quoted($0) + "." } ?? "") + Self.quoted(Into.tableName)
    let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
    var encoder = PostgresCopyEncoder(shape: shape)
    var loaded = 0
    _ = try observation.run(sql, bindings: [], rowCount: { $0 }) {
      try lock.withLock {
        try connection.copyIn(sql) { send in
          for row in rows {
            encoder.startRow()
            row.encodeColumns(into: &encoder)
            guard encoder.finishRow() else { break }
            loaded += 1
            if encoder.buffer.count >= 1 << 16 {
              try encoder.buffer.withUnsafeBufferPointer(send)
              encoder.removeSentRows()
            }
          }
          if case .failed(let error) = encoder.stop { throw error }
          if !encoder.buffer.isEmpty { try encoder.buffer.withUnsafeBufferPointer(send) }
        }
      }
    }
    return loaded
  }

  /// `"name"`, doubling any `"` inside it.
  static func quoted(_ name: String) -> String {
    "\"" + name.escapingScalars(["\""], with: "\"") + "\""
  }
}
