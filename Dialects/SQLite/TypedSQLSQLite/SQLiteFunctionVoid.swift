import TypedSQLCore

/// The result of a database function that returns nothing: SQL receives `NULL`, and a query that
/// selects the call reads one `SQLiteFunctionVoid` per row.
///
/// ```swift
/// @DatabaseFunction func log(_ message: String) { print(message) }
/// try Values($log("Hello")).fetchAll(db)   // [SQLiteFunctionVoid()], after printing "Hello"
/// ```
public struct SQLiteFunctionVoid: QueryBindable, Hashable {
  /// The result.
  public init() {}

  /// `NULL`.
  public var queryBinding: QueryBinding { .null }

  /// Reads past the column, whatever it holds.
  public init(decoder: inout some QueryDecoder) throws {
    if !decoder.decodeNil() { decoder.skipColumns(1) }
  }
}
