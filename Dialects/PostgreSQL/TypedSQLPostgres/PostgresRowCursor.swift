import CLibPQ
import TypedSQLCore

/// Steps through the rows of a libpq result for decoding.
public struct PostgresRowCursor: QueryRowCursor {
  @usableFromInline let result: OpaquePointer
  @usableFromInline let rowCount: Int32
  @usableFromInline var row: Int32 = 0
  /// Whether the values are in binary format (libpq asks for one format for a whole result).
  @usableFromInline let isBinary: Bool

  /// Each column's type (its OID), read once for the whole result.
  @usableFromInline let columnTypes: UnsafeBufferPointer<Oid>

  /// A cursor over `result`'s rows whose columns are of `columnTypes`.
  @usableFromInline
  init(result: OpaquePointer, columnTypes: UnsafeBufferPointer<Oid>) {
    self.result = result
    self.rowCount = PQntuples(result)
    self.isBinary = PQbinaryTuples(result) == 1
    self.columnTypes = columnTypes
  }

  /// Runs `body` with a cursor over `result`'s rows. The columns' types are read once, into
  /// storage on the stack that lives as long as `body`, rather than asked of libpq for every
  /// value.
  @inlinable
  static func withCursor<Result>(
    over result: OpaquePointer, _ body: (inout PostgresRowCursor) throws -> Result
  ) rethrows -> Result {
    let columnCount = Int(PQnfields(result))
    return try withUnsafeTemporaryAllocation(of: Oid.self, capacity: columnCount) { types in
      for column in 0..<columnCount { types.initializeElement(at: column, to: PQftype(result, Int32(column))) }
      var cursor = PostgresRowCursor(result: result, columnTypes: UnsafeBufferPointer(types))
      return try body(&cursor)
    }
  }

  @inlinable
  public var expectedRowCount: Int { Int(rowCount) }

  @inlinable
  public mutating func nextRow() -> PostgresRowDecoder? {
    guard row < rowCount else { return nil }
    defer { row += 1 }
    return PostgresRowDecoder(result: result, row: row, columnTypes: columnTypes, isBinary: isBinary)
  }
}
