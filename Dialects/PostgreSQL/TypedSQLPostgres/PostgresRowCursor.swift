import CLibPQ
import TypedSQLCore

/// Steps through the rows of a libpq result for decoding.
public struct PostgresRowCursor: QueryRowCursor {
  @usableFromInline let result: OpaquePointer
  @usableFromInline let rowCount: Int32
  @usableFromInline var row: Int32 = 0
  /// How many columns each row has.
  @usableFromInline let columnCount: Int32
  /// Whether the values are in binary format (libpq asks for one format for a whole result).
  @usableFromInline let isBinary: Bool

  @usableFromInline
  init(result: OpaquePointer) {
    self.result = result
    self.rowCount = PQntuples(result)
    self.columnCount = PQnfields(result)
    self.isBinary = PQbinaryTuples(result) == 1
  }

  @inlinable
  public var expectedRowCount: Int { Int(rowCount) }

  @inlinable
  public mutating func nextRow() -> PostgresRowDecoder? {
    guard row < rowCount else { return nil }
    defer { row += 1 }
    return PostgresRowDecoder(result: result, row: row, columnCount: columnCount, isBinary: isBinary)
  }
}
